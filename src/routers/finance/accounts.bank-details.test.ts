/**
 * Issue 24 §5 on the dialect under test: a Client (debtor) or Vendor account's bank details and an
 * employee bank account's are validated (IBAN mod-97 and country length, BIC, account number with bank
 * code), stored normalised, version-guarded (parallel saves of the version read: one effect, clear
 * refusals), audited, and refused to other roles.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { bankMessages } from "../../domain/finance/bank-accounts.ts";
import { accountMessages as M } from "../../domain/finance/schemas-accounts.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";

const t = useTestDatabase({ poolSize: 12 });
let clientId: number;
let employeeId: number;
let bankAccountId: number;

beforeAll(async () => {
  const group = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  clientId = (await t.db.insertInto("finance_accounts").values({ name: "Acme bank test (CHF)", type: "Client", group_id: group.id, currency: "CHF", natural_key: `Client:${group.id}:CHF`, created_by: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
  employeeId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow()).id;
  bankAccountId = (await t.db.insertInto("employee_bank_accounts").values({ group_id: group.id, employee_user_id: employeeId, account_alias: "Test", account_number: "123", account_currency: "CHF", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
});

describe("account bank details", () => {
  test("a client account's IBAN and BIC are stored normalised, shown as usable, audited; a wrong check digit is refused on its field", async () => {
    const finance = await t.finance();
    await expectTrpcError(finance.finance.accounts.setBankDetails({ id: clientId, iban: "CH9300762011623852958", bic: "POFICHBEXXX" }), "BAD_REQUEST", bankMessages.ibanChecksum);
    await expectTrpcError(finance.finance.accounts.setBankDetails({ id: clientId, iban: "CH9300762011623852957" }), "BAD_REQUEST", bankMessages.bicRequired);
    const r = await finance.finance.accounts.setBankDetails({ id: clientId, iban: "ch93 0076 2011 6238 5295 7", bic: "pofichbexxx" });
    expect(r.account.bankDetails).toEqual({ iban: "CH9300762011623852957", bic: "POFICHBEXXX", accountNumber: null, bankCode: null, usable: true, summary: "IBAN CH93 0076 2011 6238 5295 7 · BIC POFICHBEXXX" });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity", "=", "finance_account").where("entity_id", "=", String(clientId)).where("action", "=", "setBankDetails").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.new_values!)).toMatchObject({ iban: "CH9300762011623852957", bic: "POFICHBEXXX" });
    // Account number and bank code where IBAN does not apply.
    const local = await finance.finance.accounts.setBankDetails({ id: clientId, accountNumber: "483101090345", bankCode: "021000021" });
    expect(local.account.bankDetails).toMatchObject({ iban: null, accountNumber: "483101090345", bankCode: "021000021", usable: true });
    expect((await finance.finance.accounts.get({ id: clientId })).bankDetails.summary).toBe("Account 483101090345 · Bank code 021000021");
  });

  test("parallel saves of the same version: one effect, the others refused", async () => {
    const finance = await t.finance();
    const { version } = await finance.finance.accounts.get({ id: clientId });
    const results = await race(6, (i) => finance.finance.accounts.setBankDetails({ id: clientId, iban: "GB82WEST12345698765432", bic: i % 2 ? "WESTGB2L" : "WESTGB2LXXX", version }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: M.accountChanged } });
  });

  test("an employee bank account's details; an employee account is refused (its details live on bank accounts); other roles refused", async () => {
    const finance = await t.finance();
    const updated = await finance.finance.accounts.setEmployeeBankDetails({ bankAccountId, employeeId, iban: "CH9300762011623852957", bic: "POFICHBEXXX" });
    expect(updated).toMatchObject({ accountNumber: "CH93 0076 2011 6238 5295 7", bankDetails: { usable: true, iban: "CH9300762011623852957" } });
    await expectTrpcError(finance.finance.accounts.setEmployeeBankDetails({ bankAccountId, employeeId, accountNumber: "12345678" }), "BAD_REQUEST", bankMessages.bankCodeRequired);
    await expectTrpcError(finance.finance.accounts.setEmployeeBankDetails({ bankAccountId, employeeId: employeeId + 100_000, iban: "CH9300762011623852957", bic: "POFICHBEXXX" }), "NOT_FOUND");
    const employeeAccount = await t.db.insertInto("finance_accounts").values({ name: "Emma (CHF)", type: "Employee", user_id: employeeId, currency: "CHF", created_by: null, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" }).returning("id").executeTakeFirstOrThrow();
    await expectTrpcError(finance.finance.accounts.setBankDetails({ id: employeeAccount.id, iban: "CH9300762011623852957", bic: "POFICHBEXXX" }), "BAD_REQUEST", M.employeeBankDetailsElsewhere);
    for (const caller of [await t.hrAcme(), await t.hrGlobex(), await t.employee()]) {
      await expectTrpcError(caller.finance.accounts.setBankDetails({ id: clientId, iban: "CH9300762011623852957", bic: "POFICHBEXXX" }), "FORBIDDEN");
      await expectTrpcError(caller.finance.accounts.setEmployeeBankDetails({ bankAccountId, employeeId, iban: "CH9300762011623852957", bic: "POFICHBEXXX" }), "FORBIDDEN");
    }
  });
});
