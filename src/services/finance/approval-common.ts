/**
 * What the Bill Approval modules share (approval.ts, approval-list.ts, approval-drafts.ts): the audit
 * entity of each item kind, the item read that refuses a missing one, and the first of a rule's field
 * errors as the error thrown.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import type { ApprovalKind } from "../../domain/finance/approval.ts";
import { approvalMessages as AM } from "../../domain/finance/schemas-approval.ts";
import { readApprovalItem, type ApprovalItemRow } from "./approval-bills.ts";

/** The audit entity of each item kind. */
export const ENTITY: Record<ApprovalKind, "expense" | "finance_item"> = { expense: "expense", bookingCost: "finance_item", lumpSum: "finance_item", adhocCashSpend: "finance_item" };

/** The item, or NOT_FOUND. */
export async function requireItem(db: DB | Transaction<Database>, kind: ApprovalKind, id: number): Promise<ApprovalItemRow> {
  const item = await readApprovalItem(db, kind, id);
  if (!item) throw new AppError("NOT_FOUND", AM.itemNotFound);
  return item;
}

/** The first of a rule's field errors as the VALIDATION error thrown (all of them as its fields); none: null. */
export function firstError(errors: Partial<Record<string, string>>): AppError | null {
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string");
  if (entries.length === 0) return null;
  return new AppError("VALIDATION", entries[0]![1], Object.fromEntries(entries));
}
