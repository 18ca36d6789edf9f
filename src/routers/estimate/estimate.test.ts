import { describe, expect, test } from "bun:test";
import { estimateMessages, estimateText } from "../../domain/estimate/messages.ts";
import { messages } from "../../domain/messages.ts";
import { ASYNC_POLL_MAX, type TCostEstimateView } from "../../domain/estimate/schemas.ts";
import { runPendingJobs } from "../../services/jobs/queue.ts";
import { countTable, createTestMove } from "../../services/moves/wizard/initiation-testing.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import type { ZodError } from "zod";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { appFor, cookieFor, get } from "../../test/app.ts";
import { testConfig } from "../../test/db.ts";
import { createMailer } from "../../services/mail.ts";
import { sessionIdFor } from "../../services/identity/auth.ts";

const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee, finance } = t;

const jobDeps = () => ({ db: t.db, config: testConfig(), mailer: createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" }) });

async function ltaMove() {
  return createTestMove(t.db); // acme, Global Long-Term Assignment (ADVANCED, balance sheet)
}

async function staMove() {
  return createTestMove(t.db, { policy: "Short-Term Assignment" });
}

const ref = (m: { employeeId: number; moveId: number }) => ({ employeeId: m.employeeId, moveId: m.moveId });

function estimateRows(moveId: number) {
  return t.db.selectFrom("cost_estimates").selectAll().where("move_id", "=", moveId).orderBy("version_number").execute();
}

/**
 * Polls a recalculation as the page does (without the 2 s wait): the in-process worker may be running
 * it (Processing or Pending: poll again), have run it (Done), or not have started, when the poll runs it (Forced).
 */
async function pollUntilSettled(hr: Awaited<ReturnType<typeof hrAcme>>, uuid: string) {
  let status = await hr.estimate.asyncStatus({ uuid, pollNumber: 1 });
  // Pending too: on PostgreSQL another claim of the same job may be committing at that moment.
  for (let poll = 2; (status.status === "Processing" || status.status === "Pending") && poll <= ASYNC_POLL_MAX; poll++) {
    await Bun.sleep(20);
    status = await hr.estimate.asyncStatus({ uuid, pollNumber: poll });
  }
  return status.status;
}

function serviceRows(view: TCostEstimateView) {
  return view.servicesEstimation.servicesEstimations;
}

describe("estimate.estimationView (query) never writes", () => {
  test("no version is stored by the query, whatever flags are sent; it answers the stored current version", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const flags = { createIfNecessary: true, recalculateEstimationView: true } as Record<string, unknown>;
    expect(await hr.estimate.estimationView({ ...ref(move), ...flags } as never)).toMatchObject({ exists: false, costEstimate: null });
    expect(await estimateRows(move.moveId)).toHaveLength(0);
    const opened = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const read = await hr.estimate.estimationView({ ...ref(move), ...flags } as never);
    expect(read.costEstimate?.costEstimateId).toBe(opened.costEstimateId);
    expect(await estimateRows(move.moveId)).toHaveLength(1);
  });

  test("over HTTP: the query is a GET that stores nothing; openEstimationView and asyncStatus are POST-only mutations", async () => {
    const move = await ltaMove();
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, DEMO.HR);
    const input = encodeURIComponent(JSON.stringify({ ...ref(move), createIfNecessary: true, recalculateEstimationView: true }));
    expect((await get(app, `/trpc/estimate.estimationView?input=${input}`, { cookie })).status).toBe(200);
    expect((await get(app, `/trpc/estimate.openEstimationView?input=${input}`, { cookie })).status).toBe(405);
    expect((await get(app, `/trpc/estimate.asyncStatus?input=${encodeURIComponent(JSON.stringify({ uuid: crypto.randomUUID(), pollNumber: 1 }))}`, { cookie })).status).toBe(405);
    expect(await estimateRows(move.moveId)).toHaveLength(0);
  });
});

describe("estimate.openEstimationView", () => {
  test("creates version 1 when necessary, then answers it as an existing estimate", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const none = await hr.estimate.openEstimationView({ ...ref(move), createIfNecessary: false });
    expect(none).toMatchObject({ success: true, exists: false, costEstimate: null });
    // The query is read only: it reports no estimate yet and stores nothing.
    expect(await hr.estimate.estimationView(ref(move))).toMatchObject({ success: true, exists: false, costEstimate: null });
    expect(await estimateRows(move.moveId)).toHaveLength(0);

    const first = await hr.estimate.openEstimationView(ref(move));
    expect(first.existingEstimate).toBe(false);
    const view = first.costEstimate!;
    expect(view).toMatchObject({ type: "ADVANCED", versionNumber: 1, current: true, moveId: move.moveId, employeeId: move.employeeId, group: "acme" });
    expect(view.years).toBeGreaterThanOrEqual(1);
    expect(view.years).toBeLessThanOrEqual(7);
    expect(view.yearLabels).toHaveLength(view.years);
    expect(view.totalPerYear).toHaveLength(view.years);
    expect(view.sections.length).toBeGreaterThan(0);
    // Totals are whole units of the display currency (minor units divisible by 100 for USD-like currencies).
    expect(view.total % 100).toBe(0);
    expect(view.employeeInformation.policyName).toBe("Global Long-Term Assignment");
    // Every item explains itself.
    const item = view.sections.flatMap((s) => s.items).find((i) => i.serviceCode === "REMOVALS")!;
    expect(item.working.length).toBeGreaterThan(0);

    // The HR home's moves list links the move's current estimate.
    const listed = (await hr.wizard.moves({ group: "acme", page: 0, sort: "updated", dir: "desc", q: move.email })).rows.find((r) => r.moveId === move.moveId)!;
    expect(listed.costEstimateId).toBe(view.costEstimateId);

    const again = await hr.estimate.openEstimationView(ref(move));
    expect(again.existingEstimate).toBe(true);
    expect(again.costEstimate!.costEstimateId).toBe(view.costEstimateId);
    expect(await estimateRows(move.moveId)).toHaveLength(1);

    const sheet = await hr.estimate.openEstimationView({ ...ref(move), estimationView: "BalanceSheet" });
    expect(sheet.balanceSheet!.costEstimateId).toBe(view.costEstimateId);
    expect(sheet.balanceSheet!.lines.length).toBeGreaterThan(3);
  });

  test("wrong role, other group, unknown move", async () => {
    const move = await ltaMove();
    await expectTrpcError((await employee()).estimate.openEstimationView(ref(move)), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await finance()).estimate.openEstimationView(ref(move)), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await hrGlobex()).estimate.openEstimationView(ref(move)), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await hrAcme()).estimate.openEstimationView({ employeeId: move.employeeId, moveId: 99999999 }), "NOT_FOUND");
    expect(await estimateRows(move.moveId)).toHaveLength(0);
  });

  test("a group with cost estimates switched off is refused", async () => {
    const move = await ltaMove();
    await t.db.updateTable("groups").set({ cost_estimate_enabled: 0 }).where("name", "=", "acme").execute();
    try {
      await expectTrpcError((await hrAcme()).estimate.openEstimationView(ref(move)), "FORBIDDEN", estimateMessages.estimateDisabled);
    } finally {
      await t.db.updateTable("groups").set({ cost_estimate_enabled: 1 }).where("name", "=", "acme").execute();
    }
  });
});

describe("estimate.saveEstimate (basic)", () => {
  test("overrides, a custom item and approval make version 2; version 1 becomes history", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    expect(view.type).toBe("STA");
    // Each stored version's audit row, field by field (issue 23 item 24): ON_PAGE on opening, ON_SAVE on saving.
    const onMove = (action: string, newValues: unknown) =>
      groupIdOf(t.db, "acme").then((groupId) => expectAudit(t.db, { action, actor: "hr@acme.test", groupId, entity: "move", entityId: move.moveId, oldValues: null, newValues }));
    await onMove("estimate.ON_PAGE", { costEstimateId: view.costEstimateId, version: 1, total: view.total });
    const svc = serviceRows(view)[0]!;
    const saved = await hr.estimate.saveEstimate({
      ...ref(move),
      costEstimateID: view.costEstimateId,
      type: "STA",
      displayCurrency: view.displayCurrency,
      overrideServices: [{ serviceCode: svc.serviceCode, stageId: svc.stageId, currency: svc.currency, amount: "1234.50", taxability: "TAXABLE" }],
      customServices: [{ serviceName: "Pet relocation", amount: "800", currency: view.displayCurrency, taxability: "NON_TAXABLE" }],
      taxRateOverride: 25,
      approverName: "Grace Hopper",
      approverEmail: "grace@acme.test",
    });
    expect(saved.success).toBe(true);
    const v2 = saved.costEstimate;
    expect(v2.versionNumber).toBe(2);
    await onMove("estimate.ON_SAVE", { costEstimateId: saved.costEstimateId, version: 2, total: v2.total });
    expect(v2.manualTax).toBe(true);
    expect(v2.taxRate).toBe(25);
    const overridden = serviceRows(v2).find((s) => s.serviceCode === svc.serviceCode && s.stageId === svc.stageId)!;
    expect(overridden.amount).toBe(123450);
    expect(overridden.originalAmount).toBe(svc.originalAmount);
    const custom = v2.servicesEstimation.customServicesEstimations[0]!;
    expect(custom).toMatchObject({ serviceName: "Pet relocation", amount: 80000, taxability: "NON_TAXABLE", taxAmount: 0 });
    expect(v2.employeeInformation).toMatchObject({ isApproved: false, approverName: "Grace Hopper", approverEmail: "grace@acme.test", approvalDate: null });

    const rows = await estimateRows(move.moveId);
    expect(rows.map((r) => r.status)).toEqual(["SUPERSEDED", "CURRENT"]);
    const history = await hr.estimate.history({ employeeId: move.employeeId });
    expect(history.history.map((h) => h.versionNumber)).toEqual([2, 1]);
    expect(history.history[0]!.viewUrl).toBe(`/acme/cost-estimate-view?employeeId=${move.employeeId}&costEstimateId=${v2.costEstimateId}`);

    // The kept version reads as it was.
    const old = await hr.estimate.version({ group: "acme", employeeId: move.employeeId, costEstimateId: view.costEstimateId });
    expect(old.costEstimate.versionNumber).toBe(1);
    expect(old.costEstimate.current).toBe(false);
    expect(old.costEstimate.total).toBe(view.total);
  });

  test("§5 messages: whole number, value required, approver name, and nothing is written", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const svc = serviceRows(view).find((s) => s.originalAmount > 0)!;
    const base = { ...ref(move), costEstimateID: view.costEstimateId, type: "STA" as const, displayCurrency: view.displayCurrency };
    const before = await countTable(t.db, "cost_estimates");

    const whole = await expectTrpcError(
      hr.estimate.saveEstimate({ ...base, customServices: [{ serviceName: "Storage", amount: "12.5", currency: "USD", taxability: "MAYBE" }] }),
      "BAD_REQUEST",
      estimateMessages.fillRequired,
    );
    expect((whole.cause as { fields?: Record<string, string> }).fields).toMatchObject({
      "customServices.0.amount": estimateMessages.wholeNumber,
    });
    const required = await expectTrpcError(
      hr.estimate.saveEstimate({ ...base, overrideServices: [{ serviceCode: svc.serviceCode, stageId: svc.stageId, currency: svc.currency, amount: "", taxability: "TAXABLE" }] }),
      "BAD_REQUEST",
      estimateMessages.fillRequired,
    );
    expect((required.cause as { fields?: Record<string, string> }).fields).toMatchObject({ "overrideServices.0.amount": estimateMessages.valueRequired });
    // Recording an approval is an administrator's (issue 13 item 6); theirs needs the approver's name.
    const approver = await expectTrpcError((await admin()).estimate.saveEstimate({ ...base, isApproved: true }), "BAD_REQUEST", estimateMessages.fillRequired);
    expect((approver.cause as { fields?: Record<string, string> }).fields).toMatchObject({ approverName: estimateMessages.approverNameRequired });
    const email = await expectTrpcError(hr.estimate.saveEstimate({ ...base, approverEmail: "not-an-email" }), "BAD_REQUEST");
    expect((email.cause as { fields?: Record<string, string> }).fields).toMatchObject({ approverEmail: estimateMessages.validEmail });
    const rate = await expectInputError(hr.estimate.saveEstimate({ ...base, taxRateOverride: 150 }), "taxRateOverride");
    expect((rate.cause as ZodError).issues[0]!.message).toBe(estimateMessages.taxRateRange);
    // A new custom row that is still blank is not an edit.
    const blankRow = await hr.estimate.saveEstimate({ ...base, customServices: [{ serviceName: "", amount: "0", currency: "USD", newlyAdded: true }] });
    expect(blankRow.costEstimate.servicesEstimation.customServicesEstimations).toHaveLength(0);
    expect(await countTable(t.db, "cost_estimates")).toBe(before + 1);
  });

  test("a stale version is refused (another user saved meanwhile)", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const base = { ...ref(move), costEstimateID: view.costEstimateId, type: "STA" as const, displayCurrency: view.displayCurrency };
    await hr.estimate.saveEstimate(base);
    await expectTrpcError(hr.estimate.saveEstimate(base), "CONFLICT", estimateMessages.saveFailure);
  });
});

describe("estimate.calculateTax and taxRate", () => {
  test("tax of edited rows at a manual rate, nothing stored", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const svc = serviceRows(view)[0]!;
    const before = await countTable(t.db, "cost_estimates");
    const res = await hr.estimate.calculateTax({
      ...ref(move),
      costEstimateId: view.costEstimateId,
      services: [{ serviceCode: svc.serviceCode, stageId: svc.stageId, currency: "USD", amount: "1000", taxability: "TAXABLE" }],
      customServices: [{ serviceName: "Car rental", amount: "500", currency: "USD", taxability: "NON_TAXABLE" }],
      taxRateOverride: 20,
    });
    expect(res.status).toBe("SUCCESS");
    const row = res.data[0]!;
    expect(row.taxRate).toBe(20);
    const edited = row.servicesEstimations.find((s) => s.identifier === svc.identifier)!;
    expect(edited.currency).toBe("USD");
    // Gross-up at 20 %: 1000 / 0.8 = 1250, tax 250.00; flat methods 200.00.
    expect([25000, 20000]).toContain(edited.taxAmount);
    expect(row.customServicesEstimations[0]!.taxAmount).toBe(0);
    expect(await countTable(t.db, "cost_estimates")).toBe(before);
  });

  test("get-tax-rate: a whole percent with its table's year and source; other group refused", async () => {
    const hr = await hrAcme();
    const ny = await hr.estimate.taxRate({ group: "acme", countryCode: "US", region: "NY", taxCategory: "MARGINAL", salaryAmount: "150000", salaryCurrency: "USD", moveDate: "2027-01-01" });
    expect(Number.isInteger(ny.rate)).toBe(true);
    expect(ny.rate).toBeGreaterThan(30);
    expect(ny.rate).toBeLessThan(50);
    expect(ny.source.length).toBeGreaterThan(10);
    const none = await hr.estimate.taxRate({ group: "acme", countryCode: "AE", taxCategory: "MARGINAL", salaryAmount: "500000", salaryCurrency: "AED", moveDate: null });
    expect(none.rate).toBe(0);
    const nonTaxable = await hr.estimate.taxRate({ group: "acme", countryCode: "GB", taxCategory: "NON_TAXABLE", salaryAmount: "90000", salaryCurrency: "GBP", moveDate: null });
    expect(nonTaxable.rate).toBe(0);
    await expectTrpcError(
      (await hrGlobex()).estimate.taxRate({ group: "acme", countryCode: "GB", taxCategory: "MARGINAL", salaryAmount: "90000", salaryCurrency: "GBP", moveDate: null }),
      "FORBIDDEN",
    );
  });
});

describe("estimate.taxRate with the family (issue 13)", () => {
  // the issue's HK vectors are 2025/26 figures: the date keeps them in that year (2026/27 has larger allowances)
  const hk = { group: "acme", countryCode: "HK", taxCategory: "MARGINAL", salaryAmount: "300000", salaryCurrency: "HKD", moveDate: "2025-09-01" } as const;
  const us = { group: "acme", countryCode: "US", taxCategory: "MARGINAL", salaryAmount: "100000", salaryCurrency: "USD", moveDate: null } as const;

  test("filing status, married and dependants: HKD 300k married with two children 5 %, US $100k MFJ 20 %", async () => {
    const hr = await hrAcme();
    expect(await hr.estimate.taxRate(hk)).toMatchObject({ rate: 18, filingStatus: "SINGLE", dependants: 0 });
    expect(await hr.estimate.taxRate({ ...hk, married: true, dependants: 2 })).toMatchObject({ rate: 5, filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect((await hr.estimate.taxRate({ ...hk, filingStatus: "MARRIED_JOINT", dependants: 2 })).rate).toBe(5);
    expect((await hr.estimate.taxRate(us)).rate).toBe(30);
    expect((await hr.estimate.taxRate({ ...us, filingStatus: "MARRIED_JOINT" })).rate).toBe(20);
    expect((await hr.estimate.taxRate({ ...us, married: true })).rate).toBe(20);
    await expectInputError(hr.estimate.taxRate({ ...hk, dependants: 21 }), "dependants");
    await expectInputError(hr.estimate.taxRate({ ...hk, filingStatus: "WIDOWED" } as never), "filingStatus");
    await expectTrpcError(hr.estimate.taxRate({ ...hk, married: false, filingStatus: "MARRIED_JOINT" }), "BAD_REQUEST");
    await expectTrpcError(hr.estimate.taxRate({ ...hk, moveId: 1 }), "BAD_REQUEST");
  });

  test("defaults from the move: stage-2 family, then the stage-6 details; the request's fields win; other groups' moves refused", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    // the family of stage 2 (createTestMove's own form values replaced): a partner and two children
    await t.db.deleteFrom("move_family_members").where("move_id", "=", move.moveId).execute();
    await t.db
      .insertInto("move_family_members")
      .values(["PARTNER", "CHILD", "CHILD"].map((relationship, i) => ({ move_id: move.moveId, relationship: relationship as "PARTNER" | "CHILD", first_name: "", date_of_birth: "2015-01-01", sort_order: i })))
      .execute();
    // stage 2: a partner and two children → MARRIED_JOINT with 2 dependants (the partner is no dependant)
    expect(await hr.estimate.taxRate({ ...hk, ...ref(move) })).toMatchObject({ rate: 5, filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(await hr.estimate.taxRate({ ...us, ...ref(move) })).toMatchObject({ rate: 20, filingStatus: "MARRIED_JOINT" });
    // the request's fields override the move's
    expect(await hr.estimate.taxRate({ ...hk, ...ref(move), married: false })).toMatchObject({ filingStatus: "SINGLE", dependants: 2 });
    // married without children: the 2 % band's 420 is within the 2025/26 one-off reduction (up to 3,000), so MPF 5 % alone
    expect(await hr.estimate.taxRate({ ...hk, ...ref(move), dependants: 0 })).toMatchObject({ rate: 5, dependants: 0 });
    // stage 6 stored: its filing status and the host side's dependants
    const details = (await hr.estimate.advanceCeDetails({ ...ref(move), group: "acme" })).details;
    const savedDetails = await hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details, filingStatus: "SINGLE", host: { ...details.host, numberOfDependants: 0 } });
    expect(savedDetails.details).toMatchObject({ filingStatus: "SINGLE", host: { numberOfDependants: 0 } });
    await expectAudit(t.db, { action: "estimate.details", actor: "hr@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId, oldValues: null, newValues: savedDetails.details });
    expect(await hr.estimate.taxRate({ ...hk, ...ref(move) })).toMatchObject({ rate: 18, filingStatus: "SINGLE", dependants: 0 });
    // a move of another employee or group
    await expectTrpcError(hr.estimate.taxRate({ ...hk, employeeId: move.employeeId + 1000, moveId: move.moveId }), "NOT_FOUND");
    const globexMove = await createTestMove(t.db, { group: "globex" });
    await expectTrpcError(hr.estimate.taxRate({ ...hk, ...ref(globexMove) }), "NOT_FOUND");
  });
});

describe("estimate.recalculate (async job)", () => {
  test("posted, polled (Done or Forced), loaded as a new version; status of an unknown uuid is NOT_FOUND", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const posted = await hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId, taxRateOverride: 30, estimationView: "CostEstimate" });
    expect(posted.success).toBe(true);
    const uuid = posted.costEstimateUIDTOs[0]!.uuid;
    await runPendingJobs(jobDeps());
    expect(["Done", "Forced"]).toContain(await pollUntilSettled(hr, uuid));
    const result = await hr.estimate.asyncResult({ uuid });
    expect(result.costEstimate!.versionNumber).toBe(2);
    expect(result.costEstimate!.taxRate).toBe(30);
    await expectTrpcError(hr.estimate.asyncStatus({ uuid: crypto.randomUUID(), pollNumber: 1 }), "NOT_FOUND", estimateMessages.requestNotFound);
    await expectTrpcError((await hrGlobex()).estimate.asyncStatus({ uuid, pollNumber: 1 }), "FORBIDDEN");
    await expectTrpcError(hr.estimate.asyncStatus({ uuid, pollNumber: ASYNC_POLL_MAX + 1 }), "BAD_REQUEST");
  });

  test("a poll that finds the job waiting runs it (Forced); invalid edits are refused before a job exists", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const jobsBefore = await countTable(t.db, "jobs");
    await expectTrpcError(
      hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId, customServices: [{ serviceName: "", amount: "5", currency: "USD", taxability: "TAXABLE" }] }),
      "BAD_REQUEST",
      estimateMessages.fillRequired,
    );
    expect(await countTable(t.db, "jobs")).toBe(jobsBefore);
    const uuid = (await hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId })).costEstimateUIDTOs[0]!.uuid;
    expect(["Done", "Forced"]).toContain(await pollUntilSettled(hr, uuid));
  });
});

describe("estimate.recalculate: numbers checked at the request, not three job attempts later", () => {
  test("a negative salary, a salary or amount past the money bound: BAD_REQUEST, no job", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const jobsBefore = await countTable(t.db, "jobs");
    const base = { ...ref(move), costEstimateId: view.costEstimateId, annualSalaryCurrency: "USD" };
    await expectTrpcError(hr.estimate.recalculate({ ...base, annualSalaryAmount: "-50000" }), "BAD_REQUEST", estimateMessages.salaryNegative);
    // Past the one money bound (MONEY_MAX_MINOR, 99,999,999,999.99 in USD): USD 100,000,000,000 is 10^13 cents.
    await expectTrpcError(hr.estimate.recalculate({ ...base, annualSalaryAmount: "100000000000" }), "BAD_REQUEST", estimateMessages.amountTooLarge);
    await expectTrpcError(
      hr.estimate.recalculate({ ...base, customServices: [{ serviceName: "Boat", amount: "100000000000", currency: "USD", taxability: "TAXABLE" }] }),
      "BAD_REQUEST",
      estimateMessages.amountTooLarge,
    );
    expect(await countTable(t.db, "jobs")).toBe(jobsBefore);
  });

  test("a salary of 21,474,836.48 (2^31 cents) is stored and read back exactly on both databases (64-bit money columns)", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const posted = await hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId, annualSalaryAmount: "21474836.48", annualSalaryCurrency: "USD", estimationView: "CostEstimate" });
    expect(posted.success).toBe(true);
    await runPendingJobs(jobDeps());
    expect(["Done", "Forced"]).toContain(await pollUntilSettled(hr, posted.costEstimateUIDTOs[0]!.uuid));
    const row = await t.db.selectFrom("cost_estimates").select(["annual_salary_amount", "annual_salary_currency"]).where("move_id", "=", move.moveId).orderBy("version_number", "desc").executeTakeFirstOrThrow();
    expect(row).toEqual({ annual_salary_amount: 2_147_483_648, annual_salary_currency: "USD" });
  });
});

describe("estimate stage 6: advanceCeDetails", () => {
  test("defaults from the move, saved with the family's dates of birth; bad dates refused, nothing written", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const got = await hr.estimate.advanceCeDetails({ ...ref(move), group: "acme" });
    expect(got.details.home.countryCode).toBe("GB");
    expect(got.details.years).toBeGreaterThanOrEqual(1);
    const details = {
      ...got.details,
      years: 5,
      filingStatus: "MARRIED_JOINT" as const,
      familyMembers: [
        { relationship: "PARTNER" as const, firstName: "Sam", dateOfBirth: "1988-04-02" },
        { relationship: "CHILD" as const, firstName: "Kit", dateOfBirth: "2015-09-10" },
      ],
      host: { ...got.details.host, familySize: 3, numberOfDependants: 2 },
    };
    const saved = await hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details });
    expect(saved.success).toBe(true);
    expect(saved.details.years).toBe(5);
    const family = await t.db.selectFrom("move_family_members").selectAll().where("move_id", "=", move.moveId).execute();
    expect(family.map((f) => f.date_of_birth).sort()).toEqual(["1988-04-02", "2015-09-10"]);

    const bad = await expectTrpcError(
      hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details, years: 2, familyMembers: [{ relationship: "CHILD", firstName: "Kit", dateOfBirth: null }] }),
      "BAD_REQUEST",
      estimateMessages.fillRequired,
    );
    expect((bad.cause as { fields?: Record<string, string> }).fields).toMatchObject({ "familyMembers.0.dateOfBirth": "Please enter the date of birth of Kit." });
    expect((await hr.estimate.advanceCeDetails({ ...ref(move), group: "acme" })).details.years).toBe(5);
    const years = await expectInputError(hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details, years: 8 }), "years");
    expect((years.cause as ZodError).issues[0]!.message).toBe(estimateMessages.yearsRange);

    // The estimate uses the inputs: five year columns.
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    expect(view.years).toBe(5);
  });
});

describe("issue 13 item 6: approval is the approver's; sending says what it saves", () => {
  test("HR cannot mark their estimate approved (FORBIDDEN, nothing written); ADMIN records an approval received outside Meridian; HR may keep or clear it", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const base = { ...ref(move), type: "STA" as const, displayCurrency: view.displayCurrency };
    const approved = { isApproved: true, approverName: "Grace Hopper", approverEmail: "grace@acme.test", approvalDate: "2026-11-20" };
    const before = await countTable(t.db, "cost_estimates");
    await expectTrpcError(hr.estimate.saveEstimate({ ...base, costEstimateID: view.costEstimateId, ...approved }), "FORBIDDEN", estimateMessages.approvalNotYours);
    expect(await countTable(t.db, "cost_estimates")).toBe(before);

    // The ADMIN records it.
    const recorded = await (await admin()).estimate.saveEstimate({ ...base, costEstimateID: view.costEstimateId, ...approved });
    expect(recorded.costEstimate.employeeInformation).toMatchObject(approved);

    // HR saving other edits keeps the recorded approval as it is; changing its name or date is refused.
    const kept = await hr.estimate.saveEstimate({ ...base, costEstimateID: recorded.costEstimateId, ...approved, taxRateOverride: 20 });
    expect(kept.costEstimate.employeeInformation).toMatchObject(approved);
    await expectTrpcError(hr.estimate.saveEstimate({ ...base, costEstimateID: kept.costEstimateId, ...approved, approvalDate: "2026-11-21" }), "FORBIDDEN", estimateMessages.approvalNotYours);
    await expectTrpcError(hr.estimate.saveEstimate({ ...base, costEstimateID: kept.costEstimateId, ...approved, approverName: "Hannah Reyes" }), "FORBIDDEN", estimateMessages.approvalNotYours);
    // Clearing it (for a new round of approval) is HR's to do.
    const cleared = await hr.estimate.saveEstimate({ ...base, costEstimateID: kept.costEstimateId, approverName: "Grace Hopper", approverEmail: "grace@acme.test" });
    expect(cleared.costEstimate.employeeInformation).toMatchObject({ isApproved: false, approverName: "Grace Hopper", approverEmail: "grace@acme.test" });
    // And once cleared, HR cannot set it again.
    await expectTrpcError(hr.estimate.saveEstimate({ ...base, costEstimateID: cleared.costEstimateId, ...approved }), "FORBIDDEN", estimateMessages.approvalNotYours);
  });

  test("advanced estimates: the same rule on updateAdvanced", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const req = { ...ref(move), costEstimateId: view.costEstimateId, displayCurrency: view.displayCurrency, isApproved: true, approverName: "Grace Hopper", approvalDate: "2026-11-20" };
    await expectTrpcError(hr.estimate.updateAdvanced(req), "FORBIDDEN", estimateMessages.approvalNotYours);
    const byAdmin = await (await admin()).estimate.updateAdvanced(req);
    expect(byAdmin.costEstimate.employeeInformation).toMatchObject({ isApproved: true, approverName: "Grace Hopper", approvalDate: "2026-11-20" });
  });

  test("sending without edits sends the current version and stores none; a send with edits (ON_SEND) stores exactly one, the one sent", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const saved = await hr.estimate.saveEstimate({ ...ref(move), costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverEmail: "approver@acme.test" });
    expect(saved.costEstimate.versionNumber).toBe(2);

    await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false });
    let rows = await estimateRows(move.moveId);
    expect(rows.map((r) => [r.version_number, r.status])).toEqual([
      [1, "SUPERSEDED"],
      [2, "CURRENT"],
    ]);

    // The page's send with edits: one ON_SEND save (version 3), then that version is sent.
    const onSend = await hr.estimate.saveEstimate({
      ...ref(move),
      costEstimateID: saved.costEstimateId,
      type: "STA",
      displayCurrency: view.displayCurrency,
      approverEmail: "approver@acme.test",
      taxRateOverride: 30,
      stageAction: "ON_SEND",
    });
    expect(onSend.costEstimate.versionNumber).toBe(3);
    await expectAudit(t.db, {
      action: "estimate.ON_SEND", actor: "hr@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId,
      oldValues: null, newValues: { costEstimateId: onSend.costEstimateId, version: 3, total: onSend.costEstimate.total },
    });
    await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: onSend.costEstimateId, ccSender: false });
    rows = await estimateRows(move.moveId);
    expect(rows.map((r) => [r.version_number, r.status, r.stage_action])).toEqual([
      [1, "SUPERSEDED", "ON_PAGE"],
      [2, "SUPERSEDED", "ON_SAVE"],
      [3, "CURRENT", "ON_SEND"],
    ]);
    const mails = await t.db.selectFrom("outbox").select(["text", "link"]).where("to_address", "=", "approver@acme.test").orderBy("id").execute();
    expect(mails.map((m) => /version (\d+)/.exec(m.text)?.[1])).toEqual(["2", "3"]);
    // Each e-mail's approval link names the version it sent (the link row found by the token's hash).
    const linked = await Promise.all(
      mails.map(async (m) => {
        const token = new URL(m.link!).searchParams.get("token")!;
        const row = await t.db.selectFrom("estimate_approval_links").select("cost_estimate_id").where("token_hash", "=", sessionIdFor(token)).executeTakeFirstOrThrow();
        return row.cost_estimate_id;
      }),
    );
    expect(linked).toEqual([saved.costEstimateId, onSend.costEstimateId]);
    expect(estimateText(estimateMessages.approvalSavedAndSent, { version: 3, email: "approver@acme.test" })).toBe("Saved as version 3 and sent to approver@acme.test for approval.");
  });
});

describe("estimate approval, export, soft delete", () => {
  test("sends the PDF to the approver (cc the sender); without an approver e-mail it is refused", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    await expectTrpcError(hr.estimate.sendForApproval({ ...ref(move), costEstimateId: view.costEstimateId, ccSender: false }), "BAD_REQUEST", estimateMessages.validEmail);
    const saved = await hr.estimate.saveEstimate({ ...ref(move), costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverName: "Grace Hopper", approverEmail: "approver@acme.test" });
    const sent = await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: true });
    expect(sent).toEqual({ success: true, sentTo: "approver@acme.test", cc: "hr@acme.test" });
    const mail = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", "approver@acme.test").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.template).toBe("estimateApproval");
    expect(mail.cc_address).toBe("hr@acme.test");
    const attachments = JSON.parse(mail.attachments) as { filename: string; contentType: string; size: number }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toEndWith(".pdf");
    expect(attachments[0]!.size).toBeGreaterThan(1000);
  });

  test("export as a spreadsheet and a PDF; CRM may export, another group may not", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    await hr.estimate.openEstimationView(ref(move));
    const xlsx = await hr.estimate.exportFile({ ...ref(move), format: "xlsx" });
    expect(xlsx.fileName).toEndWith(".xlsx");
    expect(Buffer.from(xlsx.base64, "base64").subarray(0, 2).toString()).toBe("PK");
    const pdf = await hr.estimate.exportFile({ ...ref(move), format: "pdf", isBalanceSheetView: true });
    expect(Buffer.from(pdf.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    await expectTrpcError((await hrGlobex()).estimate.exportFile({ ...ref(move), format: "xlsx" }), "FORBIDDEN");
    await expectTrpcError((await employee()).estimate.exportFile({ ...ref(move), format: "xlsx" }), "FORBIDDEN");
  });

  test("soft delete hides every version from the history", async () => {
    const move = await staMove();
    const hr = await hrAcme();
    await hr.estimate.openEstimationView(ref(move));
    const res = await hr.estimate.softDelete({ ...ref(move) });
    expect(res).toEqual({ success: true, deleted: 1 });
    await expectAudit(t.db, { action: "estimate.softDelete", actor: "hr@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId, oldValues: null, newValues: { deleted: 1 } });
    expect((await hr.estimate.history({ employeeId: move.employeeId })).history).toHaveLength(0);
    expect((await estimateRows(move.moveId))[0]!.status).toBe("DELETED");
    await expectTrpcError((await hrGlobex()).estimate.softDelete({ ...ref(move) }), "FORBIDDEN");
    // Next load starts again from version 2 (numbers are never reused).
    expect((await hr.estimate.openEstimationView(ref(move))).costEstimate!.versionNumber).toBe(2);
  });

  test("history of another group's employee is refused; admin reads it", async () => {
    const move = await staMove();
    await (await hrAcme()).estimate.openEstimationView(ref(move));
    await expectTrpcError((await hrGlobex()).estimate.history({ employeeId: move.employeeId }), "FORBIDDEN", messages.otherGroup);
    expect((await (await admin()).estimate.history({ employeeId: move.employeeId })).history).toHaveLength(1);
  });
});

describe("tax years (issue 13 item 12): the move date picks the tables' year", () => {
  test("a move dated past the newest tables: the newest are used and the estimate says so; a date inside a year adds no note", async () => {
    const move = await ltaMove();
    const hr = await hrAcme();
    await t.db.updateTable("moves").set({ move_date: "2099-05-01" }).where("id", "=", move.moveId).execute();
    const late = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    expect(late.taxTables.length).toBeGreaterThan(0);
    for (const table of late.taxTables) expect(table.note).toContain("1 May 2099");

    const other = await ltaMove();
    await t.db.updateTable("moves").set({ move_date: "2025-09-01" }).where("id", "=", other.moveId).execute();
    const inYear = (await hr.estimate.openEstimationView(ref(other))).costEstimate!;
    expect(inYear.taxTables.length).toBeGreaterThan(0);
    for (const table of inYear.taxTables) expect(table.note).toBeUndefined();
  });

  test("get-tax-rate: moveDate picks the year; past the newest table the answer carries a note", async () => {
    const hr = await hrAcme();
    const base = { group: "acme", countryCode: "DE", taxCategory: "MARGINAL", salaryAmount: "80000", salaryCurrency: "EUR" } as const;
    const inYear = await hr.estimate.taxRate({ ...base, moveDate: "2025-09-01" });
    expect(inYear.taxYear).toBe("2025");
    expect(inYear.note).toBeNull();
    const late = await hr.estimate.taxRate({ ...base, moveDate: "2099-01-01" });
    expect(late.note).toContain("1 January 2099");
    await expectInputError(hr.estimate.taxRate({ ...base, moveDate: "2025-13-40" }), "moveDate");
    // A code that is no country is refused (a real country without a table answers 0 % with its note).
    await expectTrpcError(hr.estimate.taxRate({ ...base, countryCode: "XX" }), "BAD_REQUEST");
    expect(await hr.estimate.taxRate({ ...base, countryCode: "BR", salaryCurrency: "USD" })).toMatchObject({ rate: 0, taxYear: "" });
  });
});
