/**
 * Bill Approval's bill-detail panel (issue 23 item 15; part 2 §2 Bill Approval, §3 "Approval payload", §5
 * "Bill amounts" and "Bill lines", §9 limits) on the dialect under test: the panel's read
 * (finance.approval.billDetail), the bill file upload (tRPC FormData and the streamed path
 * POST /accountmanagement/billapproval/uploadBillFile, through the files service), updateBillableChanges
 * with cost centres, from/to accounts, reference, invoice date and the file, updateBillLineCache with the
 * 0.005 rule per line, the bill file read back (GET billapproval/billFile), and approve making the bill with exactly what was edited — from the saved draft and
 * from §3's payload. Refusals: an account in another currency, an employee's own file, a wrong line sum,
 * a file past 20 971 520 bytes, the wrong role (before anything is read).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config.ts";
import { MAX_FILE_BYTES } from "../../domain/employee/files/limits.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { approvalMessages as AM } from "../../domain/finance/schemas-approval.ts";
import { appFor, cookieFor, jsonOf, postJson, send, type TestApp } from "../../test/app.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";
import { expectNoServerError, outcomesOf, race } from "../../test/race.ts";

const t = useTestDatabase({ poolSize: 12 });
let dir: string;
let config: Config;
let app: TestApp;
const cookies: Record<string, string> = {};
let move: { id: number; groupId: number; employeeId: number };
let vendorId: number;
const A = "/accountmanagement/billapproval";
const NOW = new Date().toISOString();
const as = (email: string) => ({ cookie: cookies[email]!, headers: { "Sec-Fetch-Site": "same-origin" } });
const finance = () => callerFor(t.db, DEMO.FINANCE, { config });
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);
function form(fields: Record<string, string>, bytes: Uint8Array | null, name = "invoice.pdf") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (bytes) fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}

async function bookingCost(over: Record<string, unknown> = {}) {
  const row = await t.db
    .insertInto("finance_items")
    .values({
      kind: "bookingCost", group_id: move.groupId, move_id: move.id, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
      company_id: vendorId, vendor_name: "Panel Movers Ltd", description: "Settling-in booking", currency: "USD", net_amount: 20000, tax_amount: 0, gross_amount: 20000,
      created_at: NOW, updated_at: NOW, ...over,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The group's (or the vendor's) account of a type in a currency: one per owner and currency, made when missing. */
async function account(type: "Client" | "Vendor" | "Employee", currency: string, extra: Record<string, unknown> = {}) {
  let q = t.db.selectFrom("finance_accounts").select("id").where("type", "=", type).where("currency", "=", currency);
  q = type === "Vendor" ? q.where("company_id", "=", extra["company"] as number) : q.where("group_id", "=", move.groupId);
  const found = await q.executeTakeFirst();
  if (found) return found.id;
  const f = await finance();
  const { accountId } = await f.finance.accounts.create({ name: `Panel ${type} ${currency} ${crypto.randomUUID().slice(0, 8)}`, type, groupId: move.groupId, balance: "0", currency, ...extra } as never);
  return accountId;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-bill-file-"));
  config = testConfig({ FILES_DIR: dir });
  app = appFor(t.db, { config });
  for (const email of [DEMO.FINANCE, DEMO.HR, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
  const m = await demoEmployeeMove(t.db);
  move = { id: m.moveId, groupId: m.groupId, employeeId: m.employeeId };
  await t.db.deleteFrom("finance_lock_periods").execute();
  vendorId = (await t.db.insertInto("finance_companies").values({ company_name: "Panel Movers Ltd", category: "Vendor", created_at: NOW }).returning("id").executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the bill-detail panel's edits become the bill", () => {
  test("saved cost centres, accounts, reference, invoice date, file and lines are the approved bill's (no payload fields)", async () => {
    const id = await bookingCost();
    const from = await account("Client", "USD");
    const to = await account("Vendor", "USD", { company: vendorId });
    const f = await finance();

    const before = await f.finance.approval.billDetail({ id, type: "bookingCost" });
    expect(before).toMatchObject({ kind: "bookingCost", id, currency: "USD", gross: "200.00", defaultReference: `BKG-${id}`, file: null });
    expect(before.draft).toMatchObject({ version: 0, lines: null, reference: null, accountFrom: null, fileId: null });
    expect(before.fromAccounts.map((a) => a.id)).toContain(from);
    expect(before.fromAccounts.every((a) => a.type === "Client" && a.currency === "USD")).toBe(true);

    // The bill file through the files service (tRPC FormData here).
    const up = await f.finance.approval.uploadBillFile(form({ id: String(id), type: "bookingCost" }, pdf(`invoice ${crypto.randomUUID()}`)) as never);
    expect(up).toMatchObject({ success: true, fileName: "invoice.pdf", errors: null });
    const row = await t.db.selectFrom("employee_files").selectAll().where("id", "=", up.id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ group_id: move.groupId, employee_user_id: null, move_id: move.id, category_id: 6, uploaded_by_role: "FINANCE", share_mg: 0, share_hr: 0 });
    // No employee's file list shows it.
    const employeeFiles = await (await callerFor(t.db, DEMO.EMPLOYEE, { config })).files.list({});
    expect(employeeFiles.files.map((x) => x.id)).not.toContain(up.id);

    await f.finance.approval.updateBillableChanges({
      id, type: "bookingCost", gross: "200.00", net: "180.00", tax: "20.00", reference: "INV-PANEL-1", invoiceDate: "2026-11-30",
      costCenter: "CC-100", costCenter2: "CC-200", accountFrom: from, accountTo: to, fileId: up.id,
    });
    await f.finance.approval.updateBillLineCache({
      id, type: "bookingCost",
      billLinesDTOs: [
        { name: "Removal", gross: "150.00", net: "135.00", tax: "15.00", notes: "door to door", spendCategoryId: 160 },
        { name: "Storage", gross: "50.00", net: "45.00", tax: "5.00", notes: "", spendCategoryId: 161 },
      ],
    });
    const saved = await f.finance.approval.billDetail({ id, type: "bookingCost" });
    expect(saved.draft).toMatchObject({ reference: "INV-PANEL-1", invoiceDate: "2026-11-30", costCenter: "CC-100", costCenter2: "CC-200", accountFrom: from, accountTo: to, fileId: up.id, gross: "200.00" });
    expect(saved.draft.lines?.map((l) => [l.name, l.gross, l.net, l.tax, l.spendCategoryId])).toEqual([["Removal", "150.00", "135.00", "15.00", 160], ["Storage", "50.00", "45.00", "5.00", 161]]);
    expect(saved.file).toMatchObject({ id: up.id, name: "invoice.pdf" });

    const answer = await f.finance.approval.approve({ kind: "bookingCost", id });
    const bill = await t.db.selectFrom("bills").selectAll().where("id", "=", answer.billIds[0]!).executeTakeFirstOrThrow();
    expect(bill).toMatchObject({
      reference: "INV-PANEL-1", invoice_date: "2026-11-30", bill_date: "2026-11-30", cost_center: "CC-100", cost_center2: "CC-200",
      from_account_id: from, to_account_id: to, file_id: up.id, currency: "USD",
    });
    expect([Number(bill.gross_amount), Number(bill.net_amount), Number(bill.tax_amount)]).toEqual([20000, 18000, 2000]);
    const lines = await t.db.selectFrom("bill_lines").selectAll().where("bill_id", "=", bill.id).orderBy("position").execute();
    expect(lines.map((l) => [l.name, Number(l.gross_amount), Number(l.net_amount), Number(l.tax_amount), l.notes, l.spend_category_id])).toEqual([
      ["Removal", 15000, 13500, 1500, "door to door", 160],
      ["Storage", 5000, 4500, 500, "", 161],
    ]);
    // Approve consumed the draft.
    expect(await t.db.selectFrom("finance_approval_drafts").select("id").where("item_kind", "=", "bookingCost").where("item_id", "=", id).execute()).toHaveLength(0);
  });

  test("§3's approval payload wins over what was saved (the documented path), and the streamed upload files the bill file", async () => {
    const id = await bookingCost();
    const to = await account("Vendor", "USD", { company: vendorId });
    const fd = form({ id: String(id), type: "bookingCost" }, pdf(`streamed ${crypto.randomUUID()}`), "bill.pdf");
    const up = await jsonOf(await send(app, "POST", `${A}/uploadBillFile`, fd, as(DEMO.FINANCE)));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ success: true, fileName: "bill.pdf" });
    // Finance reads the bill file back (read only); other roles are refused; an employee's own file is not a bill file.
    const back = await send(app, "GET", `${A}/billFile?fileId=${up.body.id}`, null, as(DEMO.FINANCE));
    expect(back.status).toBe(200);
    expect(back.headers.get("content-disposition")).toContain('filename="bill.pdf"');
    expect(new TextDecoder().decode(await back.arrayBuffer())).toStartWith("%PDF-1.4\nstreamed ");
    expect((await send(app, "GET", `${A}/billFile?fileId=${up.body.id}`, null, as(DEMO.HR))).status).toBe(403);
    const own = await (await callerFor(t.db, DEMO.EMPLOYEE, { config })).files.upload(form({}, pdf(`own ${crypto.randomUUID()}`)) as never);
    expect((await send(app, "GET", `${A}/billFile?fileId=${own.fileID}`, null, as(DEMO.FINANCE))).status).toBe(404);
    const saved = await jsonOf(await postJson(app, `${A}/updateBillableChanges`, { id, type: "bookingCost", reference: "SAVED-REF", costCenter: "OLD", fileId: up.body.id }, as(DEMO.FINANCE)));
    expect(saved.body).toEqual({ success: true });
    const approved = await jsonOf(
      await postJson(app, `${A}/approveBookingCost`, {
        id, reference: "PAYLOAD-REF", costCenter: "CC-P", accountTo: to, invoiceDate: "2026-11-28",
        billLinesDTOs: [{ name: "All in", gross: "200.00", net: "190.00", tax: "10.00", spendCategoryId: 160 }],
      }, as(DEMO.FINANCE)),
    );
    expect(approved.status).toBe(200);
    const bill = await t.db.selectFrom("bills").selectAll().where("id", "=", approved.body.billIds[0]).executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ reference: "PAYLOAD-REF", cost_center: "CC-P", to_account_id: to, invoice_date: "2026-11-28", file_id: up.body.id });
    const lines = await t.db.selectFrom("bill_lines").selectAll().where("bill_id", "=", bill.id).execute();
    expect(lines.map((l) => [l.name, Number(l.net_amount), Number(l.tax_amount)])).toEqual([["All in", 19000, 1000]]);
  });
});

describe("refusals", () => {
  test("a line whose net and tax miss its gross by more than 0.005 is refused with §5's text; nothing is saved", async () => {
    const id = await bookingCost();
    const f = await finance();
    const err = await expectTrpcError(
      f.finance.approval.updateBillLineCache({ id, type: "bookingCost", billLinesDTOs: [{ name: "x", gross: "200.00", net: "180.00", tax: "19.99", spendCategoryId: 160 }] }),
      "BAD_REQUEST",
    );
    expect(err.message).toBe(FM.netTaxGross);
    expect(FM.netTaxGross).toBe("The net and tax amounts do not sum up to the gross amount...");
    const onlyNet = await expectTrpcError(f.finance.approval.updateBillLineCache({ id, type: "bookingCost", billLinesDTOs: [{ name: "x", gross: "200.00", net: "200.00", spendCategoryId: 160 }] }), "BAD_REQUEST");
    expect(onlyNet.message).toBe(FM.netAndTaxBoth);
    expect(await t.db.selectFrom("finance_approval_drafts").select("id").where("item_id", "=", id).where("item_kind", "=", "bookingCost").execute()).toHaveLength(0);
  });

  test("an account in another currency, an unknown account and an employee's own file cannot be saved on the bill", async () => {
    const id = await bookingCost();
    const eur = await account("Vendor", "EUR", { company: vendorId });
    const f = await finance();
    const wrong = await expectTrpcError(f.finance.approval.updateBillableChanges({ id, type: "bookingCost", accountTo: eur }), "BAD_REQUEST");
    expect(wrong.message).toBe("Please choose an account in the bill's currency (USD)");
    const unknown = await expectTrpcError(f.finance.approval.updateBillableChanges({ id, type: "bookingCost", accountFrom: 2_000_000_000 }), "BAD_REQUEST");
    expect(unknown.message).toBe(AM.accountNotFound);
    const own = await (await callerFor(t.db, DEMO.EMPLOYEE, { config })).files.upload(form({}, pdf(`mine ${crypto.randomUUID()}`)) as never);
    const foreign = await expectTrpcError(f.finance.approval.updateBillableChanges({ id, type: "bookingCost", fileId: own.fileID! }), "BAD_REQUEST");
    expect(foreign.message).toBe(AM.billFileNotFound);
    expect(await t.db.selectFrom("finance_approval_drafts").select("id").where("item_id", "=", id).where("item_kind", "=", "bookingCost").execute()).toHaveLength(0);
  });

  test("a bill file past 20 971 520 bytes is refused and nothing is filed; other roles are refused before anything is read", async () => {
    const id = await bookingCost();
    const f = await finance();
    const filesBefore = await t.db.selectFrom("employee_files").select("id").execute();
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(pdf("big"));
    await expectTrpcError(f.finance.approval.uploadBillFile(form({ id: String(id), type: "bookingCost" }, big) as never), "PAYLOAD_TOO_LARGE");
    expect(await t.db.selectFrom("employee_files").select("id").execute()).toHaveLength(filesBefore.length);
    const hr = await jsonOf(await send(app, "POST", `${A}/uploadBillFile`, form({ id: String(id), type: "bookingCost" }, pdf("hr")), as(DEMO.HR)));
    expect(hr.status).toBe(403);
    expect(hr.body.success).toBe(false);
    await expectTrpcError((await callerFor(t.db, DEMO.HR, { config })).finance.approval.billDetail({ id, type: "bookingCost" }), "FORBIDDEN");
    expect(await t.db.selectFrom("employee_files").select("id").execute()).toHaveLength(filesBefore.length);
  });
});

describe("parallel saves", () => {
  test("20 parallel saves of one item's bill: no server error, every refusal is the clear conflict text, the draft holds one of the values sent", async () => {
    const id = await bookingCost();
    const f = await finance();
    const results = await race(20, (i) => f.finance.approval.updateBillableChanges({ id, type: "bookingCost", reference: `RACE-${i}`, costCenter: `CC-${i}` }));
    const outcomes = await outcomesOf(results);
    expectNoServerError(outcomes);
    for (const o of outcomes.filter((x) => !x.ok)) expect([o.code, o.message]).toEqual(["CONFLICT", AM.changed]);
    expect(outcomes.filter((x) => x.ok).length).toBeGreaterThan(0);
    const drafts = await t.db.selectFrom("finance_approval_drafts").selectAll().where("item_kind", "=", "bookingCost").where("item_id", "=", id).execute();
    expect(drafts).toHaveLength(1);
    const saved = JSON.parse(drafts[0]!.billable!) as { reference: string; costCenter: string };
    expect(saved.costCenter).toBe(saved.reference.replace("RACE-", "CC-"));
  });
});
