/**
 * The internal codes no screen may show (issue 24 §6), collected from the domain itself: every string
 * (or `key` of an object) in every array exported by a module under src/domain that looks like a code
 * — SCREAMING_CASE ("SUBMITTED_WITHOUT_RECEIPT", "FLATSEARCH") or PascalCase of two words or more
 * ("VendorBooking", "CashLumpSumBill"). A new enum joins the walk without editing this file. The
 * modules are read by Bun (./collect-codes.ts), as the server reads them.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Codes that are also words written in capitals on purpose. A code added here must say why it may
 * show as it is.
 */
const SHOWN_AS_IS: ReadonlySet<string> = new Set([
  // "COLA" is the cost-of-living allowance's own acronym in the policy catalogue's display names.
  "COLA",
]);

let collected: Map<string, string> | undefined;

/** The codes, by code, with where each was found ("expenses/rules.ts EXPENSE_STATUSES"); read once per worker. */
export function domainCodes(): Map<string, string> {
  if (!collected) {
    const bun = join(HERE, "..", "..", "node_modules", ".bin", "bun");
    const json = execFileSync(bun, [join(HERE, "collect-codes.ts")], { cwd: join(HERE, "..", ".."), encoding: "utf8", timeout: 120_000 });
    collected = new Map(Object.entries(JSON.parse(json) as Record<string, string>).filter(([code]) => !SHOWN_AS_IS.has(code)));
  }
  return collected;
}
