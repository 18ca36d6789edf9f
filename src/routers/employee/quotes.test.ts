/**
 * Supplier quotes and the comparison page's calls: quotes.list, quotes.add, quotes.book and the booking
 * estimate with a quoteId (budgets.bookingEstimate, GET /{service}/booking-estimate), on the test database
 * (SQLite, or PostgreSQL with TEST_DB=postgres): happy paths, bad input, wrong role, another group,
 * another employee of the same group (404), expired quotes, the decline of the other quotes and the audit row.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { quoteMessages } from "../../domain/employee/quotes/quotes.ts";
import { appFor, cookieFor, get, jsonOf } from "../../test/app.ts";
import { auditRows, callerFor, insertTestUser } from "../../test/db.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { plusDays, quoteInput } from "./quotes.fixtures.ts";

const t = useTestDatabase();


async function moveOf(db: DB, email: string) {
  return db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id"])
    .where("u.email", "=", email)
    .where("m.status", "in", ["open", "on_assignment"])
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
}

let seq = 0;
/** A new acme employee with an open move on the same policy version as employee@acme.test's. */
async function acmeEmployee(db: DB) {
  const email = `quotes-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const model = await db.selectFrom("moves").selectAll().where("id", "=", (await moveOf(db, "employee@acme.test")).id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const move = await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now, destination_country_code: "US", destination_city_name: "New York City" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { email, userId, moveId: move.id };
}


describe("quotes.list", () => {
  test("the employee sees their own move's seeded quotes, filtered by scope; HR of the group and admins by moveId", async () => {
    const employee = await callerFor(t.db, "employee@acme.test");
    const all = await employee.quotes.list({});
    const move = await moveOf(t.db, "employee@acme.test");
    expect(all.moveId).toBe(move.id);
    expect(all.quotes.length).toBeGreaterThanOrEqual(6);
    expect(all.quotes.every((q) => q.moveId === move.id)).toBe(true);
    const onshore = await employee.quotes.list({ scope: "ONSHORE" });
    const intl = await employee.quotes.list({ scope: "INTERNATIONAL" });
    expect(onshore.quotes.every((q) => q.scope === "ONSHORE")).toBe(true);
    expect(intl.quotes.every((q) => q.scope === "INTERNATIONAL")).toBe(true);
    expect(onshore.quotes.length + intl.quotes.length).toBe(all.quotes.length);
    const hudson = all.quotes.find((q) => q.companyName === "Hudson Apartment Scouts")!;
    expect(hudson).toMatchObject({ status: "OPEN", expired: true, service: "FLATSEARCH", moveStageName: "Pre-Departure" });
    const finders = all.quotes.find((q) => q.companyName === "Manhattan Home Finders")!;
    expect(finders).toMatchObject({ amount: "1800.00", currency: "USD", scope: "ONSHORE", expired: false, latitude: 40.7549, longitude: -73.984 });

    expect((await (await callerFor(t.db, "hr@acme.test")).quotes.list({ moveId: move.id })).quotes).toHaveLength(all.quotes.length);
    expect((await (await callerFor(t.db, "admin@meridian.test")).quotes.list({ moveId: move.id })).quotes).toHaveLength(all.quotes.length);
  });

  test("another group's HR, another employee, a finance user and the signed out are refused; no move: empty", async () => {
    const move = await moveOf(t.db, "employee@acme.test");
    await expectTrpcError((await callerFor(t.db, "hr@globex.test")).quotes.list({ moveId: move.id }), "NOT_FOUND", quoteMessages.noMove);
    const other = await acmeEmployee(t.db);
    const otherCaller = await callerFor(t.db, other.email);
    await expectTrpcError(otherCaller.quotes.list({ moveId: move.id }), "NOT_FOUND");
    expect(await otherCaller.quotes.list({})).toMatchObject({ moveId: other.moveId, quotes: [] });
    expect((await otherCaller.quotes.list({})).services).toContainEqual({ service: "FLATSEARCH", title: expect.any(String), moveStage: 1, moveStageName: "Pre-Departure" });
    await expectTrpcError((await callerFor(t.db, "finance@meridian.test")).quotes.list({}), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).quotes.list({}), "UNAUTHORIZED");
    const noMove = `quotes-nomove-${Date.now()}@acme.test`;
    await insertTestUser(t.db, { email: noMove, group: "acme" });
    expect(await (await callerFor(t.db, noMove)).quotes.list({})).toEqual({ moveId: null, services: [], quotes: [] });
    await expectInputError((await callerFor(t.db, "employee@acme.test")).quotes.list({ scope: "LOCAL" as never }), "scope");
  });
});

describe("quotes.add", () => {
  test("HR of the move's group adds a quote (amount in minor units, audit row); an admin too", async () => {
    const e = await acmeEmployee(t.db);
    const hr = await callerFor(t.db, "hr@acme.test");
    const q = await hr.quotes.add(quoteInput(e.moveId));
    expect(q).toMatchObject({ moveId: e.moveId, service: "TEMPACCOMMODATION", companyName: "Harbour Suites", amount: "2450.50", currency: "USD", status: "OPEN", expired: false, latitude: 40.7033 });
    const row = await t.db.selectFrom("supplier_quotes").selectAll().where("id", "=", q.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 245050, currency: "USD", group_id: (await moveOf(t.db, e.email)).group_id });
    expect((await auditRows(t.db, "quotes.add")).some((a) => a.entity_id === String(q.id))).toBe(true);
    const input = quoteInput(e.moveId);
    await expectAudit(t.db, {
      action: "quotes.add", actor: "hr@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "supplier_quote", entityId: q.id, oldValues: null,
      newValues: { moveId: e.moveId, service: "TEMPACCOMMODATION", moveStage: 1, companyName: "Harbour Suites", scope: "ONSHORE", amount: 245050, currency: "USD", validUntil: input.validUntil },
    });
    const admin = await callerFor(t.db, "admin@meridian.test");
    expect((await admin.quotes.add(quoteInput(e.moveId, { companyName: "Admin Quote", currency: "JPY", amount: "120000" }))).amount).toBe("120000");
    expect((await (await callerFor(t.db, e.email)).quotes.list({})).quotes.map((x) => x.companyName).sort()).toEqual(["Admin Quote", "Harbour Suites"]);
  });

  test("bad input, a service not in the policy, a past date, wrong role and another group are refused", async () => {
    const e = await acmeEmployee(t.db);
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectInputError(hr.quotes.add(quoteInput(e.moveId, { companyName: "" })), "companyName");
    await expectInputError(hr.quotes.add(quoteInput(e.moveId, { scope: "LOCAL" })), "scope");
    await expectInputError(hr.quotes.add(quoteInput(e.moveId, { latitude: 100 })), "latitude");
    await expectInputError(hr.quotes.add(quoteInput(e.moveId, { validUntil: "2026-13-01" })), "validUntil");
    await expectTrpcError(hr.quotes.add(quoteInput(e.moveId, { amount: "abc" })), "BAD_REQUEST");
    expect((await expectInputError(hr.quotes.add(quoteInput(e.moveId, { amount: "0" })), "amount")).message).toContain(quoteMessages.amountPositive);
    await expectTrpcError(hr.quotes.add(quoteInput(e.moveId, { currency: "XXY" })), "BAD_REQUEST", quoteMessages.currency);
    await expectTrpcError(hr.quotes.add(quoteInput(e.moveId, { validUntil: plusDays(-1) })), "BAD_REQUEST", quoteMessages.pastValidity);
    await expectTrpcError(hr.quotes.add(quoteInput(e.moveId, { service: "HOUSINGALLOWANCE", moveStage: 1 })), "BAD_REQUEST", quoteMessages.unknownService);
    await expectTrpcError((await callerFor(t.db, e.email)).quotes.add(quoteInput(e.moveId)), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "finance@meridian.test")).quotes.add(quoteInput(e.moveId)), "FORBIDDEN");
    const globex = await callerFor(t.db, "hr@globex.test");
    await expectTrpcError(globex.quotes.add(quoteInput(e.moveId)), "FORBIDDEN");
    await expectTrpcError(globex.quotes.add(quoteInput(e.moveId, { group: "globex" })), "NOT_FOUND");
    expect(await t.db.selectFrom("supplier_quotes").select("id").where("move_id", "=", e.moveId).execute()).toEqual([]);
  });
});

describe("quotes.book", () => {
  test("books an open quote once: the service and stage's other open quotes are declined, one audit row", async () => {
    const e = await acmeEmployee(t.db);
    const hr = await callerFor(t.db, "hr@acme.test");
    const a = await hr.quotes.add(quoteInput(e.moveId, { companyName: "A" }));
    const b = await hr.quotes.add(quoteInput(e.moveId, { companyName: "B", scope: "INTERNATIONAL" }));
    const other = await hr.quotes.add(quoteInput(e.moveId, { companyName: "Other service", service: "IMMIGRATION" }));
    const caller = await callerFor(t.db, e.email);
    const res = await caller.quotes.book({ quoteId: b.id });
    expect(res).toMatchObject({ success: true, message: quoteMessages.booked, declined: 1, quote: { id: b.id, status: "BOOKED", companyName: "B", amount: "2450.50", currency: "USD" } });
    expect(res.quote.bookedAt).not.toBeNull();
    const statuses = Object.fromEntries((await caller.quotes.list({})).quotes.map((q) => [q.companyName, q.status]));
    expect(statuses).toEqual({ A: "DECLINED", B: "BOOKED", "Other service": "OPEN" });
    await expectTrpcError(caller.quotes.book({ quoteId: b.id }), "CONFLICT", quoteMessages.notOpen);
    await expectTrpcError(caller.quotes.book({ quoteId: a.id }), "CONFLICT", quoteMessages.notOpen);
    // A quote added after the booking cannot be booked beside it (the partial unique index).
    const late = await hr.quotes.add(quoteInput(e.moveId, { companyName: "Late" }));
    await expectTrpcError(caller.quotes.book({ quoteId: late.id }), "CONFLICT", quoteMessages.alreadyBooked);
    expect((await caller.quotes.book({ quoteId: other.id })).declined).toBe(0);
    const audits = (await auditRows(t.db, "quotes.book")).filter((r) => r.entity_id === String(b.id));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.new_values!)).toMatchObject({ status: "BOOKED", companyName: "B", amount: 245050, currency: "USD", declined: 1 });
    await expectAudit(t.db, {
      action: "quotes.book", actor: e.email, groupId: await groupIdOf(t.db, "acme"), entity: "supplier_quote", entityId: b.id, oldValues: { status: "OPEN" },
      newValues: { status: "BOOKED", moveId: e.moveId, service: "TEMPACCOMMODATION", moveStage: 1, companyName: "B", amount: 245050, currency: "USD", declined: 1, declinedIds: [a.id] },
    });
  });

  test("an expired quote cannot be booked; another employee's quote answers 404; HR, finance and unknown ids are refused", async () => {
    const e = await acmeEmployee(t.db);
    const hr = await callerFor(t.db, "hr@acme.test");
    const q = await hr.quotes.add(quoteInput(e.moveId));
    await t.db.updateTable("supplier_quotes").set({ valid_until: plusDays(-1) }).where("id", "=", q.id).execute();
    const caller = await callerFor(t.db, e.email);
    await expectTrpcError(caller.quotes.book({ quoteId: q.id }), "CONFLICT", quoteMessages.expired);
    await t.db.updateTable("supplier_quotes").set({ valid_until: plusDays(1) }).where("id", "=", q.id).execute();
    const stranger = await acmeEmployee(t.db);
    await expectTrpcError((await callerFor(t.db, stranger.email)).quotes.book({ quoteId: q.id }), "NOT_FOUND", quoteMessages.notFound);
    await expectTrpcError((await callerFor(t.db, "employee@acme.test")).quotes.book({ quoteId: q.id }), "NOT_FOUND", quoteMessages.notFound);
    await expectTrpcError(hr.quotes.book({ quoteId: q.id }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "finance@meridian.test")).quotes.book({ quoteId: q.id }), "FORBIDDEN");
    await expectTrpcError(caller.quotes.book({ quoteId: 2_000_000_000 }), "NOT_FOUND");
    await expectInputError(caller.quotes.book({ quoteId: 0 }), "quoteId");
    expect((await t.db.selectFrom("supplier_quotes").select("status").where("id", "=", q.id).executeTakeFirstOrThrow()).status).toBe("OPEN");
  });
});

describe("booking estimate with a quoteId (budgets.bookingEstimate, GET /{service}/booking-estimate)", () => {
  test("the quote's amount, currency, company and stage are used; over budget shows the amount over", async () => {
    const employee = await callerFor(t.db, "employee@acme.test");
    const quotes = (await employee.quotes.list({})).quotes;
    const atlas = quotes.find((q) => q.companyName === "Atlas Global Homes")!;
    const est = await employee.budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: atlas.id });
    expect(est).toMatchObject({ success: true, companyName: "Atlas Global Homes", currencyCode: "USD", costAmount: "5200.00", moveStageName: "Pre-Departure" });
    expect(Number(est.overBudgetAmount)).toBeGreaterThan(0);
    expect(Number(est.remainingBudget)).toBeLessThan(0);
    const cheap = quotes.find((q) => q.companyName === "Manhattan Home Finders")!;
    const fine = await employee.budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: cheap.id });
    expect(fine).toMatchObject({ companyName: "Manhattan Home Finders", costAmount: "1800.00", overBudgetAmount: "0.00" });
    // Without a quote the amount is required and the group's name is the company, as before.
    expect((await employee.budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", amount: "10" })).companyName).toBe("Acme Corp");
    await expectTrpcError(employee.budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD" }), "BAD_REQUEST", quoteMessages.amount);
  });

  test("another employee's quote, another group's HR and a quote of another move than enquiryId answer 404", async () => {
    const acmeMove = await moveOf(t.db, "employee@acme.test");
    const atlas = (await (await callerFor(t.db, "employee@acme.test")).quotes.list({})).quotes.find((q) => q.companyName === "Atlas Global Homes")!;
    const stranger = await acmeEmployee(t.db);
    await expectTrpcError((await callerFor(t.db, stranger.email)).budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: atlas.id }), "NOT_FOUND", quoteMessages.notFound);
    await expectTrpcError((await callerFor(t.db, "hr@globex.test")).budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: atlas.id, enquiryId: acmeMove.id }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, "hr@acme.test")).budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: atlas.id, enquiryId: stranger.moveId }), "NOT_FOUND", quoteMessages.notFound);
    expect((await (await callerFor(t.db, "hr@acme.test")).budgets.bookingEstimate({ service: "FLATSEARCH", serviceParam: 1, currency: "USD", quoteId: atlas.id, enquiryId: acmeMove.id })).companyName).toBe("Atlas Global Homes");
  });

  test("the documented path takes quoteId; another employee's quote is 404 without its data", async () => {
    const app = appFor(t.db);
    const atlas = (await (await callerFor(t.db, "employee@acme.test")).quotes.list({})).quotes.find((q) => q.companyName === "Atlas Global Homes")!;
    const cookie = await cookieFor(t.db, "employee@acme.test");
    const ok = await jsonOf(await get(app, `/FLATSEARCH/booking-estimate?serviceParam=1&currency=USD&quoteId=${atlas.id}`, { cookie }));
    expect(ok).toMatchObject({ status: 200, body: { success: true, companyName: "Atlas Global Homes", costAmount: "5200.00" } });
    const stranger = await acmeEmployee(t.db);
    const refused = await jsonOf(await get(app, `/FLATSEARCH/booking-estimate?serviceParam=1&currency=USD&quoteId=${atlas.id}`, { cookie: await cookieFor(t.db, stranger.email) }));
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain("Atlas");
    expect((await get(app, `/FLATSEARCH/booking-estimate?serviceParam=1&currency=USD&quoteId=abc`, { cookie })).status).toBe(400);
  });
});
