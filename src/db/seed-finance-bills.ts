/**
 * Bill Management demo data (issue 16 "Demo data": bills in every status, payments, for acme and globex).
 * Bills are made the way approval makes them (core.ts `insertBill` from an approved external-spend item:
 * bill, line, charge entry, audit row) and moved on through the Bill Management services, so every
 * payment has its payment row and ledger entry and every change its audit row.
 *
 * The month is November 2026, after the demo lock periods (2026-09-30, 2026-10-31). Two older paid
 * bills per group (September and October) predate those locks: they are written as history (bill, line,
 * charge and payment entries through `appendEntry`, which keeps every running balance right) because
 * nothing can be created inside a locked period any more. Idempotent: skipped when the demo bills exist
 * (references starting DEMO-BM-).
 */
import type { DB } from "./index.ts";
import type { BillTable } from "./schema.ts";
import type { SessionUser } from "../services/auth.ts";
import { holdBill, updateBillStatus } from "../services/finance/bills.ts";
import { appendEntry, ensureAccount, financeWrite, insertBill, todayUtc, type FinanceActor } from "../services/finance/core.ts";

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
};

/** One Open bill with one line (net = gross, tax 0), its charge entry and audit row. */
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

type DemoBill = {
  ref: string;
  employee: string;
  billType?: BillTable["bill_type"];
  vendorName?: string;
  currency: string;
  gross: number;
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
    { ref: `${p}-01`, employee, currency: cur, gross: 18_450, billDate: "2026-11-03", dueDate: "2026-12-18", state: "Open" },
    { ref: `${p}-02`, employee, billType: "VendorBooking", vendorName: group === "acme" ? "Swift Movers Ltd" : "Atlas Relocation GmbH", currency: cur, gross: 245_000, billDate: "2026-11-05", dueDate: "2026-12-20", state: "OnHold" },
    { ref: `${p}-03`, employee, billType: "CashAllowances", currency: cur, gross: 150_000, billDate: "2026-11-09", dueDate: "2026-11-30", state: "PaymentPending" },
    { ref: `${p}-04`, employee, billType: "VendorBooking", vendorName: group === "acme" ? "CityNest Serviced Apartments" : "Berlin Stay Apartments", currency: cur, gross: 96_000, billDate: "2026-11-10", dueDate: "2026-12-10", state: "PaymentPending" },
    { ref: `${p}-05`, employee, currency: cur, gross: 4_275, billDate: "2026-11-04", dueDate: "2026-11-20", state: "Paid", paymentDate: "2026-11-12" },
    { ref: `${p}-06`, employee, billType: "CashLumpSumBill", currency: cur, gross: 300_000, billDate: "2026-11-02", dueDate: "2026-11-16", state: "Paid", paymentDate: "2026-11-16" },
    { ref: `${p}-07`, employee, billType: "ExpenseBill", currency: cur, gross: 12_990, billDate: "2026-11-11", state: "PaidPendingAudit", paymentDate: "2026-11-18" },
    { ref: `${p}-08`, employee, currency: cur, gross: 8_600, billDate: "2026-11-06", state: "Audited", paymentDate: "2026-11-13" },
    { ref: `${p}-09`, employee, currency: cur, gross: 5_500, billDate: "2026-11-12", state: "Void" },
    { ref: `${p}-10`, employee, currency: "GBP", gross: 23_000, billDate: "2026-11-19", dueDate: "2027-01-03", state: "Open" },
  ];
}

/** Older paid bills (before the demo lock dates), written as history. */
function historyBills(group: "acme" | "globex"): DemoBill[] {
  const cur = group === "acme" ? "EUR" : "USD";
  const p = `DEMO-BM-${group.toUpperCase()}-H`;
  return [
    { ref: `${p}1`, employee: `employee@${group}.test`, currency: cur, gross: 64_000, billDate: "2026-09-08", state: "Paid", paymentDate: "2026-09-22" },
    { ref: `${p}2`, employee: `employee@${group}.test`, currency: cur, gross: 11_800, billDate: "2026-10-06", state: "Paid", paymentDate: "2026-10-20" },
  ];
}

async function writeHistory(db: DB, actor: FinanceActor, b: DemoBill): Promise<void> {
  const employee = await db.selectFrom("users").select(["id", "group_id", "first_name", "last_name"]).where("email", "=", b.employee).executeTakeFirst();
  if (!employee?.group_id) return;
  const groupId = employee.group_id;
  const at = `${b.paymentDate}T10:00:00.000Z`;
  await financeWrite(db, actor, { scope: "seed/financeBillsHistory", payload: null }, async (trx) => {
    const accountId = (await ensureAccount(trx, { type: "Employee", currency: b.currency, name: `${employee.first_name} ${employee.last_name} (${b.currency})`, userId: employee.id, groupId, actorUserId: actor.user.id, at })).id;
    const item = await trx
      .insertInto("finance_items")
      .values({ kind: "externalSpend", group_id: groupId, employee_user_id: employee.id, description: b.ref, currency: b.currency, net_amount: b.gross, tax_amount: 0, gross_amount: b.gross, status: "APPROVED", created_by: actor.user.id, decided_by: actor.user.id, decided_at: at, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const bill = await trx
      .insertInto("bills")
      .values({ group_id: groupId, move_id: null, employee_user_id: employee.id, bill_type: "Expense", status: "Paid", source_kind: "externalSpend", source_id: item.id, to_account_id: accountId, currency: b.currency, gross_amount: b.gross, net_amount: b.gross, tax_amount: 0, reference: b.ref, bill_date: b.billDate, created_by: actor.user.id, created_at: at, updated_at: at, paid_at: at, version: 3 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("bill_lines").values({ bill_id: bill.id, group_id: groupId, position: 1, name: "Service", gross_amount: b.gross, net_amount: b.gross, tax_amount: 0, spend_category_id: 100 }).execute();
    await appendEntry(trx, { accountId, date: b.billDate, kind: "charge", amount: b.gross, currency: b.currency, billId: bill.id, actorUserId: actor.user.id, at });
    const payment = await trx
      .insertInto("payments")
      .values({ group_id: groupId, bill_id: bill.id, status: "PAID", amount: b.gross, currency: b.currency, payment_date: b.paymentDate!, paid_at: at, recipient_account_id: accountId, reference: b.ref, created_by: actor.user.id, created_at: at })
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
      const digits = b.currency === "JPY" ? 0 : 2;
      await step({ id: billId, status: "PaidPendingAudit", paymentAmount: (b.gross / 10 ** digits).toFixed(digits), currency: b.currency, paymentDate: b.paymentDate });
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
    const exists = await db.selectFrom("users").select("id").where("email", "=", `employee@${group}.test`).executeTakeFirst();
    if (!exists) continue;
    for (const b of historyBills(group)) {
      await writeHistory(db, actor, b);
      written++;
    }
    for (const b of demoBills(group)) {
      if (b.paymentDate && b.paymentDate > todayUtc()) continue;
      const { billId } = await makeBill(db, actor, { employeeEmail: b.employee, billType: b.billType, vendorName: b.vendorName, currency: b.currency, gross: b.gross, billDate: b.billDate, dueDate: b.dueDate ?? null, reference: b.ref });
      await moveOn(db, actor, billId, b);
      written++;
    }
  }
  return written;
}
