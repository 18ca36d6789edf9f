/**
 * Bill Management demo data (issue 16 "Demo data": bills in every status, payments, for acme and globex).
 * Every demo bill comes from the source its type names, on the demo employee's live move (move, stage and
 * a service on that move's policy, found through the budget ledger like seed-finance-approval.ts):
 * VendorBooking ← a `bookingCost` item (vendor), CashAllowances ← an `adhocCashSpend` (CashAllowance),
 * CashLumpSumBill ← a `lumpSum`, Expense ← a row of `expenses`. Each source is inserted SUBMITTED and
 * approved through the real approval service (approveItem, with the finance user's confirms), so the
 * bill, its accounts, line, charge entry and audit rows are exactly the app's; then the Bill Management
 * services move it on (hold, payment pending, paid, paid pending audit, audited, void) and set its due date.
 * One exception: approval always makes an `Expense` bill, so the ExpenseBill bill is inserted with
 * core.ts `insertBill` from its approved expense (the accounts approval would use).
 * Each bill books to the policy service its description names (travel, removals, temporary
 * accommodation, immigration, housing allowance, flat search…), so the approval demo's items on the
 * move's first budget (flat search and settling-in) keep their within/over-budget meaning.
 *
 * The month is November 2026, after the demo lock periods (2026-09-30, 2026-10-31). Two older paid
 * expense bills per group (September and October) predate those locks: they are written as history
 * (approved expense, bill, line, charge and payment entries through `appendEntry`, which keeps every
 * running balance right) because nothing can be created inside a locked period any more. Idempotent:
 * skipped when the demo bills exist (references starting DEMO-BM-).
 *
 * `makeBill` stays the Bill Management tests' fixture: an Open bill from a fresh approved external-spend
 * item without a move (the tests send it back and check that source).
 */
import { toMajorString } from "../domain/money/money.ts";
import type { DB } from "./index.ts";
import type { BillTable } from "./schema.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { ledgerMoveForCaller } from "../services/employee/budgets/access.ts";
import { loadLedger } from "../services/employee/budgets/ledger.ts";
import { approveItem } from "../services/finance/approval.ts";
import { clientAccount, defaultSpendCategory, payeeAccount, readApprovalItem } from "../services/finance/approval-bills.ts";
import { holdBill, updateBillDue } from "../services/finance/bills-changes.ts";
import { updateBillStatus } from "../services/finance/bills-payments.ts";
import { appendEntry, ensureAccount, financeWrite, insertBill, todayUtc, type FinanceActor, type Trx } from "../services/finance/core.ts";

export async function financeActorOf(db: DB, email: string): Promise<FinanceActor> {
  const u = await db.selectFrom("users").select(["id", "email", "first_name", "last_name", "role", "group_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  const user: SessionUser = {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role as SessionUser["role"],
    groupId: u.group_id,
    groupName: null,
    groupDisplayName: null,
    termsAccepted: true,
  };
  return { user, ip: null };
}

export type MakeBill = {
  /** The payee employee (their group is the bill's group). */
  employeeEmail: string;
  billType?: BillTable["bill_type"];
  currency?: string;
  /** Minor units. */
  gross?: number;
  billDate?: string;
  dueDate?: string | null;
  reference?: string;
  vendorName?: string;
  /** Whether the payee and the group's Client account get usable bank details (default true; issue 24 §5: an export refuses a bill without them). */
  bankDetails?: boolean;
};

/** One Open bill with one line (net = gross, tax 0), its charge entry and audit row (the tests' fixture; see the header). */
export async function makeBill(db: DB, actor: FinanceActor, b: MakeBill): Promise<{ billId: number; accountId: number; itemId: number }> {
  const employee = await db.selectFrom("users").select(["id", "group_id", "first_name", "last_name"]).where("email", "=", b.employeeEmail).executeTakeFirstOrThrow();
  const groupId = employee.group_id!;
  const currency = b.currency ?? "EUR";
  const gross = b.gross ?? 12_345;
  const billType = b.billType ?? "Expense";
  const at = new Date().toISOString();
  const billDate = b.billDate ?? todayUtc();
  return financeWrite(db, actor, { scope: "test/makeBill", payload: null }, async (trx) => {
    let accountId: number;
    let vendorName: string | null = null;
    if (billType === "VendorBooking") {
      vendorName = b.vendorName ?? "Swift Movers Ltd";
      const company = await trx
        .insertInto("finance_companies")
        .values({ company_name: vendorName, category: "Vendor", created_at: at })
        .onConflict((oc) => oc.columns(["category", "company_name"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      const companyId = company?.id ?? (await trx.selectFrom("finance_companies").select("id").where("category", "=", "Vendor").where("company_name", "=", vendorName).executeTakeFirstOrThrow()).id;
      accountId = (await ensureAccount(trx, { type: "Vendor", currency, name: `${vendorName} (${currency})`, companyId, groupId, actorUserId: actor.user.id, at })).id;
    } else {
      accountId = (await ensureAccount(trx, { type: "Employee", currency, name: `${employee.first_name} ${employee.last_name} (${currency})`, userId: employee.id, groupId, actorUserId: actor.user.id, at })).id;
    }
    if (b.bankDetails !== false) await giveBankDetails(trx, actor, { billType, accountId, employeeId: employee.id, groupId, currency, at });
    const item = await trx
      .insertInto("finance_items")
      .values({ kind: "externalSpend", group_id: groupId, employee_user_id: employee.id, vendor_name: vendorName, description: b.reference ?? "", currency, net_amount: gross, tax_amount: 0, gross_amount: gross, status: "APPROVED", created_by: actor.user.id, decided_by: actor.user.id, decided_at: at, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { billId } = await insertBill(
      trx,
      actor,
      {
        groupId,
        moveId: null,
        employeeUserId: employee.id,
        billType,
        sourceKind: "externalSpend",
        sourceId: item.id,
        fromAccountId: null,
        toAccountId: accountId,
        vendorName,
        currency,
        gross,
        net: gross,
        tax: 0,
        reference: b.reference ?? `REF-${item.id}`,
        billDate,
        dueDate: b.dueDate === undefined ? null : b.dueDate,
        lines: [{ name: "Service", gross, net: gross, tax: 0, spendCategoryId: 100 }],
      },
      at,
    );
    return { billId, accountId, itemId: item.id };
  });
}

/** Published example IBANs (valid mod-97) the fixtures use. */
export const TEST_BANK = {
  employee: { iban: "GB82WEST12345698765432", bic: "WESTGB2L" },
  vendor: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  client: { iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
} as const;

/** Usable bank details for a bill's payee (an employee bank account in the currency, or the vendor account) and its group's Client account. */
async function giveBankDetails(trx: Trx, actor: FinanceActor, o: { billType: string; accountId: number; employeeId: number; groupId: number; currency: string; at: string }) {
  if (o.billType === "VendorBooking") {
    await trx.updateTable("finance_accounts").set({ iban: TEST_BANK.vendor.iban, bic: TEST_BANK.vendor.bic }).where("id", "=", o.accountId).where("iban", "is", null).where("bank_account_number", "is", null).execute();
  } else {
    const existing = await trx.selectFrom("employee_bank_accounts").select("id").where("employee_user_id", "=", o.employeeId).where("account_currency", "=", o.currency).where("iban", "is not", null).executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto("employee_bank_accounts")
        .values({ group_id: o.groupId, employee_user_id: o.employeeId, account_alias: `Test account (${o.currency})`, account_number: "", account_currency: o.currency, iban: TEST_BANK.employee.iban, bic: TEST_BANK.employee.bic, created_at: o.at, updated_at: o.at })
        .execute();
    }
  }
  const client = await clientAccount(trx, actor.user.id, o.groupId, o.currency, o.at);
  await trx.updateTable("finance_accounts").set({ iban: TEST_BANK.client.iban, bic: TEST_BANK.client.bic }).where("id", "=", client.id).where("iban", "is", null).where("bank_account_number", "is", null).execute();
}

/** Usable bank details for an existing bill's payee and paying client account (tests that make bills through approval). */
export async function giveBillBankDetails(db: DB, actor: FinanceActor, billId: number): Promise<void> {
  const b = await db.selectFrom("bills").select(["bill_type", "to_account_id", "employee_user_id", "group_id", "currency"]).where("id", "=", billId).executeTakeFirstOrThrow();
  await financeWrite(db, actor, { scope: "test/giveBillBankDetails", payload: null }, (trx) =>
    giveBankDetails(trx, actor, { billType: b.bill_type, accountId: b.to_account_id!, employeeId: b.employee_user_id!, groupId: b.group_id, currency: b.currency, at: new Date().toISOString() }),
  );
}

type DemoBill = {
  ref: string;
  employee: string;
  billType: "VendorBooking" | "CashAllowances" | "CashLumpSumBill" | "Expense" | "ExpenseBill";
  vendorName?: string;
  /** What the source says (expense description / item description). */
  description: string;
  /** The policy services it books to, first on the move's policy wins (else the move's services in turn). */
  services: string[];
  category?: "TRAVEL" | "ACCOMMODATION" | "MEALS" | "TRANSPORT" | "FEES" | "SHIPPING" | "OTHER";
  currency: string;
  gross: number;
  /** Minor units of tax inside gross (net = gross - tax). */
  tax?: number;
  billDate: string;
  dueDate?: string;
  /** Where the bill ends up. */
  state: "Open" | "OnHold" | "PaymentPending" | "Paid" | "PaidPendingAudit" | "Audited" | "Void";
  paymentDate?: string;
};

function demoBills(group: "acme" | "globex"): DemoBill[] {
  const employee = `employee@${group}.test`;
  const cur = group === "acme" ? "EUR" : "USD";
  const p = `DEMO-BM-${group.toUpperCase()}`;
  return [
    { ref: `${p}-01`, employee, billType: "Expense", category: "TRANSPORT", services: ["TRAVEL"], description: "Airport transfer on arrival", currency: cur, gross: 18_450, tax: 1_207, billDate: "2026-11-03", dueDate: "2026-12-18", state: "Open" },
    { ref: `${p}-02`, employee, billType: "VendorBooking", vendorName: group === "acme" ? "Swift Movers Ltd" : "Atlas Relocation GmbH", services: ["REMOVALS"], description: "Household goods removal", currency: cur, gross: 245_000, tax: 39_117, billDate: "2026-11-05", dueDate: "2026-12-20", state: "OnHold" },
    { ref: `${p}-03`, employee, billType: "CashAllowances", services: ["HOUSINGALLOWANCE", "COLA", "SETTLINGIN"], description: "Settling-in cash allowance", currency: cur, gross: 150_000, billDate: "2026-11-09", dueDate: "2026-11-30", state: "PaymentPending" },
    { ref: `${p}-04`, employee, billType: "VendorBooking", vendorName: group === "acme" ? "CityNest Serviced Apartments" : "Berlin Stay Apartments", services: ["TEMPACCOMMODATION"], description: "Temporary accommodation, 30 nights", currency: cur, gross: 96_000, tax: 6_280, billDate: "2026-11-10", dueDate: "2026-12-10", state: "PaymentPending" },
    { ref: `${p}-05`, employee, billType: "Expense", category: "MEALS", services: ["FLATSEARCH"], description: "Meals during the house-hunting trip", currency: cur, gross: 4_275, billDate: "2026-11-04", dueDate: "2026-11-20", state: "Paid", paymentDate: "2026-11-12" },
    { ref: `${p}-06`, employee, billType: "CashLumpSumBill", services: ["COLA", "TEMPACCOMMODATION"], description: "Relocation lump sum", currency: cur, gross: 300_000, billDate: "2026-11-02", dueDate: "2026-11-16", state: "Paid", paymentDate: "2026-11-16" },
    { ref: `${p}-07`, employee, billType: "ExpenseBill", category: "FEES", services: ["IMMIGRATION"], description: "Visa application fees", currency: cur, gross: 12_990, billDate: "2026-11-11", state: "PaidPendingAudit", paymentDate: "2026-11-18" },
    { ref: `${p}-08`, employee, billType: "Expense", category: "ACCOMMODATION", services: ["TEMPACCOMMODATION"], description: "Hotel night before the move", currency: cur, gross: 8_600, tax: 562, billDate: "2026-11-06", state: "Audited", paymentDate: "2026-11-13" },
    { ref: `${p}-09`, employee, billType: "Expense", category: "TRAVEL", services: ["TRAVEL"], description: "Train ticket (duplicate claim)", currency: cur, gross: 5_500, billDate: "2026-11-12", state: "Void" },
    { ref: `${p}-10`, employee, billType: "Expense", category: "TRAVEL", services: ["TRAVEL"], description: "Flight change fee (London)", currency: "GBP", gross: 23_000, billDate: "2026-11-19", dueDate: "2027-01-03", state: "Open" },
  ];
}

/** Older paid expense bills (before the demo lock dates), written as history. */
function historyBills(group: "acme" | "globex"): DemoBill[] {
  const cur = group === "acme" ? "EUR" : "USD";
  const p = `DEMO-BM-${group.toUpperCase()}-H`;
  const employee = `employee@${group}.test`;
  return [
    { ref: `${p}1`, employee, billType: "Expense", category: "TRAVEL", services: ["TRAVEL"], description: "Look-see trip flights", currency: cur, gross: 64_000, billDate: "2026-09-08", state: "Paid", paymentDate: "2026-09-22" },
    { ref: `${p}2`, employee, billType: "Expense", category: "FEES", services: ["IMMIGRATION"], description: "Document translation fees", currency: cur, gross: 11_800, billDate: "2026-10-06", state: "Paid", paymentDate: "2026-10-20" },
  ];
}

const SYSTEM: SessionUser = { id: 0, email: "seed@meridian.test", firstName: "Seed", lastName: "", role: "ADMIN", groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };

/** The employee's live move and the services on its policy (stage, service, budget group; the budget's currency when it has one). */
type PolicyService = { stage: number; service: string; group: number; budgetCurrency: string | null };
type MovePlace = { groupId: number; moveId: number; employeeUserId: number; services: PolicyService[] };

async function placeOf(db: DB, email: string): Promise<MovePlace | null> {
  const m = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("u.email", "=", email)
    .where("m.status", "in", ["open", "on_assignment"])
    .orderBy("m.id")
    .executeTakeFirst();
  if (!m) return null;
  const move = await ledgerMoveForCaller(db, SYSTEM, { moveId: m.id });
  if (!move) return null;
  const ledger = await loadLedger(db, move);
  const services: PolicyService[] = [];
  for (const [key, group] of ledger.serviceGroups) {
    const stage = Number(key.slice(0, key.indexOf(":")));
    const service = key.slice(key.indexOf(":") + 1);
    if (service === "MOVEHUB") continue;
    const budget = ledger.budgets.find((x) => x.stage === stage && x.group === group);
    services.push({ stage, service, group, budgetCurrency: budget?.budget.currency ?? null });
  }
  if (services.length === 0) return null;
  return { groupId: m.group_id, moveId: m.id, employeeUserId: m.employee_user_id, services };
}

/** The policy service a demo bill books to: its first preferred one on the move's policy, else the move's services in turn. */
function serviceFor(place: MovePlace, b: DemoBill, i: number): PolicyService {
  for (const key of b.services) {
    const found = place.services.find((s) => s.service === key);
    if (found) return found;
  }
  return place.services[i % place.services.length]!;
}

/** The source row of a demo bill (SUBMITTED, or APPROVED for history and the ExpenseBill), on the move. */
async function insertSource(db: Trx, place: MovePlace, b: DemoBill, i: number, status: "SUBMITTED" | "APPROVED", decidedBy: number | null, at: string): Promise<{ kind: "expense" | "bookingCost" | "lumpSum" | "adhocCashSpend"; id: number }> {
  const s = serviceFor(place, b, i);
  const tax = b.tax ?? 0;
  const net = b.gross - tax;
  const requestId = `demo-bills-${b.ref}`;
  if (b.billType === "Expense" || b.billType === "ExpenseBill") {
    // The amount in the budget's currency when the budget is in the expense's currency (as the expenses service records it).
    const sameCurrency = s.budgetCurrency !== null && b.currency === s.budgetCurrency;
    const row = await db
      .insertInto("expenses")
      .values({
        group_id: place.groupId, move_id: place.moveId, employee_user_id: place.employeeUserId, service_key: s.service, move_stage: s.stage, budget_group: s.group,
        category: b.category ?? "OTHER", category_other: (b.category ?? "OTHER") === "OTHER" ? b.description : null, description: b.description, expense_date: b.billDate,
        currency: b.currency, net_amount: net, tax_amount: tax, gross_amount: b.gross, budget_currency: sameCurrency ? s.budgetCurrency : null, budget_amount: sameCurrency ? b.gross : null,
        exchange_rate: sameCurrency ? "1" : null, receipt_file_id: null, status: status === "SUBMITTED" ? "SUBMITTED_WITHOUT_RECEIPT" : "APPROVED", hold_reason: null,
        request_id: requestId, created_at: at, updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "expense", id: row.id };
  }
  const kind = b.billType === "VendorBooking" ? "bookingCost" : b.billType === "CashLumpSumBill" ? "lumpSum" : "adhocCashSpend";
  const row = await db
    .insertInto("finance_items")
    .values({
      kind, group_id: place.groupId, move_id: place.moveId, employee_user_id: place.employeeUserId, service_key: s.service, move_stage: s.stage, budget_group: s.group,
      vendor_name: b.vendorName ?? null, adhoc_type: kind === "adhocCashSpend" ? "CashAllowance" : null, description: b.description, currency: b.currency,
      net_amount: net, tax_amount: tax, gross_amount: b.gross, status, invoice_date: b.billDate, request_id: requestId, created_by: null,
      decided_by: decidedBy, decided_at: decidedBy === null ? null : at, created_at: at, updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { kind, id: row.id };
}

/** A demo bill through the approval service (or, for ExpenseBill, insertBill from its approved expense); answers its id. */
async function approveDemo(db: DB, actor: FinanceActor, place: MovePlace, b: DemoBill, i: number): Promise<number> {
  const at = `${b.billDate}T09:00:00.000Z`;
  if (b.billType === "ExpenseBill") {
    return financeWrite(db, actor, { scope: "seed/financeBillsExpenseBill", key: `demo-bills-${b.ref}`, payload: null }, async (trx) => {
      const src = await insertSource(trx, place, b, i, "APPROVED", actor.user.id, at);
      const item = (await readApprovalItem(trx, "expense", src.id))!;
      const spendCategoryId = (await defaultSpendCategory(trx, item))!;
      const toAccountId = await payeeAccount(trx, actor, item, at);
      const fromAccountId = (await clientAccount(trx, actor.user.id, item.groupId, item.currency, at)).id;
      const { billId } = await insertBill(
        trx,
        actor,
        {
          groupId: item.groupId, moveId: item.moveId, employeeUserId: item.employeeUserId, billType: "ExpenseBill", sourceKind: "expense", sourceId: item.id,
          fromAccountId, toAccountId, currency: item.currency, gross: item.gross, net: item.net, tax: item.tax, reference: b.ref, billDate: b.billDate,
          invoiceDate: b.billDate, moveStage: item.moveStage, serviceKey: item.serviceKey, spendCategoryId,
          lines: [{ name: b.description, gross: item.gross, net: item.net, tax: item.tax, spendCategoryId }],
        },
        new Date().toISOString(),
      );
      return billId;
    });
  }
  const src = await insertSource(db, place, b, i, "SUBMITTED", null, at);
  const r = await approveItem(db, actor, src.kind, { id: src.id, reference: b.ref, invoiceDate: b.billDate, maxTotalSpendOverride: true }, `demo-bills-approve-${b.ref}`);
  return r.billIds[0]!;
}

async function writeHistory(db: DB, actor: FinanceActor, place: MovePlace, b: DemoBill, i: number): Promise<void> {
  const at = `${b.paymentDate}T10:00:00.000Z`;
  await financeWrite(db, actor, { scope: "seed/financeBillsHistory", payload: null }, async (trx) => {
    const src = await insertSource(trx, place, b, i, "APPROVED", actor.user.id, at);
    const item = (await readApprovalItem(trx, "expense", src.id))!;
    const spendCategoryId = (await defaultSpendCategory(trx, item))!;
    const accountId = await payeeAccount(trx, actor, item, at);
    const fromAccountId = (await clientAccount(trx, actor.user.id, item.groupId, item.currency, at)).id;
    const bill = await trx
      .insertInto("bills")
      .values({
        group_id: item.groupId, move_id: item.moveId, employee_user_id: item.employeeUserId, bill_type: "Expense", status: "Paid", source_kind: "expense", source_id: item.id,
        from_account_id: fromAccountId, to_account_id: accountId, currency: b.currency, gross_amount: item.gross, net_amount: item.net, tax_amount: item.tax, reference: b.ref,
        bill_date: b.billDate, invoice_date: b.billDate, move_stage: item.moveStage, service_key: item.serviceKey, spend_category_id: spendCategoryId,
        created_by: actor.user.id, created_at: at, updated_at: at, paid_at: at, version: 3,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("bill_lines").values({ bill_id: bill.id, group_id: item.groupId, position: 1, name: b.description, gross_amount: item.gross, net_amount: item.net, tax_amount: item.tax, spend_category_id: spendCategoryId }).execute();
    await appendEntry(trx, { accountId, date: b.billDate, kind: "charge", amount: b.gross, currency: b.currency, billId: bill.id, actorUserId: actor.user.id, at });
    const payment = await trx
      .insertInto("payments")
      .values({ group_id: item.groupId, bill_id: bill.id, status: "PAID", amount: b.gross, currency: b.currency, payment_date: b.paymentDate!, paid_at: at, recipient_account_id: accountId, reference: b.ref, created_by: actor.user.id, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await appendEntry(trx, { accountId, date: b.paymentDate!, kind: "payment", amount: -b.gross, currency: b.currency, billId: bill.id, paymentId: payment.id, actorUserId: actor.user.id, at });
  });
}

async function moveOn(db: DB, actor: FinanceActor, billId: number, b: DemoBill): Promise<void> {
  const step = async (u: Parameters<typeof updateBillStatus>[2][number]) => {
    const [r] = await updateBillStatus(db, actor, [{ ...u, ignoreErrors: true }]);
    if (!r?.success) throw new Error(`demo bill ${b.ref}: ${r?.errorMessage ?? r?.skippableErrors.join("; ")}`);
  };
  if (b.dueDate) await updateBillDue(db, actor, { id: billId, due: b.dueDate });
  switch (b.state) {
    case "Open":
      return;
    case "OnHold":
      await holdBill(db, actor, { billId, holdReason: "Info Requested - Vendor" });
      return;
    case "PaymentPending":
      await step({ id: billId, status: "PaymentPending" });
      return;
    case "Paid":
      await step({ id: billId, status: "PaymentPending" });
      await step({ id: billId, status: "Paid", paymentDate: b.paymentDate, reference: `${b.ref}-PAY` });
      return;
    case "PaidPendingAudit":
    case "Audited": {
      await step({ id: billId, status: "PaidPendingAudit", paymentAmount: toMajorString({ amount: b.gross, currency: b.currency }), currency: b.currency, paymentDate: b.paymentDate });
      if (b.state === "Audited") await step({ id: billId, status: "Audited" });
      return;
    }
    case "Void":
      await step({ id: billId, status: "Void", rejectionId: 8, rejectionReason: "Raised in error: duplicate of an earlier claim" });
      return;
  }
}

/** The demo bills of acme and globex (see the header). Answers how many bills it wrote (0 when present). */
export async function seedFinanceBillsDemo(db: DB): Promise<number> {
  const present = await db.selectFrom("bills").select("id").where("reference", "like", "DEMO-BM-%").limit(1).executeTakeFirst();
  if (present) return 0;
  const financeUser = await db.selectFrom("users").select("id").where("email", "=", "finance@meridian.test").executeTakeFirst();
  if (!financeUser) return 0;
  const actor = await financeActorOf(db, "finance@meridian.test");
  let written = 0;
  for (const group of ["acme", "globex"] as const) {
    const place = await placeOf(db, `employee@${group}.test`);
    if (!place) continue;
    for (const [i, b] of historyBills(group).entries()) {
      await writeHistory(db, actor, place, b, i);
      written++;
    }
    for (const [i, b] of demoBills(group).entries()) {
      if (b.paymentDate && b.paymentDate > todayUtc()) continue;
      if (b.billDate > todayUtc()) continue;
      const billId = await approveDemo(db, actor, place, b, i);
      await moveOn(db, actor, billId, b);
      written++;
    }
  }
  return written;
}
