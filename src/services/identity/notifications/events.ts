/**
 * The decisions that tell someone (issue 24 §3), one function each, called by the decision's own
 * service INSIDE its transaction (src/services/identity/notifications/notify.ts `notify`). Each finds who is
 * told and the texts' variables from the rows the decision just wrote.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../../db/index.ts";
import type { Database } from "../../../db/schema.ts";
import { formatMoney, type Money } from "../../../domain/money/money.ts";
import { groupUsersWithRole, notify, staffWithRole } from "./notify.ts";

type Trx = Transaction<Database> | DB;

const nameOf = (u: { first_name: string; last_name: string } | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() : "");

async function personName(trx: Trx, userId: number | null): Promise<string> {
  if (userId === null) return "";
  return nameOf(await trx.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", userId).executeTakeFirst());
}

async function groupNameOf(trx: Trx, groupId: number): Promise<string> {
  const g = await trx.selectFrom("groups").select("name").where("id", "=", groupId).executeTakeFirst();
  return g?.name ?? "";
}

/** How an expense is named in a notification: its description, else its date. */
async function expenseLabel(trx: Trx, expenseId: number): Promise<{ description: string; employeeUserId: number; groupId: number } | null> {
  const e = await trx.selectFrom("expenses").select(["description", "expense_date", "employee_user_id", "group_id"]).where("id", "=", expenseId).executeTakeFirst();
  if (!e) return null;
  return { description: e.description.trim() || `of ${e.expense_date}`, employeeUserId: e.employee_user_id, groupId: e.group_id };
}

export type ApprovalDecision = "APPROVED" | "REJECTED" | "CHANGE_REQUESTED";
const APPROVAL_KIND = { APPROVED: "EXPENSE_APPROVED", REJECTED: "EXPENSE_REJECTED", CHANGE_REQUESTED: "EXPENSE_CHANGE_REQUESTED" } as const;

/**
 * Bill Approval decided an employee's item (approve, reject with the reason, send back for a change):
 * the employee is told. `version` is the item's version after the decision (one notification per decision).
 */
export async function notifyApprovalDecision(
  trx: Trx,
  item: { kind: string; id: number; groupId: number; employeeUserId: number | null; description: string; gross: number; currency: string; version: number },
  decision: ApprovalDecision,
  reason: string | null,
  at: string,
): Promise<void> {
  if (item.employeeUserId === null) return;
  const expense = item.kind === "expense" ? await expenseLabel(trx, item.id) : null;
  await notify(trx, {
    kind: APPROVAL_KIND[decision],
    target: item.kind === "expense" ? { type: "expense", id: item.id } : { type: "employeeHome", id: item.id },
    recipients: [item.employeeUserId],
    vars: {
      description: expense?.description ?? (item.description.trim() || "—"),
      amount: formatMoney({ amount: item.gross, currency: item.currency }),
      reason: reason?.trim() || "—",
    },
    groupId: item.groupId,
    dedupeKey: `approval:${item.kind}:${item.id}:v${item.version}:${decision}`,
    at,
  });
}

/**
 * A bill was paid (Paid or Paid pending audit: the lowest write that pays a bill, so every way of paying
 * tells): when the bill is an employee's expense, the employee is told the amount they receive (in
 * their currency when it differs) and the payment date.
 */
export async function notifyBillPaid(
  trx: Trx,
  billId: number,
  payment: { id: number; amount: Money; recipient: Money | null; paymentDate: string },
  at: string,
): Promise<void> {
  const bill = await trx.selectFrom("bills").select(["id", "source_kind", "source_id"]).where("id", "=", billId).executeTakeFirst();
  if (!bill || bill.source_kind !== "expense") return;
  const expense = await expenseLabel(trx, bill.source_id);
  if (!expense) return;
  await notify(trx, {
    kind: "EXPENSE_PAID",
    target: { type: "expense", id: bill.source_id },
    recipients: [expense.employeeUserId],
    vars: { description: expense.description, amount: formatMoney(payment.recipient ?? payment.amount), paidOn: payment.paymentDate },
    groupId: expense.groupId,
    dedupeKey: `bill-paid:${bill.id}:${payment.id}`,
    at,
  });
}

/** A cost estimate was approved or rejected by its approver: the HR user who sent it is told. */
export async function notifyEstimateDecision(
  trx: Trx,
  e: { estimateId: number; groupId: number; employeeUserId: number; sentBy: number | null; approver: string },
  decision: "APPROVED" | "REJECTED",
  reason: string | null,
  at: string,
  mailedByDecision = false,
): Promise<void> {
  const recipients = e.sentBy !== null ? [e.sentBy] : await groupUsersWithRole(trx, e.groupId, ["HR"]);
  await notify(trx, {
    kind: decision === "APPROVED" ? "ESTIMATE_APPROVED" : "ESTIMATE_REJECTED",
    target: { type: "estimate", id: e.estimateId, group: await groupNameOf(trx, e.groupId), employeeId: e.employeeUserId },
    recipients,
    vars: { employee: await personName(trx, e.employeeUserId), approver: e.approver || "—", reason: reason?.trim() || "—" },
    groupId: e.groupId,
    dedupeKey: `estimate:${e.estimateId}:${decision}`,
    mailedByDecision,
    at,
  });
}

/**
 * An employee requested (or changed) a welcome call: the move's consultant, the group's HR and the CRM
 * agents are told. `when` is the requested slot as the employee chose it (date, time and zone).
 */
export async function notifyWelcomeCallRequested(
  trx: Trx,
  r: { requestId: number; moveId: number; groupId: number; employeeUserId: number; consultantUserId: number | null; when: string; interests: string[] },
  at: string,
): Promise<void> {
  const recipients = [...(r.consultantUserId !== null ? [r.consultantUserId] : []), ...(await groupUsersWithRole(trx, r.groupId, ["HR"])), ...(await staffWithRole(trx, ["CRM"]))];
  await notify(trx, {
    kind: "WELCOME_CALL_REQUESTED",
    target: { type: "welcomeCall", id: r.requestId, moveId: r.moveId, group: await groupNameOf(trx, r.groupId), employeeId: r.employeeUserId },
    recipients: recipients.filter((id) => id !== r.employeeUserId),
    vars: { employee: await personName(trx, r.employeeUserId), when: r.when, interests: r.interests.join(", ") || "—" },
    groupId: r.groupId,
    dedupeKey: `welcome-call:${r.requestId}:requested:${at}`,
    at,
  });
}

/** The CRM booked the requested welcome call: the employee is told. */
export async function notifyWelcomeCallBooked(trx: Trx, r: { requestId: number; groupId: number; employeeUserId: number; moveId: number; when: string }, at: string): Promise<void> {
  await notify(trx, {
    kind: "WELCOME_CALL_BOOKED",
    target: { type: "welcomeCall", id: r.requestId, moveId: r.moveId, group: await groupNameOf(trx, r.groupId), employeeId: r.employeeUserId },
    recipients: [r.employeeUserId],
    vars: { when: r.when },
    groupId: r.groupId,
    dedupeKey: `welcome-call:${r.requestId}:booked`,
    at,
  });
}

/** An incident was raised or escalated on a move: the group's HR are told (not the one who acted). */
export async function notifyIncident(
  trx: Trx,
  i: { incidentId: number; groupId: number; moveId: number | null; employeeUserId: number | null; title: string; actorUserId: number },
  what: "RAISED" | "ESCALATED",
  at: string,
): Promise<void> {
  const hr = (await groupUsersWithRole(trx, i.groupId, ["HR"])).filter((id) => id !== i.actorUserId);
  const group = await groupNameOf(trx, i.groupId);
  await notify(trx, {
    kind: what === "RAISED" ? "INCIDENT_RAISED" : "INCIDENT_ESCALATED",
    target: i.moveId !== null && i.employeeUserId !== null ? { type: "move", id: i.moveId, group, employeeId: i.employeeUserId } : { type: "employeeHome", id: i.incidentId },
    recipients: hr,
    vars: { employee: await personName(trx, i.employeeUserId), title: i.title },
    groupId: i.groupId,
    dedupeKey: `incident:${i.incidentId}:${what}`,
    at,
  });
}

/** An assignment was extended or ended: the employee is told the new end date. */
export async function notifyAssignment(trx: Trx, a: { moveId: number; groupId: number; employeeUserId: number; endDate: string }, what: "EXTENDED" | "ENDED", at: string): Promise<void> {
  await notify(trx, {
    kind: what === "EXTENDED" ? "ASSIGNMENT_EXTENDED" : "ASSIGNMENT_ENDED",
    target: { type: "employeeHome", id: a.moveId },
    recipients: [a.employeeUserId],
    vars: { endDate: a.endDate },
    groupId: a.groupId,
    dedupeKey: `assignment:${a.moveId}:${what}:${at}`,
    at,
  });
}

/** A bulk import job finished: the one who uploaded it is told the counts. */
export async function notifyBulkImportFinished(trx: Trx, j: { jobId: string; groupId: number; uploadedBy: number; fileName: string; created: number; failed: number }, at: string): Promise<void> {
  await notify(trx, {
    kind: "BULK_IMPORT_FINISHED",
    // Jobs are named by a UUID: the row's entity id is 0 and the job is in the dedupe key.
    target: { type: "bulkJob", id: 0, group: await groupNameOf(trx, j.groupId) },
    recipients: [j.uploadedBy],
    vars: { fileName: j.fileName, created: j.created, failed: j.failed },
    groupId: j.groupId,
    dedupeKey: `bulk-job:${j.jobId}:finished`,
    at,
  });
}
