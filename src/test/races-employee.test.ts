/**
 * Parallel identical requests for every guarded write of the employee area (issue 14; DESIGN.md
 * "Data": a guarded write is atomic on both databases): 50 calls released together
 * (src/test/race.ts) give one effect, clear refusals and never a 500; the rows (and audit rows) left
 * behind are checked. SQLite, and (TEST_DB=postgres) PostgreSQL with a pool wide enough for real
 * parallel transactions.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { expenseMessages } from "../domain/employee/expenses/messages.ts";
import { fileMessages } from "../domain/employee/files/messages.ts";
import { moveHubMessages } from "../domain/employee/movehub/messages.ts";
import { startFinanceProcessing } from "../services/employee/expenses/expenses.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { localFileStore } from "../services/employee/files/store.ts";
import { addFeedback, FEEDBACK_REPEAT_MS } from "../services/employee/widgets/feedback.ts";
import { mailerFor } from "../trpc.ts";
import { auditRows, callerFor, contextFor, insertTestUser, testConfig } from "./db.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "./fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "./race.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 50;
let dir: string;
let config: Config;
let employeeId: number;
let moveId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-races-employee-"));
  config = testConfig({ FILES_DIR: dir, FEEDBACK_EMAIL: "feedback@meridian.test" });
  ({ moveId, employeeId } = await demoEmployeeMove(t.db));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const caller = (email: string) => callerFor(t.db, email, { config });
/** N callers of one account, each with a session of its own (as N browser tabs or clients). */
const callers = (email: string, n = N) => Promise.all(Array.from({ length: n }, () => caller(email)));
const auditsOf = async (action: string, entityId: number) => (await auditRows(t.db, action)).filter((a) => a.entity_id === String(entityId));
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);
function formData(fields: Record<string, string>, bytes: Uint8Array, name = "doc.pdf") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}
const hubRows = () => t.db.selectFrom("move_hub_items").select(["id", "section", "sort_order", "is_done", "done_at"]).where("move_id", "=", moveId).orderBy("id").execute();
/** Every section's orders are 0…n-1, each once. */
function expectDense(rows: { section: number; sort_order: number }[]) {
  const bySection = new Map<number, number[]>();
  for (const r of rows) bySection.set(r.section, [...(bySection.get(r.section) ?? []), r.sort_order]);
  for (const [, orders] of bySection) expect(orders.sort((a, b) => a - b)).toEqual(orders.map((_, i) => i));
}

describe("move hub", () => {
  test(`${N} × DONE of one task: done once (the first time kept), every call answered, one audit row`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const hub = await me.movehub.prepare({});
    const task = hub.sections.flatMap((s) => s.items).find((i) => !i.isDone)!;
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.movehub.updateStatus({ type: "DONE", itemId: task.id, isDone: true }));
    await expectAllSucceed(results);
    const row = (await hubRows()).find((r) => r.id === task.id)!;
    expect(row.is_done).toBe(1);
    expect(row.done_at).not.toBeNull();
    expect(await auditsOf("hub-done", task.id)).toHaveLength(1);
  });

  test(`${N} × the same reorder across sections: one move, the orders stay dense, one audit row`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const hub = await me.movehub.view({});
    const item = hub.sections[0]!.items.at(-1)!;
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.movehub.updateStatus({ type: "ORDER", itemId: item.id, section: 2, order: 0 }));
    await expectAllSucceed(results);
    const rows = await hubRows();
    expect(rows.find((r) => r.id === item.id)).toMatchObject({ section: 2, sort_order: 0 });
    expectDense(rows);
    expect(await auditsOf("hub-order", item.id)).toHaveLength(1);
  });

  test(`${N} × different reorders at once: every task once, the orders stay dense`, async () => {
    const ids = (await hubRows()).map((r) => r.id);
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.movehub.updateStatus({ type: "ORDER", itemId: ids[i % ids.length]!, section: 1 + (i % 2), order: i % 3 }));
    await expectAllSucceed(results);
    const rows = await hubRows();
    expect(rows.map((r) => r.id)).toEqual(ids);
    expectDense(rows);
  });

  test(`${N} × delete of one custom task: deleted once, ${N - 1} × NOT_FOUND, the section closes its gap`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const { mhItemId } = await me.movehub.saveItem({ moveId, title: `Race ${crypto.randomUUID().slice(0, 8)}`, section: 1, order: 0 });
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.movehub.deleteItem({ mhItemId }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: moveHubMessages.itemNotFound } });
    const rows = await hubRows();
    expect(rows.some((r) => r.id === mhItemId)).toBe(false);
    expectDense(rows);
    expect(await auditsOf("hub-custom-delete", mhItemId)).toHaveLength(1);
  });
});

describe("expenses", () => {
  const submitInput = (gross: string) => ({ serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL" as const, expenseDate: "2026-11-20", currency: "USD", gross });
  const finance: SessionUser = { id: 0, email: DEMO.FINANCE, firstName: "F", lastName: "F", role: "FINANCE", groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };

  test(`${N} × delete of one expense: deleted once, ${N - 1} × NOT_FOUND, one audit row`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const { id } = await me.expenses.submit(submitInput("12.00"));
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.expenses.delete({ expenseId: id }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: expenseMessages.notFound } });
    expect(await t.db.selectFrom("expenses").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await auditsOf("expenses.delete", id)).toHaveLength(1);
  });

  test(`${N / 2} deletes against ${N / 2} finance starts of one expense: exactly one wins, the others are clear refusals`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    for (let round = 0; round < 3; round++) {
      const { id, expense } = await me.expenses.submit(submitInput(`${20 + round}.00`));
      const all = await callers(DEMO.EMPLOYEE, N / 2);
      const results = await race(N, (i): Promise<unknown> =>
        i % 2 === 0 ? all[i / 2]!.expenses.delete({ expenseId: id }) : startFinanceProcessing(t.db, { user: finance, ip: null }, id, expense.version),
      );
      await expectOneEffect(results, { refusal: { message: new RegExp(`^(${[expenseMessages.notFound, expenseMessages.processing, expenseMessages.financeConflict].map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`) } });
      const row = await t.db.selectFrom("expenses").select("status").where("id", "=", id).executeTakeFirst();
      const deleted = (await auditsOf("expenses.delete", id)).length;
      const started = (await auditsOf("expenses.inProcess", id)).length;
      expect(deleted + started).toBe(1);
      expect(row === undefined ? "deleted" : row.status).toBe(deleted === 1 ? "deleted" : "IN_PROCESS");
    }
  });
});

describe("budgets", () => {
  test(`${N} × the same HR budget save: one edit row with the value, one audit row of the change`, async () => {
    const all = await callers(DEMO.HR);
    const save = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4200" };
    const before = (await auditRows(t.db, "budgets.editBudget")).length;
    const results = await race(N, (i) => all[i]!.budgets.editBudgetSave(save));
    await expectAllSucceed(results);
    const edits = await t.db.selectFrom("move_budget_edits").select(["amount", "currency"]).where("move_id", "=", moveId).where("move_stage", "=", 1).where("group_number", "=", 1).execute();
    expect(edits).toEqual([{ amount: 420000, currency: "USD" }]);
    expect((await auditRows(t.db, "budgets.editBudget")).length - before).toBe(1);
    // A different value afterwards is a change again (audited), and back to the first value too.
    await all[0]!.budgets.editBudgetSave({ ...save, amount: "4100" });
    await all[0]!.budgets.editBudgetSave(save);
    expect((await auditRows(t.db, "budgets.editBudget")).length - before).toBe(3);
  });
});

describe("files", () => {
  test(`${N} × delete of one file: deleted once, ${N - 1} × NOT_FOUND, the blob gone, one audit row`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const up = await me.files.upload(formData({}, pdf(`race delete ${crypto.randomUUID()}`)));
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.files.delete({ fileId: up.fileID! }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: fileMessages.fileNotFound } });
    expect(await t.db.selectFrom("employee_files").select("id").where("id", "=", up.fileID!).execute()).toEqual([]);
    expect(await localFileStore(dir).exists(up.hash!)).toBe(false);
    expect(await auditsOf("file-delete", up.fileID!)).toHaveLength(1);
  });

  test(`${N} × the same change of share permissions: the value set, every call answered, one audit row`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const up = await me.files.upload(formData({}, pdf(`race share ${crypto.randomUUID()}`)));
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.files.changeSharePermissions({ fileId: up.fileID!, shareWith: ["HR"] }));
    await expectAllSucceed(results);
    const row = await t.db.selectFrom("employee_files").select(["share_mg", "share_hr"]).where("id", "=", up.fileID!).executeTakeFirstOrThrow();
    expect(row).toEqual({ share_mg: 0, share_hr: 1 });
    expect(await auditsOf("file-change", up.fileID!)).toHaveLength(1);
  });

  test(`${N} × the same upload: one blob, a row per request, no failure`, async () => {
    const me = await caller(DEMO.EMPLOYEE);
    const bytes = pdf(`race upload ${crypto.randomUUID()}`);
    const all = await callers(DEMO.EMPLOYEE);
    const results = await race(N, (i) => all[i]!.files.upload(formData({}, bytes)));
    const outcomes = await expectAllSucceed(results);
    const hash = (outcomes[0]!.value as { hash: string }).hash;
    expect(await t.db.selectFrom("employee_files").select("id").where("hash", "=", hash).execute()).toHaveLength(N);
    expect(await localFileStore(dir).exists(hash)).toBe(true);
    void me;
  });
});

describe("widgets", () => {
  test(`${N} × splash viewed: the first view kept, one row, every call answers the same time`, async () => {
    const email = `race-splash-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const userId = await insertTestUser(t.db, { email, group: "acme" });
    const splash = await t.db
      .insertInto("splash_contents")
      .values({ area: "TEST", splash_key: `RACE-${crypto.randomUUID().slice(0, 8)}`, group_id: null, title: "Welcome", body: "Hello", updated_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const all = await callers(email);
    const results = await race(N, (i) => all[i]!.widgets.splashViewed({ id: splash.id }));
    const outcomes = await expectAllSucceed(results);
    const rows = await t.db.selectFrom("splash_views").select("viewed_at").where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);
    expect(new Set(outcomes.map((o) => (o.value as { viewedAt: string }).viewedAt))).toEqual(new Set([rows[0]!.viewed_at]));
  });

  test(`${N} × the same currency set: one preference row with the value`, async () => {
    const email = `race-currency-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const userId = await insertTestUser(t.db, { email, group: "acme" });
    const all = await callers(email);
    const results = await race(N, (i) => all[i]!.widgets.setCurrency({ currency: "EUR", displayedCurrencies: ["GBP", "USD"] }));
    await expectAllSucceed(results);
    const rows = await t.db.selectFrom("user_widget_prefs").select(["selected_currency", "displayed_currencies"]).where("user_id", "=", userId).execute();
    expect(rows).toEqual([{ selected_currency: "EUR", displayed_currencies: "GBP,USD" }]);
  });

  test(`${N} × the same feedback: one feedback row and one mail, every call answered`, async () => {
    const email = `race-feedback-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const userId = await insertTestUser(t.db, { email, group: "acme" });
    const all = await callers(email);
    const results = await race(N, (i) => all[i]!.widgets.addFeedback({ rating: 5, message: "Everything arrived on time." }));
    await expectAllSucceed(results, { refusedWhen: (v) => (v.success ? null : v.message) });
    const rows = await t.db.selectFrom("feedback").select(["rating", "message", "outbox_id"]).where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, message: "Everything arrived on time." });
    const mails = await t.db.selectFrom("outbox").select("id").where("template", "=", "feedback").where("user_id", "=", userId).execute();
    expect(mails).toHaveLength(1);
    expect(rows[0]!.outbox_id).toBe(mails[0]!.id);
  });

  test("the same feedback again after the repeat window, or after its mail failed, is sent again", async () => {
    const email = `repeat-feedback-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const userId = await insertTestUser(t.db, { email, group: "acme" });
    const user = (await contextFor(t.db, email, { config })).session!.user;
    const mails = async () => (await t.db.selectFrom("outbox").select("id").where("template", "=", "feedback").where("user_id", "=", userId).execute()).length;
    const input = { rating: 4, message: "Smooth so far." };
    const start = new Date("2026-11-20T10:00:00Z");
    const deps = { db: t.db, config, mailer: mailerFor(config) };
    expect(await addFeedback(deps, user, input, start)).toMatchObject({ success: true });
    expect(await addFeedback(deps, user, input, new Date(start.getTime() + FEEDBACK_REPEAT_MS - 1000))).toMatchObject({ success: true });
    expect(await mails()).toBe(1);
    expect(await addFeedback(deps, user, input, new Date(start.getTime() + FEEDBACK_REPEAT_MS + 1000))).toMatchObject({ success: true });
    expect(await mails()).toBe(2);
    // A mail that could not be delivered does not hold back the same feedback sent again.
    const failing = testConfig({ FEEDBACK_EMAIL: "feedback@meridian.test", SMTP_URL: "smtp://127.0.0.1:1" });
    const later = new Date(start.getTime() + 3 * FEEDBACK_REPEAT_MS);
    const other = { rating: 2, message: "The mail server is down." };
    expect(await addFeedback({ db: t.db, config: failing, mailer: mailerFor(failing) }, user, other, later)).toMatchObject({ success: false });
    expect(await addFeedback(deps, user, other, new Date(later.getTime() + 1000))).toMatchObject({ success: true });
    expect(await mails()).toBe(4);
  });
});
