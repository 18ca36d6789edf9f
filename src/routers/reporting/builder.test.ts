/**
 * The custom report builder (`reportBuilder.*`, issue 26) on the database TEST_DB names: save, edit, clone,
 * delete, preview and run (runCustomReport), permissions and field overrides; the allow-list (a column or table
 * outside the subject is refused), the group and a manager's restrictions, the save-name race.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { builderMessages } from "../../domain/reporting/builder-messages.ts";
import type { TReportDefinition } from "../../domain/reporting/builder-schemas.ts";
import type { ReportRow, ReportViewer } from "../../domain/reporting/types.ts";
import { runCustomReport, runDefinition } from "../../services/reporting/custom-run.ts";
import { releasedVersionOf } from "../../services/moves/wizard/initiation-testing.ts";
import { auditRows, callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";

const t = useTestDatabase();
let acmeId = 0;
let globexId = 0;
let managerId = 0;
let hr2 = "";

const moveFields = [
  { id: "moves.moveId", title: "Move", order: 0 },
  { id: "moves.status", title: "Status", order: 1 },
  { id: "moves.destinationCountry", title: "To", order: 2 },
];
const saveInput = (name: string, extra: Record<string, unknown> = {}) => ({ group: "acme", reportName: name, subject: "moves" as const, fields: moveFields, ...extra });

async function all(rows: AsyncIterable<ReportRow>) {
  const out: ReportRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}
const viewer = (userId: number, role: ReportViewer["role"], groupId: number): ReportViewer => ({ userId, role, groupId, lang: "en" });

async function insertMove(createdBy: number | null, destination: string) {
  const version = await releasedVersionOf(t.db, "Global Long-Term Assignment");
  const employeeId = await insertTestUser(t.db, { email: `rb.${destination}.${Math.random().toString(36).slice(2)}@acme.test`, role: "EMPLOYEE", group: "acme" });
  const now = new Date().toISOString();
  return (
    await t.db
      .insertInto("moves")
      .values({ group_id: acmeId, employee_user_id: employeeId, policy_id: version.policyId, policy_version_id: version.versionId, status: "open", origin_country_code: "GB", destination_country_code: destination, created_by: createdBy, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  globexId = (await t.db.selectFrom("groups").select("id").where("name", "=", "globex").executeTakeFirstOrThrow()).id;
  managerId = (await t.db.selectFrom("users").select("id").where("email", "=", "manager@acme.test").executeTakeFirstOrThrow()).id;
  hr2 = "rb.hr2@acme.test";
  await insertTestUser(t.db, { email: hr2, role: "HR", group: "acme" });
});

describe("save and run", () => {
  test("HR saves a moves report; it runs with acme's moves only, in column order; an audit row is written", async () => {
    const hr = await t.hrAcme();
    const saved = await hr.reportBuilder.save(saveInput("Moves by status"));
    expect(saved.success).toBe(true);
    expect(saved.version).toBe(1);
    const row = await t.db.selectFrom("reports").selectAll().where("id", "=", saved.reportId).executeTakeFirstOrThrow();
    expect(row.type).toBe("CUSTOM");
    expect(row.group_id).toBe(acmeId);
    const result = await runCustomReport(t.db, viewer(row.created_by!, "HR", acmeId), saved.reportId, {});
    expect(result.columns.map((c) => c.title)).toEqual(["Move", "Status", "To"]);
    const rows = await all(result.rows);
    const acmeMoves = await t.db.selectFrom("moves").select("id").where("group_id", "=", acmeId).orderBy("id").execute();
    expect(rows.map((r) => r.moveId)).toEqual(acmeMoves.map((m) => m.id));
    expect((await auditRows(t.db, "report.create")).some((a) => a.entity_id === String(saved.reportId))).toBe(true);
    // Another group's viewer cannot run it.
    await expect(runCustomReport(t.db, viewer(1, "HR", globexId), saved.reportId, {})).rejects.toThrow(builderMessages.unknownReport);
  });

  test("the edit page reads it; an edit is a conditional update on the version", async () => {
    const hr = await t.hrAcme();
    const { reportId } = await hr.reportBuilder.save(saveInput("Editable"));
    const got = await hr.reportBuilder.get({ group: "acme", reportId });
    expect(got.definition.fields.map((f) => f.id)).toEqual(moveFields.map((f) => f.id));
    const edited = await hr.reportBuilder.save(saveInput("Editable renamed", { editReportId: reportId, version: got.version }));
    expect(edited.version).toBe(2);
    await expectTrpcError(hr.reportBuilder.save(saveInput("Editable stale", { editReportId: reportId, version: 1 })), "CONFLICT", builderMessages.staleEdit);
    expect((await hr.reportBuilder.get({ group: "acme", reportId })).name).toBe("Editable renamed");
  });

  test("a name and at least one column are required (zod); a name is unique per group", async () => {
    const hr = await t.hrAcme();
    await expectInputError(hr.reportBuilder.save(saveInput("")), "reportName");
    await expectInputError(hr.reportBuilder.save(saveInput("No columns", { fields: [] })), "fields");
    await hr.reportBuilder.save(saveInput("Taken"));
    await expectTrpcError(hr.reportBuilder.save(saveInput("TAKEN")), "CONFLICT", builderMessages.nameTaken);
    // The same name in another group is fine.
    const globex = await t.hrGlobex();
    expect((await globex.reportBuilder.save({ ...saveInput("Taken"), group: "globex" })).success).toBe(true);
  });

  test("parallel saves of one name: one report, the others a clear CONFLICT", async () => {
    const results = await race(6, async () => (await t.hrAcme()).reportBuilder.save(saveInput("Raced name")));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: builderMessages.nameTaken } });
    const rows = await t.db.selectFrom("reports").select("id").where("group_id", "=", acmeId).where("name", "=", "Raced name").where("deleted_at", "is", null).execute();
    expect(rows.length).toBe(1);
  });

  test("group-by and totals: expenses per currency, sums equal to the rows' sums", async () => {
    const hr = await t.hrAcme();
    const def: TReportDefinition = {
      subject: "expenses",
      fields: [{ id: "expenses.currency", title: "Currency", order: 0 }, { id: "expenses.grossAmount", title: "Gross", order: 1 }],
      rules: { combinator: "and", rules: [] },
      groupBy: ["expenses.currency"],
      totals: ["expenses.grossAmount"],
    };
    const preview = await hr.reportBuilder.preview({ group: "acme", definition: def });
    expect(preview.columns.map((c) => c.key)).toEqual(["currency", "count", "total_grossAmount"]);
    const raw = await t.db.selectFrom("expenses").select(["currency", "gross_amount"]).where("group_id", "=", acmeId).execute();
    expect(raw.length).toBeGreaterThan(0);
    const expected = new Map<string, { n: number; sum: number }>();
    for (const r of raw) {
      const e = expected.get(r.currency) ?? { n: 0, sum: 0 };
      expected.set(r.currency, { n: e.n + 1, sum: e.sum + Number(r.gross_amount) });
    }
    expect(preview.rows.length).toBe(expected.size);
    for (const r of preview.rows) expect({ n: r.count, sum: r.total_grossAmount }).toEqual(expected.get(String(r.currency))!);
    // Totals without a group-by: the rows, then a total row per currency.
    const rows = await all((await runDefinition(t.db, viewer(1, "HR", acmeId), { ...def, groupBy: [] })).rows);
    const totals = rows.slice(raw.length);
    expect(totals.length).toBe(expected.size);
    for (const r of totals) expect(r.grossAmount).toBe(expected.get(String(r.currency))!.sum);
  });

  test("a rule tree filters the preview (and/or groups)", async () => {
    const hr = await t.hrAcme();
    const gb = await insertMove(null, "ZZ");
    const definition: TReportDefinition = {
      subject: "moves",
      fields: moveFields,
      rules: { combinator: "or", rules: [{ field: "moves.destinationCountry", operator: "=", value: "ZZ" }, { combinator: "and", rules: [{ field: "moves.moveId", operator: "<", value: 0 }] }] },
      groupBy: [],
      totals: [],
    };
    const preview = await hr.reportBuilder.preview({ group: "acme", definition });
    expect(preview.rows.map((r) => r.moveId)).toEqual([gb]);
  });
});

describe("the allow-list", () => {
  test("a column outside the subject, another subject's field or a table.column is refused", async () => {
    const hr = await t.hrAcme();
    for (const id of ["moves.passwordHash", "users.password_hash", "bills.grossAmount", "m.group_id", "password_hash"]) {
      await expectTrpcError(hr.reportBuilder.save(saveInput(`Bad ${id}`, { fields: [{ id, title: "X", order: 0 }] })), "BAD_REQUEST", builderMessages.fieldNotAvailable);
    }
    await expectTrpcError(
      hr.reportBuilder.save(saveInput("Bad rule", { rules: { combinator: "and", rules: [{ field: "users.password_hash", operator: "=", value: "x" }] } })),
      "BAD_REQUEST",
      builderMessages.fieldNotAvailable,
    );
    await expectTrpcError(hr.reportBuilder.save(saveInput("Bad group", { groupBy: ["sessions.id"] })), "BAD_REQUEST", builderMessages.fieldNotAvailable);
    // A derived field cannot be filtered; a text field cannot be compared with "<".
    await expectTrpcError(
      hr.reportBuilder.preview({ group: "acme", definition: { subject: "bills", fields: [{ id: "bills.stage", title: "Stage", order: 0 }], rules: { combinator: "and", rules: [{ field: "bills.stage", operator: "=", value: "Paid" }] }, groupBy: [], totals: [] } }),
      "BAD_REQUEST",
      builderMessages.notFilterable,
    );
    // Numbers stay within a 32-bit integer (every number column on both databases holds that).
    await expectTrpcError(
      hr.reportBuilder.preview({ group: "acme", definition: { subject: "moves", fields: moveFields, rules: { combinator: "and", rules: [{ field: "moves.moveId", operator: "=", value: 1e12 }] }, groupBy: [], totals: [] } }),
      "BAD_REQUEST",
    );
    const reports = await t.db.selectFrom("reports").select("id").where("name", "like", "Bad %").execute();
    expect(reports.length).toBe(0);
  });

  test("a stored definition naming a forbidden column is refused when run, never compiled", async () => {
    const now = new Date().toISOString();
    const bad = { subject: "moves", fields: [{ id: "moves.passwordHash", title: "P", order: 0 }], rules: { combinator: "and", rules: [] }, groupBy: [], totals: [] };
    const { id } = await t.db
      .insertInto("reports")
      .values({ type: "OLD", subject: "moves", category: "Custom", name: "Tampered", group_id: acmeId, definition: JSON.stringify(bad), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(runCustomReport(t.db, viewer(1, "HR", acmeId), id, {})).rejects.toThrow(builderMessages.fieldNotAvailable);
  });
});

describe("a manager's custom report", () => {
  test("never returns rows outside the manager's restrictions (OWN, then NONE)", async () => {
    const own = await insertMove(managerId, "NL");
    const others = await insertMove(null, "NL");
    const now = new Date().toISOString();
    await t.db.deleteFrom("manager_restrictions").where("user_id", "=", managerId).execute();
    await t.db.insertInto("manager_restrictions").values({ user_id: managerId, group_id: acmeId, view_restriction: "OWN", updated_at: now }).execute();
    const { reportId } = await (await t.hrAcme()).reportBuilder.save(saveInput("Manager NL", { rules: { combinator: "and", rules: [{ field: "moves.destinationCountry", operator: "=", value: "NL" }] } }));
    const ids = (await all((await runCustomReport(t.db, viewer(managerId, "MANAGER", acmeId), reportId, {})).rows)).map((r) => r.moveId);
    expect(ids).toContain(own);
    expect(ids).not.toContain(others);
    const visible = await t.db.selectFrom("moves").select("id").where("group_id", "=", acmeId).where((eb) => eb.or([eb("created_by", "=", managerId), eb("initiated_by", "=", managerId)])).execute();
    for (const id of ids) expect(visible.map((v) => v.id)).toContain(id as number);
    await t.db.updateTable("manager_restrictions").set({ view_restriction: "NONE" }).where("user_id", "=", managerId).execute();
    expect((await all((await runCustomReport(t.db, viewer(managerId, "MANAGER", acmeId), reportId, {})).rows)).length).toBe(0);
    await t.db.deleteFrom("manager_restrictions").where("user_id", "=", managerId).execute();
  });
});

describe("access", () => {
  test("role first: employees, managers and finance are refused; another group's HR is refused", async () => {
    for (const email of [DEMO.EMPLOYEE, "manager@acme.test", DEMO.FINANCE]) {
      const c = await callerFor(t.db, email);
      await expectTrpcError(c.reportBuilder.save(saveInput("Nope")), "FORBIDDEN");
      await expectTrpcError(c.reportBuilder.fields({ group: "acme" }), "FORBIDDEN");
    }
    const globex = await t.hrGlobex();
    await expectTrpcError(globex.reportBuilder.save(saveInput("Nope")), "FORBIDDEN");
    await expectTrpcError(globex.reportBuilder.permissions({ group: "acme" }), "FORBIDDEN");
    const { reportId } = await (await t.hrAcme()).reportBuilder.save(saveInput("Acme only"));
    await expectTrpcError(globex.reportBuilder.get({ group: "globex", reportId }), "NOT_FOUND");
    await expectTrpcError(globex.reportBuilder.delete({ group: "globex", reportId }), "NOT_FOUND");
    await expectTrpcError(globex.reportBuilder.clone({ group: "globex", reportId, reportName: "Stolen" }), "NOT_FOUND");
  });

  test("admins act in the group they name", async () => {
    const admin = await t.admin();
    const saved = await admin.reportBuilder.save({ ...saveInput("Admin's report"), group: "globex" });
    const row = await t.db.selectFrom("reports").select("group_id").where("id", "=", saved.reportId).executeTakeFirstOrThrow();
    expect(row.group_id).toBe(globexId);
  });
});

describe("clone and delete", () => {
  test("clone copies the definition under a new name; a name in use is refused", async () => {
    const hr = await t.hrAcme();
    const { reportId } = await hr.reportBuilder.save(saveInput("To clone"));
    const clone = await hr.reportBuilder.clone({ group: "acme", reportId, reportName: "Cloned" });
    const got = await hr.reportBuilder.get({ group: "acme", reportId: clone.reportId });
    expect(got.baseReportId).toBe(reportId);
    expect(got.definition.fields.map((f) => f.id)).toEqual(moveFields.map((f) => f.id));
    await expectTrpcError(hr.reportBuilder.clone({ group: "acme", reportId, reportName: "To clone" }), "CONFLICT", builderMessages.nameTaken);
  });

  test("HR delete their own reports only; admins any; parallel deletes: one effect", async () => {
    const hr = await t.hrAcme();
    const other = await callerFor(t.db, hr2);
    const mine = await hr.reportBuilder.save(saveInput("Mine to delete"));
    const theirs = await other.reportBuilder.save(saveInput("Theirs"));
    await expectTrpcError(hr.reportBuilder.delete({ group: "acme", reportId: theirs.reportId }), "FORBIDDEN", builderMessages.notOwnReport);
    expect((await hr.reportBuilder.delete({ group: "acme", reportId: mine.reportId })).success).toBe(true);
    await expectTrpcError(hr.reportBuilder.get({ group: "acme", reportId: mine.reportId }), "NOT_FOUND");
    // The name is free again once deleted.
    expect((await hr.reportBuilder.save(saveInput("Mine to delete"))).success).toBe(true);
    const results = await race(4, async () => (await t.admin()).reportBuilder.delete({ group: "acme", reportId: theirs.reportId }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: builderMessages.unknownReport } });
    expect((await auditRows(t.db, "report.delete")).filter((a) => a.entity_id === String(theirs.reportId)).length).toBe(1);
  });
});

describe("permissions and field overrides", () => {
  test("the reporting table: rows enabled by default; saved rows read back; another group's report refused", async () => {
    const hr = await t.hrAcme();
    const { reportId } = await hr.reportBuilder.save(saveInput("Permissioned"));
    const before = await hr.reportBuilder.permissions({ group: "acme" });
    const row = before.reports.find((r) => r.id === reportId)!;
    expect(row).toMatchObject({ enabled: true, reportType: "CUSTOM", isDimension: false, displayName: null });
    await hr.reportBuilder.savePermissions({ group: "acme", permissions: [{ id: reportId, enabled: false, isDimension: false, displayName: "Our name" }] });
    const after = await hr.reportBuilder.permissions({ group: "acme" });
    expect(after.reports.find((r) => r.id === reportId)).toMatchObject({ enabled: false, displayName: "Our name" });
    const globexReport = await (await t.hrGlobex()).reportBuilder.save({ ...saveInput("Globex perm"), group: "globex" });
    await expectTrpcError(hr.reportBuilder.savePermissions({ group: "acme", permissions: [{ id: globexReport.reportId, enabled: false, isDimension: false }] }), "NOT_FOUND");
    expect((await auditRows(t.db, "report.permissions")).length).toBeGreaterThan(0);
  });

  test("the reporting table lists every chart of the catalogue; a chart turned off leaves the group's chart list", async () => {
    const hr = await t.hrAcme();
    const catalogue = await t.db.selectFrom("chart_reports").select(["id", "title"]).orderBy("sort_order").orderBy("id").execute();
    expect(catalogue.length).toBeGreaterThan(0);
    const data = await hr.reportBuilder.permissions({ group: "acme" });
    expect(data.charts.map((c) => [c.id, c.name, c.enabled])).toEqual(catalogue.map((c) => [c.id, c.title, true]));
    const chart = catalogue[0]!;
    await hr.reportBuilder.savePermissions({ group: "acme", permissions: [{ id: chart.id, enabled: false, isDimension: true, displayName: "Our moves" }] });
    expect((await hr.reportBuilder.permissions({ group: "acme" })).charts.find((c) => c.id === chart.id)).toMatchObject({ enabled: false, displayName: "Our moves" });
    expect((await hr.charts.list({ group: "acme" })).charts.map((c) => c.id)).not.toContain(chart.id);
    await expectTrpcError(hr.reportBuilder.savePermissions({ group: "acme", permissions: [{ id: 987_654, enabled: false, isDimension: true }] }), "NOT_FOUND");
    await hr.reportBuilder.savePermissions({ group: "acme", permissions: [{ id: chart.id, enabled: true, isDimension: true }] });
    expect((await hr.charts.list({ group: "acme" })).charts.map((c) => c.id)).toContain(chart.id);
  });

  test("field overrides: an enabled field needs a title, one must be enabled; a disabled field cannot be saved; titles follow", async () => {
    const hr = await t.hrAcme();
    await expectTrpcError(hr.reportBuilder.saveFields({ group: "acme", fields: [{ id: "moves.status", enabled: true, editableName: " " }] }), "BAD_REQUEST", builderMessages.fieldTitleRequired);
    await expectTrpcError(hr.reportBuilder.saveFields({ group: "acme", fields: [{ id: "moves.status", enabled: false, editableName: "S" }] }), "BAD_REQUEST", builderMessages.oneFieldEnabled);
    await expectTrpcError(hr.reportBuilder.saveFields({ group: "acme", fields: [{ id: "users.password_hash", enabled: true, editableName: "P" }] }), "BAD_REQUEST", builderMessages.unknownField);
    await hr.reportBuilder.saveFields({ group: "acme", fields: [{ id: "moves.originCity", enabled: false, editableName: "From" }, { id: "moves.destinationCity", enabled: true, editableName: "Where to" }] });
    const fields = await hr.reportBuilder.fields({ group: "acme" });
    expect(fields.fields.find((f) => f.id === "moves.originCity")).toMatchObject({ enabled: false });
    expect(fields.fields.find((f) => f.id === "moves.destinationCity")).toMatchObject({ enabled: true, editableName: "Where to" });
    await expectTrpcError(hr.reportBuilder.save(saveInput("Disabled field", { fields: [{ id: "moves.originCity", title: "From", order: 0 }] })), "BAD_REQUEST", builderMessages.fieldDisabled);
    // globex is untouched.
    const globexFields = await (await t.hrGlobex()).reportBuilder.fields({ group: "globex" });
    expect(globexFields.fields.find((f) => f.id === "moves.originCity")).toMatchObject({ enabled: true });
    await hr.reportBuilder.saveFields({ group: "acme", fields: [{ id: "moves.originCity", enabled: true, editableName: "Origin city" }] });
  });
});
