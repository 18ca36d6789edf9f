/**
 * Bill Approval's drafts and bill-detail panel (issue 16; issue 23 item 15; part 2 §7 billapproval/…):
 * the lines, amounts, accounts, bill file and service category a user edits before approving
 * (finance_approval_drafts, applied by approve in approval.ts), and the panel's read. Each draft write
 * refuses a decided or held item and goes through financeWrite with the caller's idempotency key.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { checkBillAmounts, checkBillLines } from "../../domain/finance/amounts.ts";
import { blockedText, type ApprovalKind } from "../../domain/finance/approval.ts";
import { fill, financeMessages as FM } from "../../domain/finance/messages.ts";
import {
  approvalMessages as AM,
  type TBillableChanges,
  type TBillDetail,
  type TBillLineDto,
  type TDefaultFromAccountResponse,
} from "../../domain/finance/schemas-approval.ts";
import { toMajorString } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import { clientAccount, defaultSpendCategory, isPending, type ApprovalItemRow } from "./approval-bills.ts";
import { ENTITY, firstError, requireItem } from "./approval-common.ts";
import { auditFinance, financeWrite, requireFinance, type FinanceActor } from "./core.ts";
import { FINANCE_DOCUMENT_CATEGORY } from "../employee/files/files.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });

// ── drafts ────────────────────────────────────────────────────────────────────────────────────

type Draft = { lines: TBillLineDto[] | null; billable: Partial<TBillableChanges> | null; serviceCategory: string | null };

/** The item's saved draft (nothing saved: all null). */
export async function draftOf(trx: Transaction<Database> | DB, kind: ApprovalKind, id: number): Promise<Draft> {
  const row = await trx.selectFrom("finance_approval_drafts").selectAll().where("item_kind", "=", kind).where("item_id", "=", id).executeTakeFirst();
  if (!row) return { lines: null, billable: null, serviceCategory: null };
  return { lines: row.lines ? (JSON.parse(row.lines) as TBillLineDto[]) : null, billable: row.billable ? (JSON.parse(row.billable) as TBillableChanges) : null, serviceCategory: row.service_category };
}

async function upsertDraft(trx: Transaction<Database>, actor: FinanceActor, item: ApprovalItemRow, patch: { lines?: string | null; billable?: string | null; service_category?: string | null }, at: string): Promise<void> {
  const existing = await trx.selectFrom("finance_approval_drafts").select(["id", "version"]).where("item_kind", "=", item.kind).where("item_id", "=", item.id).executeTakeFirst();
  if (existing) {
    const r = await trx.updateTable("finance_approval_drafts").set({ ...patch, version: existing.version + 1, updated_by: actor.user.id, updated_at: at }).where("id", "=", existing.id).where("version", "=", existing.version).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError("CONFLICT", AM.changed);
    return;
  }
  const inserted = await trx
    .insertInto("finance_approval_drafts")
    .values({ item_kind: item.kind, item_id: item.id, group_id: item.groupId, lines: patch.lines ?? null, billable: patch.billable ?? null, service_category: patch.service_category ?? null, updated_by: actor.user.id, updated_at: at })
    .onConflict((oc) => oc.columns(["item_kind", "item_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new AppError("CONFLICT", AM.changed);
}

async function draftWrite<R>(db: DB, actor: FinanceActor, scope: string, kind: ApprovalKind, id: number, payload: unknown, key: string | null | undefined, fn: (trx: Transaction<Database>, item: ApprovalItemRow, at: string) => Promise<R>, now: Date): Promise<R> {
  requireFinance(actor.user);
  await requireItem(db, kind, id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope, key, payload }, async (trx) => {
    const item = await requireItem(trx, kind, id);
    if (!isPending(item)) throw new AppError("CONFLICT", FM.approvalItemDone);
    if (item.holdReason !== null) throw new AppError("CONFLICT", blockedText(kind, "change", "onHold"));
    return fn(trx, item, at);
  });
}

/** POST billapproval/updateServiceCategory: the service category the bill will carry (kept in the item's draft). */
export async function updateServiceCategory(db: DB, actor: FinanceActor, input: { billId: number; billType: ApprovalKind; serviceCategory: string }, key?: string | null, now = new Date()): Promise<TDefaultFromAccountResponse> {
  return draftWrite(db, actor, "billapproval/updateServiceCategory", input.billType, input.billId, input, key, async (trx, item, at) => {
    await upsertDraft(trx, actor, item, { service_category: input.serviceCategory || null }, at);
    const from = await clientAccount(trx, actor.user.id, item.groupId, item.currency, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.serviceCategory", groupId: item.groupId, newValues: { kind: item.kind, serviceCategory: input.serviceCategory }, at });
    return { success: true as const, defaultFromAccount: from };
  }, now);
}

/**
 * POST updateBillableChanges: the bill's amounts, reference, invoice date, cost centres, from/to accounts
 * and bill file as edited before approval (amounts checked as a bill's; accounts in the item's currency;
 * the file one filed for this item's group by uploadBillFile).
 */
export async function saveBillableChanges(db: DB, actor: FinanceActor, input: TBillableChanges, key?: string | null, now = new Date()): Promise<{ success: true }> {
  return draftWrite(db, actor, "billapproval/updateBillableChanges", input.type, input.id, input, key, async (trx, item, at) => {
    if (input.gross !== undefined && input.gross !== null) {
      const errors = checkBillAmounts({ currency: item.currency, gross: input.gross, net: input.net, tax: input.tax, reference: input.reference || "-" });
      const invalid = firstError(errors);
      if (invalid) throw invalid;
    }
    for (const field of ["accountFrom", "accountTo"] as const) {
      const accountId = input[field];
      if (accountId === undefined || accountId === null) continue;
      const account = await trx.selectFrom("finance_accounts").select("currency").where("id", "=", accountId).executeTakeFirst();
      if (!account) throw new AppError("VALIDATION", AM.accountNotFound, { [field]: AM.accountNotFound });
      if (account.currency !== item.currency) {
        const text = fill(AM.accountCurrency, { currency: item.currency });
        throw new AppError("VALIDATION", text, { [field]: text });
      }
    }
    if (input.fileId !== undefined && input.fileId !== null && !(await billFileOf(trx, item, input.fileId))) {
      throw new AppError("VALIDATION", AM.billFileNotFound, { fileId: AM.billFileNotFound });
    }
    // Each save replaces what was saved (the panel sends the whole record).
    const billable = {
      gross: input.gross ?? null,
      net: input.net ?? null,
      tax: input.tax ?? null,
      reference: input.reference ?? null,
      invoiceDate: input.invoiceDate ?? null,
      costCenter: input.costCenter?.trim() || null,
      costCenter2: input.costCenter2?.trim() || null,
      accountFrom: input.accountFrom ?? null,
      accountTo: input.accountTo ?? null,
      fileId: input.fileId ?? null,
    };
    await upsertDraft(trx, actor, item, { billable: JSON.stringify(billable) }, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftAmounts", groupId: item.groupId, newValues: { kind: item.kind, ...billable }, at });
    return { success: true as const };
  }, now);
}

/** POST updateBillLineCache: the bill lines as edited before approval (each line checked by §5's line rules). */
export async function saveBillLineCache(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind; billLinesDTOs: TBillLineDto[] }, key?: string | null, now = new Date()): Promise<{ success: true }> {
  return draftWrite(db, actor, "billapproval/updateBillLineCache", input.type, input.id, input, key, async (trx, item, at) => {
    // Each line as §5 says (spend category, net and tax both or neither, net + tax = gross within 0.005, notes ≤ 250).
    const errors = checkBillLines(item.currency, input.billLinesDTOs.map((l) => ({ gross: l.gross, net: l.net, tax: l.tax, notes: l.notes, spendCategoryId: l.spendCategoryId ?? null })));
    const invalid = firstError(errors);
    if (invalid) throw invalid;
    await upsertDraft(trx, actor, item, { lines: JSON.stringify(input.billLinesDTOs) }, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftLines", groupId: item.groupId, newValues: { kind: item.kind, lines: input.billLinesDTOs.length }, at });
    return { success: true as const };
  }, now);
}

/** DELETE clearBillLinesCache/{id}/{type}: forgets the item's draft (nothing to forget is fine). */
export async function clearBillLinesCache(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind }, key?: string | null, now = new Date()): Promise<{ success: true }> {
  requireFinance(actor.user);
  const item = await requireItem(db, input.type, input.id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/clearBillLinesCache", key, payload: input }, async (trx) => {
    const deleted = await trx.deleteFrom("finance_approval_drafts").where("item_kind", "=", input.type).where("item_id", "=", input.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) {
      await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftCleared", groupId: item.groupId, newValues: { kind: item.kind }, at });
    }
    return { success: true as const };
  });
}

// ── the bill-detail panel (issue 23 item 15) ─────────────────────────────────────────────────

/** The reference a bill gets when none was given: EXP-, BKG-, LS- or CASH- and the item's id. */
export function defaultReferenceOf(kind: ApprovalKind, id: number): string {
  return `${kind === "expense" ? "EXP" : kind === "bookingCost" ? "BKG" : kind === "lumpSum" ? "LS" : "CASH"}-${id}`;
}

/**
 * The bill file `fileId` names, if it is one uploadBillFile filed for this item's group (a finance
 * document: no employee, no temporary upload, the receipts-and-invoices category, filed by FINANCE or
 * ADMIN); an employee's own file can never become a bill's.
 */
export async function billFileOf(db: DB | Transaction<Database>, item: Pick<ApprovalItemRow, "groupId">, fileId: number) {
  return db
    .selectFrom("employee_files")
    .select(["id", "original_name", "size_bytes"])
    .where("id", "=", fileId)
    .where("group_id", "=", item.groupId)
    .where("employee_user_id", "is", null)
    .where("temp_uuid", "is", null)
    .where("category_id", "=", FINANCE_DOCUMENT_CATEGORY)
    .where("uploaded_by_role", "in", ["FINANCE", "ADMIN"])
    .executeTakeFirst();
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** The bill-detail panel's read: the item, its saved billable changes and lines, and the accounts it may pick (read only). */
export async function billDetail(db: DB, user: SessionUser, input: { id: number; type: ApprovalKind }): Promise<TBillDetail> {
  requireFinance(user);
  const item = await requireItem(db, input.type, input.id);
  const c = item.currency;
  const [group, employee, draftRow, defaultSpend] = await Promise.all([
    db.selectFrom("groups").select("display_name").where("id", "=", item.groupId).executeTakeFirst(),
    item.employeeUserId === null ? undefined : db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", item.employeeUserId).executeTakeFirst(),
    db.selectFrom("finance_approval_drafts").select("version").where("item_kind", "=", item.kind).where("item_id", "=", item.id).executeTakeFirst(),
    defaultSpendCategory(db, item),
  ]);
  const draft = await draftOf(db, item.kind, item.id);
  const b = (draft.billable ?? {}) as Partial<TBillableChanges>;
  const file = b.fileId ? await billFileOf(db, item, b.fileId) : undefined;
  const account = (r: { id: number; name: string; type: string; currency: string }) => ({ id: r.id, name: r.name, type: r.type, currency: r.currency });
  const fromAccounts = await db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("type", "=", "Client").where("group_id", "=", item.groupId).where("currency", "=", c).orderBy("name").orderBy("id").limit(200).execute();
  let to = db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("currency", "=", c);
  if (item.kind === "bookingCost") to = item.companyId !== null ? to.where("type", "=", "Vendor").where("company_id", "=", item.companyId) : to.where("type", "=", "Vendor");
  else to = to.where("type", "=", "Employee").where("user_id", "=", item.employeeUserId ?? -1);
  const toAccounts = await to.orderBy("name").orderBy("id").limit(200).execute();
  // An account saved earlier stays pickable even when it is not among the usual ones.
  for (const [saved, list] of [[b.accountFrom, fromAccounts], [b.accountTo, toAccounts]] as const) {
    if (!saved || list.some((a) => a.id === saved)) continue;
    const extra = await db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("id", "=", saved).executeTakeFirst();
    if (extra) list.push(extra);
  }
  return {
    kind: item.kind,
    id: item.id,
    groupId: item.groupId,
    groupName: group?.display_name ?? "",
    moveId: item.moveId,
    employeeName: employee ? `${employee.first_name} ${employee.last_name}`.trim() : null,
    vendorName: item.vendorName,
    description: item.description,
    currency: c,
    gross: major(item.gross, c),
    net: major(item.net, c),
    tax: major(item.tax, c),
    moveStageId: item.moveStage,
    holdReason: item.holdReason,
    version: item.version,
    draft: {
      gross: text(b.gross),
      net: text(b.net),
      tax: text(b.tax),
      reference: b.reference ?? null,
      invoiceDate: b.invoiceDate ?? null,
      costCenter: b.costCenter ?? null,
      costCenter2: b.costCenter2 ?? null,
      accountFrom: b.accountFrom ?? null,
      accountTo: b.accountTo ?? null,
      fileId: file ? file.id : null,
      lines: draft.lines
        ? draft.lines.map((l) => ({ name: l.name ?? "", gross: String(l.gross), net: text(l.net), tax: text(l.tax), notes: l.notes ?? null, spendCategoryId: l.spendCategoryId ?? null, serviceCategory: l.serviceCategory ?? null }))
        : null,
      serviceCategory: draft.serviceCategory,
      version: draftRow?.version ?? 0,
    },
    defaultReference: defaultReferenceOf(item.kind, item.id),
    defaultSpendCategoryId: defaultSpend,
    file: file ? { id: file.id, name: file.original_name, size: Number(file.size_bytes) } : null,
    fromAccounts: fromAccounts.map(account),
    toAccounts: toAccounts.map(account),
  };
}

/**
 * The bill file of a pending item (multipart or FormData): the finance role first, then the item
 * (pending, not on hold), then the file through the files service (20 971 520 bytes at most, its
 * content types). The panel then saves the answered id with updateBillableChanges.
 */
export async function checkBillFileItem(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind }): Promise<ApprovalItemRow> {
  requireFinance(actor.user);
  const item = await requireItem(db, input.type, input.id);
  if (!isPending(item)) throw new AppError("CONFLICT", FM.approvalItemDone);
  if (item.holdReason !== null) throw new AppError("CONFLICT", blockedText(item.kind, "change", "onHold"));
  return item;
}
