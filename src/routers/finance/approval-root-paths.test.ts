/**
 * Issue 23 item 22: part 2 §7 lists `requestChangeOfBookingCost`, the four rejects, `updateMoveStage`
 * and `updateServiceCategory` without the billapproval/ prefix, so they are also served at the
 * `/accountmanagement/` root: the same service, the same checks (finance only, reject GETs refuse
 * cross-site), and described in /api/openapi.json. On the dialect under test.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, jsonOf, postJson, type TestApp } from "../../test/app.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";
import { ROOT_ALIAS_CALLS, ROOT_BASE } from "./legacy/approval.ts";

const t = useTestDatabase();
let app: TestApp;
const cookies: Record<string, string> = {};
let move: { id: number; groupId: number; employeeId: number };
const R = "/accountmanagement";
const as = (email: string) => ({ cookie: cookies[email]!, headers: { "Sec-Fetch-Site": "same-origin" } });
const NOW = new Date().toISOString();

async function expense() {
  const row = await t.db
    .insertInto("expenses")
    .values({
      group_id: move.groupId, move_id: move.id, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
      category_other: null, description: "Taxi", expense_date: "2026-11-20", currency: "USD", net_amount: 10000, tax_amount: 0, gross_amount: 10000,
      budget_currency: "USD", budget_amount: 10000, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null,
      created_at: NOW, updated_at: NOW,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function item(kind: string) {
  const row = await t.db
    .insertInto("finance_items")
    .values({
      kind, group_id: move.groupId, move_id: move.id, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
      vendor_name: "Acme Movers Ltd", description: "Settling-in booking", currency: "USD", net_amount: 20000, tax_amount: 0, gross_amount: 20000,
      created_at: NOW, updated_at: NOW,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  app = appFor(t.db);
  for (const email of [DEMO.FINANCE, DEMO.HR, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
  const m = await demoEmployeeMove(t.db);
  move = { id: m.moveId, groupId: m.groupId, employeeId: m.employeeId };
});

describe("the seven approval calls at the /accountmanagement/ root", () => {
  test("the four rejects act as at billapproval/ (and refuse cross-site and other roles)", async () => {
    expect(ROOT_BASE).toBe(R);
    const e = await expense();
    const cross = await jsonOf(await get(app, `${R}/rejectExpense?expenseId=${e}&rejectionId=1`, { cookie: cookies[DEMO.FINANCE]!, headers: { "Sec-Fetch-Site": "cross-site" } }));
    expect(cross).toEqual({ status: 403, body: { success: false, errorMessage: messages.crossOrigin } });
    const hr = await jsonOf(await get(app, `${R}/rejectExpense?expenseId=${e}&rejectionId=1`, as(DEMO.HR)));
    expect(hr.status).toBe(403);
    expect((await t.db.selectFrom("expenses").select("status").where("id", "=", e).executeTakeFirstOrThrow()).status).toBe("SUBMITTED_WITHOUT_RECEIPT");
    const ok = await jsonOf(await get(app, `${R}/rejectExpense?expenseId=${e}&rejectionId=1&rejectionReason=Not%20covered`, as(DEMO.FINANCE)));
    expect(ok).toEqual({ status: 200, body: { success: true, status: "REJECTED" } });
    expect((await t.db.selectFrom("expenses").select("status").where("id", "=", e).executeTakeFirstOrThrow()).status).toBe("REJECTED");
    for (const [path, field, kind] of [["rejectBookingCost", "id", "bookingCost"], ["rejectLumpSum", "lumpsumId", "lumpSum"], ["rejectAdhocCashSpend", "cashSpendId", "adhocCashSpend"]] as const) {
      const id = await item(kind);
      const res = await jsonOf(await get(app, `${R}/${path}?${field}=${id}&rejectionId=2`, as(DEMO.FINANCE)));
      expect(res, path).toEqual({ status: 200, body: { success: true, status: "REJECTED" } });
      expect(await t.db.selectFrom("finance_items").select(["status", "rejection_id"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: "REJECTED", rejection_id: 2 });
    }
  });

  test("request for change, move stage and service category", async () => {
    const b = await item("bookingCost");
    const employee = await jsonOf(await postJson(app, `${R}/requestChangeOfBookingCost`, { bookingCostId: b, requestForChangeReason: "Quote expired" }, as(DEMO.EMPLOYEE)));
    expect(employee.status).toBe(403);
    const ok = await jsonOf(await postJson(app, `${R}/requestChangeOfBookingCost`, { bookingCostId: b, requestForChangeReason: "Quote expired" }, as(DEMO.FINANCE)));
    expect(ok).toEqual({ status: 200, body: { success: true, status: "CHANGE_REQUESTED" } });
    expect(await t.db.selectFrom("finance_items").select(["status", "change_reason"]).where("id", "=", b).executeTakeFirstOrThrow()).toEqual({ status: "CHANGE_REQUESTED", change_reason: "Quote expired" });

    const e = await expense();
    const stage = await jsonOf(await postJson(app, `${R}/updateMoveStage`, { billId: e, billType: "EXPENSE", moveStageId: 2 }, as(DEMO.FINANCE)));
    // The group's Client account in the item's currency (made on first use).
    const client = await t.db.selectFrom("finance_accounts").select(["id", "name"]).where("type", "=", "Client").where("group_id", "=", move.groupId).where("currency", "=", "USD").executeTakeFirstOrThrow();
    expect(stage).toEqual({ status: 200, body: { success: true, defaultFromAccount: client } });
    expect((await t.db.selectFrom("expenses").select("move_stage").where("id", "=", e).executeTakeFirstOrThrow()).move_stage).toBe(2);
    const bad = await jsonOf(await postJson(app, `${R}/updateMoveStage`, { billId: e, billType: "expense", moveStageId: 7 }, as(DEMO.FINANCE)));
    expect(bad.status).toBe(400);
    const category = await jsonOf(await postJson(app, `${R}/updateServiceCategory`, { billId: e, billType: "expense", serviceCategory: "Transport" }, as(DEMO.FINANCE)));
    expect(category).toEqual({ status: 200, body: { success: true, defaultFromAccount: client } });
  });

  test("/api/openapi.json describes each of the seven at both bases, with the same method", async () => {
    const doc = (await jsonOf(await get(app, "/api/openapi.json"))).body as { paths: Record<string, Record<string, unknown>> };
    expect(ROOT_ALIAS_CALLS).toHaveLength(7);
    for (const call of ROOT_ALIAS_CALLS) {
      const method = call.startsWith("reject") ? "get" : "post";
      expect(Object.keys(doc.paths[`${R}/billapproval/${call}`] ?? {}), call).toContain(method);
      expect(Object.keys(doc.paths[`${R}/${call}`] ?? {}), call).toContain(method);
    }
    // Only these seven gained a root alias (approve stays under billapproval/).
    expect(doc.paths[`${R}/approveExpense`]).toBeUndefined();
  });
});
