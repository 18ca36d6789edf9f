/**
 * Likely duplicate claims on Bill Approval (issue 24 §1). Pure: the approval service feeds it the
 * pending expenses of a page and, from one query, every other expense that could match them
 * (src/db/queries/finance/approval.ts `duplicateCandidates`); it answers, per pending expense, the
 * other expense it most likely duplicates.
 *
 * Two expenses are likely duplicates when
 * - "details": the same employee, the same amount (currency and minor units), the same expense date
 *   and the same category (for OTHER, the same written category, ignoring case and outer spaces); or
 * - "receipt": their receipt files have the same SHA-256 (the same bytes, whoever filed them).
 * A rejected expense duplicates nothing (it was never paid). The expense named is the earliest other
 * match (lowest id): for the later of two claims that is the one filed first; for the first, the later
 * one, so both rows of a pair carry the flag and each names the other. A receipt match wins over a
 * details match with the same expense (it is the stronger signal).
 */

export type DuplicateCandidate = {
  id: number;
  employeeUserId: number;
  currency: string;
  /** Minor units of `currency`. */
  gross: number;
  /** YYYY-MM-DD */
  expenseDate: string;
  category: string;
  categoryOther: string | null;
  status: string;
  /** SHA-256 (hex) of the receipt file, null without a receipt. */
  receiptHash: string | null;
  description: string;
};

export type DuplicateReason = "details" | "receipt";

export type DuplicateMatch = { id: number; reason: DuplicateReason; description: string; expenseDate: string; status: string };

const REJECTED = "REJECTED";

/** The category two expenses must share (OTHER compares the written category). */
export function categoryKey(c: Pick<DuplicateCandidate, "category" | "categoryOther">): string {
  return c.category === "OTHER" ? `OTHER:${(c.categoryOther ?? "").trim().toLowerCase()}` : c.category;
}

function detailsKey(c: DuplicateCandidate): string {
  return [c.employeeUserId, c.currency, c.gross, c.expenseDate, categoryKey(c)].join("|");
}

/**
 * For each of `pending` (by id), the expense among `pending` and `others` it likely duplicates, if any.
 * An expense never matches itself; `others` may repeat `pending` rows (they are counted once).
 */
export function findDuplicates(pending: readonly DuplicateCandidate[], others: readonly DuplicateCandidate[]): Map<number, DuplicateMatch> {
  const all = new Map<number, DuplicateCandidate>();
  for (const c of [...pending, ...others]) if (c.status !== REJECTED) all.set(c.id, c);
  const byDetails = new Map<string, DuplicateCandidate[]>();
  const byHash = new Map<string, DuplicateCandidate[]>();
  for (const c of [...all.values()].sort((a, b) => a.id - b.id)) {
    const d = detailsKey(c);
    byDetails.set(d, [...(byDetails.get(d) ?? []), c]);
    if (c.receiptHash) byHash.set(c.receiptHash, [...(byHash.get(c.receiptHash) ?? []), c]);
  }
  const out = new Map<number, DuplicateMatch>();
  for (const p of pending) {
    if (p.status === REJECTED) continue;
    const receipt = p.receiptHash ? (byHash.get(p.receiptHash) ?? []).find((c) => c.id !== p.id) : undefined;
    const details = (byDetails.get(detailsKey(p)) ?? []).find((c) => c.id !== p.id);
    const pick: [DuplicateCandidate, DuplicateReason] | null =
      receipt && (!details || receipt.id <= details.id) ? [receipt, "receipt"] : details ? [details, "details"] : receipt ? [receipt, "receipt"] : null;
    if (!pick) continue;
    const [c, reason] = pick;
    out.set(p.id, { id: c.id, reason, description: c.description, expenseDate: c.expenseDate, status: c.status });
  }
  return out;
}
