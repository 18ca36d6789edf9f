/**
 * HR's Money panel (issue 24 §1, §4): the expenses, bookings (a booked quote's vendor booking), lump
 * sums and cash allowances of one move, each with the state `deriveLifecycle` gives it (the same the
 * employee and finance see), and the move's bills with their own state. HR and admins of the move's
 * group; a manager of the group only on a move their restrictions let them see (the shared
 * restriction helper, in the query). Read only.
 */
import type { DB } from "../../../db/index.ts";
import { restrictionScopeOf, restrictMoves } from "../../../db/queries/restrictions.ts";
import { AppError } from "../../../domain/errors.ts";
import { billStateOf } from "../../../domain/employee/expenses/lifecycle.ts";
import { MONEY_BILL_TYPE_LABELS, MONEY_ITEM_KIND_LABELS, MONEY_PANEL_LIMIT, type TMoveMoneyResponse } from "../../../domain/employee/expenses/money-schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { toMajorString } from "../../../domain/money/money.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { expenseSource, lifecycleKey, loadLifecycles, type LifecycleSource } from "./lifecycle.ts";

type Group = { id: number; name: string };

const MOVE_NOT_FOUND = "This move does not exist.";
const CATEGORY_LABELS: Record<string, string> = {
  TRAVEL: "Travel",
  ACCOMMODATION: "Accommodation",
  MEALS: "Meals",
  TRANSPORT: "Local transport",
  FEES: "Fees",
  SHIPPING: "Shipping",
  OTHER: "Other",
};
const major = (amount: number, currency: string) => toMajorString({ amount: Number(amount), currency });

/** expenses.moneyForMove */
export async function moveMoney(db: DB, user: SessionUser, group: Group, moveId: number): Promise<TMoveMoneyResponse> {
  if (user.role !== "HR" && user.role !== "ADMIN" && user.role !== "MANAGER") throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  const scope = await restrictionScopeOf(db, user);
  const move = await restrictMoves(db.selectFrom("moves as m").select(["m.id"]).where("m.id", "=", moveId).where("m.group_id", "=", group.id), scope, "m").executeTakeFirst();
  if (!move) throw new AppError("NOT_FOUND", MOVE_NOT_FOUND, { moveId: MOVE_NOT_FOUND });

  const [expenses, items, bills] = await Promise.all([
    db
      .selectFrom("expenses")
      .select(["id", "status", "created_at", "rejection_reason", "hold_reason", "category", "category_other", "description", "expense_date", "currency", "gross_amount"])
      .where("move_id", "=", move.id)
      .where("group_id", "=", group.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(MONEY_PANEL_LIMIT)
      .execute(),
    db
      .selectFrom("finance_items as i")
      .leftJoin("finance_rejection_reasons as r", "r.id", "i.rejection_id")
      .select(["i.id", "i.kind", "i.status", "i.created_at", "i.decided_at", "i.rejection_reason", "r.label as rejection_label", "i.change_reason", "i.hold_reason", "i.vendor_name", "i.description", "i.invoice_date", "i.currency", "i.gross_amount"])
      .where("i.move_id", "=", move.id)
      .where("i.group_id", "=", group.id)
      .where("i.kind", "in", ["bookingCost", "lumpSum", "adhocCashSpend"])
      .orderBy("i.created_at", "desc")
      .orderBy("i.id", "desc")
      .limit(MONEY_PANEL_LIMIT)
      .execute(),
    db
      .selectFrom("bills")
      .select(["id", "reference", "bill_type", "currency", "gross_amount", "due_date", "status", "audited", "source_kind", "source_id", "created_at"])
      .where("move_id", "=", move.id)
      .where("group_id", "=", group.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(MONEY_PANEL_LIMIT)
      .execute(),
  ]);

  const financeSources: LifecycleSource[] = items.map((i) => ({
    kind: i.kind as LifecycleSource["kind"],
    id: i.id,
    status: i.status,
    submittedAt: i.created_at,
    decidedAt: i.decided_at,
    // A finance item keeps the chosen reason apart from the notes: the reason, then the notes.
    rejectionReason: [i.rejection_label, i.rejection_reason?.trim() || null].filter(Boolean).join(": ") || null,
    changeReason: i.change_reason,
    holdReason: i.hold_reason,
  }));
  const sources = [...expenses.map(expenseSource), ...financeSources];
  const billIds = bills.map((b) => b.id);
  const [lifecycles, paid] = await Promise.all([
    loadLifecycles(db, sources),
    billIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("payments")
          .select(["bill_id", (eb) => eb.fn.max("payment_date").as("date")])
          .where("bill_id", "in", billIds)
          .where("status", "!=", "RETURNED")
          .groupBy("bill_id")
          .execute(),
  ]);
  const paidDates = new Map(paid.filter((r) => r.bill_id !== null && r.date).map((r) => [r.bill_id!, String(r.date)]));

  const all = [
    ...expenses.map((e) => ({
      kind: "expense" as const,
      id: e.id,
      title: e.description || (e.category === "OTHER" && e.category_other ? e.category_other : (CATEGORY_LABELS[e.category] ?? "Expense")),
      date: e.expense_date,
      currency: e.currency,
      gross: major(e.gross_amount, e.currency),
      createdAt: e.created_at,
    })),
    ...items.map((i) => ({
      kind: i.kind as "bookingCost" | "lumpSum" | "adhocCashSpend",
      id: i.id,
      title: i.description || i.vendor_name || MONEY_ITEM_KIND_LABELS[i.kind as "lumpSum"],
      date: i.invoice_date ?? i.created_at.slice(0, 10),
      currency: i.currency,
      gross: major(i.gross_amount, i.currency),
      createdAt: i.created_at,
    })),
  ].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));

  return {
    items: all.map(({ createdAt: _createdAt, ...i }) => ({ ...i, kindLabel: MONEY_ITEM_KIND_LABELS[i.kind], lifecycle: lifecycles.get(lifecycleKey(i.kind, i.id))! })),
    bills: bills.map((b) => {
      const state = billStateOf({ status: b.status, audited: Number(b.audited) === 1 });
      return {
        id: b.id,
        reference: b.reference,
        typeLabel: MONEY_BILL_TYPE_LABELS[b.bill_type] ?? "Bill",
        currency: b.currency,
        gross: major(b.gross_amount, b.currency),
        dueDate: b.due_date,
        stage: state.stage,
        label: state.label,
        paidDate: state.stage === "paid" || state.stage === "audited" ? (paidDates.get(b.id) ?? null) : null,
      };
    }),
  };
}
