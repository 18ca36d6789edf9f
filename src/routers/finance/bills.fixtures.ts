/**
 * Bills for the Bill Management tests and demo data, made the way approval makes them (core.ts
 * `insertBill`: bill, lines, charge entry, audit) from a fresh approved external-spend item, so a bill
 * can be sent back to it. Each call makes its own item and bill (unique source); the payee's default
 * account in the currency comes from `ensureAccount`.
 */
import type { DB } from "../../db/index.ts";
import type { BillTable } from "../../db/schema.ts";
import type { SessionUser } from "../../services/auth.ts";
import { ensureAccount, financeWrite, insertBill, todayUtc, type FinanceActor } from "../../services/finance/core.ts";

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
