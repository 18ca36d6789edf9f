/**
 * Bill Approval's receipts and likely duplicates, and the due date of a bill made by approval
 * (issue 24 §1, §5), on SQLite and PostgreSQL:
 * - the list carries each expense's receipt (preview and download links) and the expense it likely
 *   duplicates (same employee, amount, date and category, or the same receipt SHA-256);
 * - GET /accountmanagement/billapproval/receipt serves the receipt to finance only (inline for a
 *   preview, framed by Meridian's own pages; attachment on download), never another group's file;
 * - approving makes a bill due the Client account's due period after the approval day (default 45 days);
 * - paying a bill that cannot be paid (Open) is refused, with the bill named when paid together.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config.ts";
import { dueDateOf } from "../../domain/finance/due-dates.ts";
import { fill, financeMessages as FM } from "../../domain/finance/messages.ts";
import { passportPng } from "../../db/seed-files.ts";
import { appFor, cookieFor, get, jsonOf, type TestApp } from "../../test/app.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase({ poolSize: 8 });
let dir: string;
let config: Config;
let app: TestApp;
const cookies: Record<string, string> = {};
let move: { id: number; groupId: number; employeeId: number };
const NOW = new Date().toISOString();
const TODAY = NOW.slice(0, 10);
const R = "/accountmanagement/billapproval/receipt";
const as = (email: string) => ({ cookie: cookies[email]!, headers: { "Sec-Fetch-Site": "same-origin" } });
const finance = () => callerFor(t.db, DEMO.FINANCE, { config });
const pdfBytes = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);

/** A receipt the employee uploads through the files API (category 6, receipts); answers its file id and hash. */
async function upload(email: string, bytes: Uint8Array, name: string) {
  const c = await callerFor(t.db, email, { config });
  const r = await c.files.upload({ categoryId: 6, file: new File([new Uint8Array(bytes)], name) } as never);
  expect(r.success).toBe(true);
  return { id: r.fileID!, hash: r.hash! };
}

async function expense(over: Record<string, unknown> = {}, m = move) {
  const row = await t.db
    .insertInto("expenses")
    .values({
      group_id: m.groupId, move_id: m.id, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
      category_other: null, description: "Taxi", expense_date: "2026-11-20", currency: "USD", net_amount: 10000, tax_amount: 0, gross_amount: 10000,
      budget_currency: "USD", budget_amount: 10000, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED", request_id: null,
      created_at: NOW, updated_at: NOW, ...over,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rowsOf(search = "") {
  const f = await finance();
  const list = await f.finance.approval.list({ search, type: "expense", page: 1, pageSize: 100 } as never);
  return new Map(list.rows.map((r) => [r.id, r]));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-receipts-"));
  config = testConfig({ FILES_DIR: dir });
  app = appFor(t.db, { config });
  for (const email of [DEMO.FINANCE, DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
  const m = await demoEmployeeMove(t.db);
  move = { id: m.moveId, groupId: m.groupId, employeeId: m.employeeId };
  await t.db.deleteFrom("finance_lock_periods").execute();
  await t.db.deleteFrom("expenses").execute();
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("duplicate flags and receipts on the approval list", () => {
  test("same employee, amount, date and category: both claims flagged, each naming the other; a rejected twin flags nothing", async () => {
    const a = await expense({ description: "Dup taxi one" });
    const b = await expense({ description: "Dup taxi two" });
    const lone = await expense({ description: "Dup lone", gross_amount: 12345, net_amount: 12345 });
    await expense({ description: "Dup lone rejected", gross_amount: 12345, net_amount: 12345, status: "REJECTED" });
    const other = await expense({ description: "Dup other date", expense_date: "2026-11-21" });
    const rows = await rowsOf("Dup ");
    expect(rows.get(b)!.duplicateOf).toEqual({ kind: "expense", id: a, reason: "details", description: "Dup taxi one", expenseDate: "2026-11-20", status: "SUBMITTED" });
    expect(rows.get(a)!.duplicateOf).toMatchObject({ id: b, reason: "details" });
    expect(rows.get(lone)!.duplicateOf).toBeNull();
    expect(rows.get(other)!.duplicateOf).toBeNull();
    expect(rows.get(a)!.receipt).toBeNull();
  });

  test("a pending claim matching an approved one names it; the same receipt bytes match across dates, amounts and categories", async () => {
    const paid = await expense({ description: "Hash paid flight", category: "FEES", status: "APPROVED", gross_amount: 777, net_amount: 777 });
    const pendingTwin = await expense({ description: "Hash pending twin", category: "FEES", gross_amount: 777, net_amount: 777 });
    const png = await upload(DEMO.EMPLOYEE, passportPng({ firstName: "Receipt", lastName: "Test", email: "r@t.test" }), "taxi-receipt.png");
    const again = await upload(DEMO.EMPLOYEE, passportPng({ firstName: "Receipt", lastName: "Test", email: "r@t.test" }), "taxi-receipt-copy.png");
    expect(again.hash).toBe(png.hash);
    const first = await expense({ description: "Hash first", receipt_file_id: png.id, gross_amount: 5000, net_amount: 5000, expense_date: "2026-11-01" });
    const second = await expense({ description: "Hash second", receipt_file_id: again.id, gross_amount: 6100, net_amount: 6100, expense_date: "2026-11-09", category: "MEALS" });
    const rows = await rowsOf("Hash ");
    expect(rows.get(pendingTwin)!.duplicateOf).toMatchObject({ id: paid, reason: "details", status: "APPROVED" });
    expect(rows.get(second)!.duplicateOf).toMatchObject({ id: first, reason: "receipt", description: "Hash first" });
    expect(rows.get(first)!.duplicateOf).toMatchObject({ id: second, reason: "receipt" });
    expect(rows.get(first)!.receipt).toEqual({
      fileName: "taxi-receipt.png",
      contentType: "image/png",
      previewUrl: `${R}?type=expense&id=${first}`,
      downloadUrl: `${R}?type=expense&id=${first}&download=true`,
    });
    expect(rows.get(second)!.receipt!.fileName).toBe("taxi-receipt-copy.png");
  });

  test("the list is finance's only", async () => {
    for (const email of [DEMO.HR, DEMO.EMPLOYEE, DEMO.GLOBEX]) {
      const c = await callerFor(t.db, email, { config });
      await expectTrpcError(c.finance.approval.list({ search: "", page: 1, pageSize: 10 } as never), "FORBIDDEN");
    }
  });
});

describe("the receipt file route", () => {
  let imageExpense: number;
  let pdfExpense: number;
  let bareExpense: number;
  beforeAll(async () => {
    const png = await upload(DEMO.EMPLOYEE, passportPng({ firstName: "Route", lastName: "Png", email: "p@t.test" }), "hotel.png");
    const pdf = await upload(DEMO.EMPLOYEE, pdfBytes("route receipt"), "hotel.pdf");
    imageExpense = await expense({ description: "Route image", receipt_file_id: png.id, gross_amount: 4101, net_amount: 4101 });
    pdfExpense = await expense({ description: "Route pdf", receipt_file_id: pdf.id, gross_amount: 4102, net_amount: 4102 });
    bareExpense = await expense({ description: "Route bare", gross_amount: 4103, net_amount: 4103 });
  });

  test("finance (and admin) get an image inline, framed only by Meridian's own pages", async () => {
    for (const email of [DEMO.FINANCE, DEMO.ADMIN]) {
      const res = await get(app, `${R}?type=expense&id=${imageExpense}`, as(email));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-disposition")).toStartWith("inline;");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("content-security-policy")).not.toContain("script-src");
      expect(new Uint8Array(await res.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
    }
  });

  test("a PDF previews inline; download=true answers an attachment and the page's own headers", async () => {
    const inline = await get(app, `${R}?type=expense&id=${pdfExpense}`, as(DEMO.FINANCE));
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toStartWith("inline;");
    const download = await get(app, `${R}?type=expense&id=${pdfExpense}&download=true`, as(DEMO.FINANCE));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toStartWith('attachment; filename="hotel.pdf"');
    expect(download.headers.get("x-frame-options")).toBe("DENY");
    expect(new TextDecoder().decode(await download.arrayBuffer())).toContain("route receipt");
  });

  test("other roles are refused, the employee and other groups included", async () => {
    for (const email of [DEMO.HR, DEMO.EMPLOYEE, DEMO.GLOBEX]) {
      const res = await get(app, `${R}?type=expense&id=${imageExpense}`, as(email));
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
    expect((await get(app, `${R}?type=expense&id=${imageExpense}`, { headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(401);
  });

  test("no receipt, another kind, a missing expense, or a file of another group or employee: 404 as no file", async () => {
    const globex = await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.id", "m.group_id", "m.employee_user_id"])
      .where("u.email", "=", "employee@globex.test")
      .orderBy("m.id", "desc")
      .executeTakeFirstOrThrow();
    const acmeFile = (await t.db.selectFrom("expenses").select("receipt_file_id").where("id", "=", imageExpense).executeTakeFirstOrThrow()).receipt_file_id;
    // A globex expense pointing at acme's file (a forged row) still never serves it.
    const forged = await expense({ description: "Route forged", receipt_file_id: acmeFile }, { id: globex.id, groupId: globex.group_id, employeeId: globex.employee_user_id });
    for (const path of [`${R}?type=expense&id=${bareExpense}`, `${R}?type=bookingCost&id=${imageExpense}`, `${R}?type=expense&id=99999999`, `${R}?type=expense&id=${forged}`]) {
      const res = await get(app, path, as(DEMO.FINANCE));
      expect(res.status).toBe(404);
      const { body } = (await jsonOf(res)) as { body: { success: boolean; errorMessage: string } };
      expect(body.success).toBe(false);
      expect(body.errorMessage.length).toBeGreaterThan(0);
    }
  });

  test("malformed requests answer 400, never 500", async () => {
    for (const q of ["", "?type=expense", "?type=expense&id=abc", "?type=nope&id=1", "?type=expense&id=-4", `?type=expense&id=${imageExpense}&download=maybe`]) {
      const res = await get(app, `${R}${q}`, as(DEMO.FINANCE));
      expect(res.status).toBe(400);
    }
  });
});

describe("a bill made by approval is due the account's due period after the approval day", () => {
  test("default NEXT_45_DAYS, then the Client account's own period", async () => {
    const f = await finance();
    const first = await expense({ description: "Due first", gross_amount: 2101, net_amount: 2101 });
    const r1 = await f.finance.approval.approve({ kind: "expense", id: first } as never);
    const bill1 = await t.db.selectFrom("bills").select(["due_date", "from_account_id"]).where("id", "=", r1.billIds[0]!).executeTakeFirstOrThrow();
    expect(bill1.due_date).toBe(dueDateOf(TODAY, "NEXT_45_DAYS"));
    const client = await t.db.selectFrom("finance_accounts").select(["id", "due_date_period", "version"]).where("id", "=", bill1.from_account_id!).executeTakeFirstOrThrow();
    expect(client.due_date_period).toBe("NEXT_45_DAYS");

    await t.db.updateTable("finance_accounts").set({ due_date_period: "NEXT_15_DAYS" }).where("id", "=", client.id).execute();
    const second = await expense({ description: "Due second", gross_amount: 2102, net_amount: 2102 });
    const r2 = await f.finance.approval.approve({ kind: "expense", id: second } as never);
    const bill2 = await t.db.selectFrom("bills").select("due_date").where("id", "=", r2.billIds[0]!).executeTakeFirstOrThrow();
    expect(bill2.due_date).toBe(dueDateOf(TODAY, "NEXT_15_DAYS"));
    await t.db.updateTable("finance_accounts").set({ due_date_period: "NEXT_45_DAYS" }).where("id", "=", client.id).execute();
  });
});

describe("only a bill that can be paid is paid", () => {
  test("an Open bill is refused; paid together with a payable one, neither is paid and the refusal names the Open bill", async () => {
    const f = await finance();
    const a = await f.finance.approval.approve({ kind: "expense", id: await expense({ description: "Pay open", gross_amount: 3101, net_amount: 3101 }) } as never);
    const b = await f.finance.approval.approve({ kind: "expense", id: await expense({ description: "Pay pending", gross_amount: 3102, net_amount: 3102 }) } as never);
    const open = a.billIds[0]!;
    const pending = b.billIds[0]!;
    const marked = await f.finance.bills.updateStatus({ bills: [{ id: pending, status: "PaymentPending" }] } as never);
    expect(marked[0]!.success).toBe(true);

    const list = await f.finance.bills.list({ status: "Open", search: "", page: 1, pageSize: 100 } as never);
    expect(list.rows.find((r) => r.id === open)!.actions.pay).toBe(false);
    const pendingList = await f.finance.bills.list({ status: "PaymentPending", search: "", page: 1, pageSize: 100 } as never);
    expect(pendingList.rows.find((r) => r.id === pending)!.actions.pay).toBe(true);

    const alone = await f.finance.bills.updateStatus({ bills: [{ id: open, status: "Paid", paymentDate: TODAY }] } as never);
    expect(alone[0]).toMatchObject({ success: false, errorMessage: fill(FM.transitionNotAllowed, { from: "Open", to: "Paid" }) });

    const together = await f.finance.bills.updateStatus({
      bills: [
        { id: pending, status: "Paid", paymentDate: TODAY, multipleBills: true },
        { id: open, status: "Paid", paymentDate: TODAY, multipleBills: true },
      ],
    } as never);
    const why = fill(FM.multiBillRefused, { id: String(open), reason: fill(FM.transitionNotAllowed, { from: "Open", to: "Paid" }) });
    expect(together.map((r) => [r.success, r.errorMessage])).toEqual([
      [false, why],
      [false, why],
    ]);
    const states = await t.db.selectFrom("bills").select(["id", "status"]).where("id", "in", [open, pending]).orderBy("id").execute();
    expect(Object.fromEntries(states.map((s) => [s.id, s.status]))).toEqual({ [open]: "Open", [pending]: "PaymentPending" });
    expect(await t.db.selectFrom("payments").select("id").where("bill_id", "in", [open, pending]).execute()).toEqual([]);
  });
});
