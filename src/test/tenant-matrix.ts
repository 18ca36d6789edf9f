/**
 * Helpers of the cross-tenant matrix (tenant-matrix.test.ts): a victim group with one of every
 * tenant object, an input generator that walks a procedure's zod input schema and fills every
 * tenant-identifying field with the VICTIM's values (by field name), the attacker callers, the
 * victim's markers (texts that must never reach an attacker) and a fingerprint of the database.
 *
 * The generator knows field NAMES, never procedures: a new procedure with a field `policyId` is
 * attacked with the victim's policy the day it is added. A field that looks tenant-identifying
 * (`…Id`, `…Ids`, `…Uuid`, `group`, `groupName`, …) and has no rule below makes the matrix fail,
 * so whoever adds it decides here where its victim value comes from.
 */
import { sql } from "kysely";
import type { DB } from "../db/index.ts";
import { DEMO_PASSWORD } from "../db/seed.ts";
import { createCaller } from "../routers/_app.ts";
import { sessionIdFor } from "../services/identity/auth.ts";
import { settleJobs } from "../services/jobs/queue.ts";
import { estimateMoveForCaller } from "../services/estimate/access.ts";
import { estimationView } from "../services/estimate/estimates.ts";
import { ZEstimationViewRequest } from "../domain/estimate/schemas.ts";
import { issueAccountToken } from "../services/identity/tokens.ts";
import { createContextInner } from "../trpc.ts";
import { allLegacyOperations, buildOpenApi, type Operation } from "../server/openapi.ts";
import { callerFor, createSessionFor, testConfig } from "./db.ts";

// ── The victim ─────────────────────────────────────────────────────────────────────────────────

/** The victim group: globex with the wizard demo (policies, moves, forms) plus what `seedVictim` adds. */
export const VICTIM_GROUP = "globex";

/** Every planted victim text contains this, so a leak of any of them is easy to spot. */
export const PLANTED = "victim-marker";

export type VictimMove = { employeeId: number; moveId: number };

export type Victim = {
  group: string;
  groupId: number;
  policyId: number;
  releasedVersionId: number;
  draftVersionId: number;
  /** [an open move with a current estimate, a draft move]. */
  moves: [VictimMove, VictimMove];
  /** A PENDING user invited by the victim's HR. */
  inviteeId: number;
  costEstimateId: number;
  /** A settled recalculation job of the victim's estimate. */
  jobUuid: string;
  formFieldId: number;
  formSectionId: number;
  benefitSetId: number;
  benefitOptionId: number;
  metadataId: number;
  metadataInfoId: number;
  budgetGroupId: number;
  budgetId: number;
  familyMemberId: number;
  outboxId: number;
  /** The group's own splash text (PUT /splash/{id}/viewed). */
  splashId: number;
  /** Employee files: [the employee's own upload (shared with HR and MG), one HR filed for them, a temporary upload]; their hash; the temp UUID. */
  fileIds: [number, number, number];
  fileHash: string;
  fileTempUuid: string;
  /** Move hub tasks of the open move: [a generated one, a custom one]. */
  hubItemIds: [number, number];
  /** Expenses of the victim's employees (one planted on the open move, plus the demo's). */
  expenseIds: number[];
  /** Supplier quotes of the victim's moves (one planted on the open move, plus the demo's). */
  quoteIds: number[];
  /** Incidents (issue 15): the victim group's (the demo one and a planted one). */
  incidentIds: number[];
  /** An extension reason of the group's HR settings (issue 15) and a catalogue tag associated with the group. */
  extensionReasonId: number;
  tagId: number;
  /** A geographic restriction of a victim manager (issue 15). */
  geoRestrictionId: number;
  /** A finished bulk employee import of the victim group with a failed row (issue 15). */
  bulkJobId: string;
  /** The invitee's activation code and the employee's reset token (raw, as mailed). */
  activationToken: string;
  resetToken: string;
  /** Finance (issue 16): the group's client account and its employees' EUR accounts; an employee bank account (unlocked). */
  financeAccountIds: number[];
  bankAccountIds: number[];
  /** Finance (issue 16): the victim group's bill (owed to its employee) and the export batch holding it. */
  billIds: number[];
  batchIds: number[];
  /** Bill Approval (issue 16): the victim group's pending booking cost, lump sum and ad-hoc cash spend. */
  financeItemIds: { bookingCost: number; lumpSum: number; adhocCashSpend: number };
  /** The victim group's third-party dashboard (issue 26), on its allowed dashboard site. */
  dashboardId: number;
  /** The victim group's own saved (CUSTOM) report (issue 26 report library). */
  reportId: number;
  /** The victim group's reminder of its report for its manager (issue 26 reminders), and that manager. */
  reminderId: number;
  managerId: number;
  /** Global catalogue rows (not tenant data) some inputs need. */
  spendCategoryId: number;
  serviceAttributeId: number;
  /** Every victim user id (the fingerprint hashes audit rows naming them). */
  userIds: number[];
  markers: Marker[];
};

/**
 * A text of the victim that must not reach an attacker. `group` (the group's URL and display
 * name) is visible to platform staff by design (FINANCE and CRM pick a group from the list of all
 * groups: admin.groups.list); every other kind is visible to nobody outside the victim group.
 */
export type Marker = { text: string; kind: "group" | "people" | "policy" | "planted" };

const PLANTED_TEXT = {
  ssoClientId: `${PLANTED}-sso-client`,
  ssoIssuer: `https://${PLANTED}.globex.test/oidc`,
  inviteeFirst: "Vera",
  inviteeLast: `Victimova-${PLANTED}`,
  inviteeEmail: "vera.victimova@globex.test",
  formLabel: `Field ${PLANTED}`,
  formModel: "victimMarkerField",
  benefitSet: `Set ${PLANTED}`,
  benefitOption: `Option ${PLANTED}`,
  splashTitle: `Splash ${PLANTED}`,
  familyName: `Kid ${PLANTED}`,
} as const;

async function one<T>(what: string, promise: Promise<T | undefined>): Promise<T> {
  const row = await promise;
  if (row === undefined) throw new Error(`seedVictim: no ${what}`);
  return row;
}

/**
 * Gives the victim group one of every tenant object, through the real services (callers of its HR
 * and of a platform admin) where a procedure exists, and returns their ids, secrets and markers.
 * Expects a database seeded with `wizardDemo: true`.
 */
export async function seedVictim(db: DB): Promise<Victim> {
  const admin = await callerFor(db, "admin@meridian.test");
  const hr = await callerFor(db, "hr@globex.test");
  const group = await one("group", db.selectFrom("groups").select(["id", "name"]).where("name", "=", VICTIM_GROUP).executeTakeFirst());

  const policy = await one(
    "policy",
    db.selectFrom("policies").select("id").where("group_id", "=", group.id).where("name", "=", "Globex Permanent Transfer").executeTakeFirst(),
  );
  const released = await one(
    "released version",
    db.selectFrom("policy_versions").select("id").where("policy_id", "=", policy.id).where("status", "=", "RELEASED").executeTakeFirst(),
  );
  await admin.policy.policies.createVersion({ policyId: policy.id });
  const draft = await one(
    "draft version",
    db.selectFrom("policy_versions").select("id").where("policy_id", "=", policy.id).where("status", "=", "DRAFT").executeTakeFirst(),
  );
  await admin.policy.popup.create({ policyVersionId: draft.id }).catch(() => undefined); // the clone may carry one already

  // Moves: the globex demo employee's open move (with an estimate) and a draft move.
  const moveOf = (email: string, status: string) =>
    one(
      `move of ${email}`,
      db
        .selectFrom("moves")
        .innerJoin("users", "users.id", "moves.employee_user_id")
        .select(["moves.id as moveId", "users.id as employeeId"])
        .where("users.email", "=", email)
        .where("moves.status", "=", status as never)
        .executeTakeFirst(),
    );
  const open = await moveOf("employee@globex.test", "open");
  const draftMove = await moveOf("marta.silva@globex.test", "draft");

  // The first load of the estimate page stores version 1 (the service both transports call).
  const hrUser = (await createSessionFor(db, "hr@globex.test")).session.user;
  const estimateMove = await estimateMoveForCaller(db, hrUser, open, "write");
  const view = await estimationView(db, { user: hrUser, ip: null }, estimateMove, ZEstimationViewRequest.parse({ ...open, createIfNecessary: true }));
  const costEstimateId = view.costEstimate?.costEstimateId;
  if (!costEstimateId) throw new Error("seedVictim: the victim move has no estimate");
  const started = await hr.estimate.recalculate({ employeeId: open.employeeId, moveId: open.moveId, costEstimateId });
  const uuid = started.costEstimateUIDTOs[0]?.uuid;
  if (!uuid) throw new Error("seedVictim: no recalculation job");
  for (let poll = 1; poll <= 60; poll++) {
    const { status } = await hr.estimate.asyncStatus({ uuid, pollNumber: poll });
    if (status !== "Pending" && status !== "Processing") break;
    await Bun.sleep(20);
  }
  await settleJobs();

  await admin.sso.saveSettings({
    group: VICTIM_GROUP,
    issuerUrl: PLANTED_TEXT.ssoIssuer,
    clientId: PLANTED_TEXT.ssoClientId,
    clientSecret: `${PLANTED}-secret`,
    allowedDomains: ["globex.test"],
    enabled: false,
  });

  const invited = await hr.users.invite({
    group: VICTIM_GROUP,
    email: PLANTED_TEXT.inviteeEmail,
    firstName: PLANTED_TEXT.inviteeFirst,
    lastName: PLANTED_TEXT.inviteeLast,
    role: "EMPLOYEE",
  });
  // Known raw tokens (issuing replaces the user's unused ones of that kind).
  const activationToken = await issueAccountToken(db, { userId: invited.userId, kind: "ACTIVATION", ttlMinutes: 7 * 24 * 60 });
  const resetToken = await issueAccountToken(db, { userId: open.employeeId, kind: "PASSWORD_RESET", ttlMinutes: 24 * 60 });
  const outbox = await one(
    "outbox message",
    db.selectFrom("outbox").select("id").where("to_address", "=", PLANTED_TEXT.inviteeEmail).orderBy("id", "desc").executeTakeFirst(),
  );

  const added = await admin.formBuilder.newField({
    groupName: VICTIM_GROUP,
    modelName: PLANTED_TEXT.formModel,
    label: PLANTED_TEXT.formLabel,
    componentId: "text",
    type: "Text",
  });
  if (!added.success) throw new Error(`seedVictim: newField refused: ${added.resultMessage}`);
  const field = { id: Number(added.resultMessage) };
  const section = await one("form section", db.selectFrom("form_sections").select("id").where("group_id", "=", group.id).executeTakeFirst());

  const spendCategory = await one("spend category", db.selectFrom("spend_categories").select("id").orderBy("id").executeTakeFirst());
  const benefit = await admin.policy.benefits.addOption({
    groupId: group.id,
    description: PLANTED_TEXT.benefitSet,
    optionName: PLANTED_TEXT.benefitOption,
    serviceType: "TRAVEL",
  });
  const metadata = await one(
    "metadata override",
    db.selectFrom("benefit_metadata").select(["id", "metadata_info_id"]).where("group_id", "=", group.id).orderBy("id").executeTakeFirst(),
  );
  const budget = await one(
    "budget",
    db
      .selectFrom("budgets")
      .innerJoin("budget_groups", "budget_groups.id", "budgets.budget_group_id")
      .select(["budgets.id as budgetId", "budget_groups.id as budgetGroupId"])
      .where("budget_groups.policy_version_id", "=", released.id)
      .executeTakeFirst(),
  );
  const attribute = await one("service attribute", db.selectFrom("service_attributes").select("id").orderBy("id").executeTakeFirst());

  // No procedure adds these two on their own (the wizard writes family members with a move, the
  // splash texts are seeded): rows as seed-wizard.ts writes them.
  const family = await db
    .insertInto("move_family_members")
    .values({ move_id: draftMove.moveId, relationship: "CHILD", first_name: PLANTED_TEXT.familyName, date_of_birth: "2015-05-05", sort_order: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const splash = await db
    .insertInto("splash_contents")
    .values({ area: "NEW_MOVE", splash_key: "CE_POLICY", group_id: group.id, title: PLANTED_TEXT.splashTitle, body: `<p>${PLANTED}</p>`, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();

  // Employee files as the upload writes them (the bytes are not needed: every refusal comes before the store).
  const fileHash = "f".repeat(64);
  const fileTempUuid = "11111111-2222-4333-8444-555555555555";
  const fileHr = await one("victim HR", db.selectFrom("users").select("id").where("group_id", "=", group.id).where("role", "=", "HR").executeTakeFirst());
  const fileRow = (o: { employee: number | null; temp: string | null; by: number; role: string; name: string }) => ({
    group_id: group.id,
    employee_user_id: o.employee,
    move_id: o.employee === null ? null : open.moveId,
    temp_uuid: o.temp,
    hash: fileHash,
    original_name: o.name,
    size_bytes: 10,
    content_type: "application/pdf",
    category_id: 1,
    notes: `${PLANTED} file notes`,
    share_mg: 1,
    share_hr: 1,
    uploaded_by: o.by,
    uploaded_by_role: o.role,
    created_at: now,
    updated_at: now,
  });
  const files = await db
    .insertInto("employee_files")
    .values([
      fileRow({ employee: open.employeeId, temp: null, by: open.employeeId, role: "EMPLOYEE", name: `${PLANTED}-passport.pdf` }),
      fileRow({ employee: open.employeeId, temp: null, by: fileHr.id, role: "HR", name: `${PLANTED}-contract.pdf` }),
      fileRow({ employee: null, temp: fileTempUuid, by: fileHr.id, role: "HR", name: `${PLANTED}-offer.pdf` }),
    ])
    .returning("id")
    .execute();

  // Move hub tasks as src/services/employee/movehub/hub.ts writes them.
  const hubRow = (o: { key: string | null; title: string; order: number }) => ({
    group_id: group.id, move_id: open.moveId, source_key: o.key, kind: o.key ? ("SERVICE" as const) : ("CUSTOM" as const), service_key: o.key ? "VICTIMTASK" : null,
    move_hub: 0, title: o.title, dd_text: `${PLANTED} task text`, section: 1, sort_order: o.order, due_date: "2026-01-01", is_done: 0, done_at: null,
    created_by: open.employeeId, created_at: now, updated_at: now,
  });
  const hubItems = await db
    .insertInto("move_hub_items")
    .values([hubRow({ key: "svc:1:VICTIMTASK", title: `${PLANTED} hub task`, order: 0 }), hubRow({ key: null, title: `${PLANTED} custom task`, order: 1 })])
    .returning("id")
    .execute();

  await db
    .insertInto("expenses")
    .values({
      group_id: group.id, move_id: open.moveId, employee_user_id: open.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
      category: "OTHER", category_other: `${PLANTED} category`, description: `${PLANTED} expense`, expense_date: "2026-01-01", currency: "EUR",
      net_amount: 1000, tax_amount: 0, gross_amount: 1000, budget_currency: null, budget_amount: null, exchange_rate: null, receipt_file_id: null,
      status: "SUBMITTED_WITHOUT_RECEIPT", created_at: now, updated_at: now,
    })
    .execute();
  const expenses = await db.selectFrom("expenses").select("id").where("group_id", "=", group.id).orderBy("id").execute();

  await db
    .insertInto("supplier_quotes")
    .values({
      group_id: group.id, move_id: open.moveId, service_key: "REMOVALS", move_stage: 1, company_name: `${PLANTED} supplier`, scope: "ONSHORE",
      currency: "EUR", amount: 100000, details: `${PLANTED} quote`, location: null, latitude: null, longitude: null, valid_until: "2999-12-31",
      status: "OPEN", created_by: null, created_at: now, updated_at: now,
    })
    .execute();
  const quotes = await db.selectFrom("supplier_quotes").select("id").where("group_id", "=", group.id).orderBy("id").execute();

  const geoAt = new Date().toISOString();
  const victimManager = await db
    .insertInto("users")
    .values({ email: "victim.manager@globex.test", first_name: "Vera", last_name: "Manager", role: "MANAGER", group_id: group.id, password_hash: null, terms_accepted_at: null, terms_version: null, activation_state: "PENDING", created_at: geoAt, updated_at: geoAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const geoRule = await db
    .insertInto("manager_geo_restrictions")
    .values({ group_id: group.id, manager_user_id: victimManager.id, origin_type: "COUNTRY", origin_ref: "GB", origin_country_code: "GB", destination_type: "COUNTRY", destination_ref: "LU", destination_country_code: "LU", created_at: geoAt })
    .returning("id")
    .executeTakeFirstOrThrow();

  const reasonAt = new Date().toISOString();
  const extensionReason = await db
    .insertInto("group_options")
    .values({ group_id: group.id, option_group: "EMPLOYEE_MOVE_STAGE_EXT", option_value: `Reason ${PLANTED}`, value_key: `reason ${PLANTED}`, default_value: 1, created_at: reasonAt, updated_at: reasonAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const victimTag = await one(
    "associated tag",
    db.selectFrom("group_tags as gt").innerJoin("tags as t", "t.name", "gt.name").select("t.id").where("gt.group_id", "=", group.id).orderBy("t.id").executeTakeFirst(),
  );

  // A finished bulk import (issue 15) as its job writes it: the job row and one failed row.
  const bulkJobId = crypto.randomUUID();
  await db
    .insertInto("jobs")
    .values({
      id: bulkJobId,
      kind: "bulk.employeeImport",
      group_id: group.id,
      created_by: fileHr.id,
      status: "DONE",
      payload: JSON.stringify({ groupId: group.id, fileName: `${PLANTED}.xlsx`, hash: fileHash, size: 10 }),
      result: null,
      error: null,
      total_count: 1,
      failure_count: 1,
      locked_until: null,
      created_at: now,
      updated_at: now,
      finished_at: now,
    })
    .execute();
  await db
    .insertInto("bulk_import_rows")
    .values({ job_id: bulkJobId, group_id: group.id, row_number: 2, status: "FAILED", employee_id: null, move_id: null, errors: JSON.stringify([PLANTED]), summary: PLANTED, created_at: now })
    .execute();

  // An incident (issue 15) on the victim's open move, as HR raises it.
  await db
    .insertInto("incidents")
    .values({ group_id: group.id, move_id: open.moveId, employee_user_id: open.employeeId, kind: "EXCEPTION", title: `${PLANTED} incident`, description: PLANTED, status: "OPEN", escalated: 0, escalated_at: null, closed_at: null, raised_by_user_id: null, created_at: now, updated_at: now, version: 1 })
    .execute();
  const incidents = await db.selectFrom("incidents").select("id").where("group_id", "=", group.id).orderBy("id").execute();

  // Finance accounts (issue 16) as ensureAccount makes them, and a bank account of the open move's employee.
  const financeAccountIds: number[] = [];
  for (const [type, owner] of [["Client", null], ["Employee", open.employeeId], ["Employee", draftMove.employeeId]] as const) {
    const natural = `${type}:${owner ?? group.id}:EUR`;
    const row = await db
      .insertInto("finance_accounts")
      .values({ name: `${type} EUR`, type, group_id: group.id, user_id: owner, currency: "EUR", natural_key: natural, created_by: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    financeAccountIds.push(row.id);
  }
  const bank = await db
    .insertInto("employee_bank_accounts")
    .values({ group_id: group.id, employee_user_id: open.employeeId, account_alias: "Current account", account_number: "DE00 0000 0000 0000 0000 00", account_currency: "EUR", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();

  // A bill owed to the open move's employee (PaymentPending) and the payment export batch that holds it.
  const victimBill = await db
    .insertInto("bills")
    .values({ group_id: group.id, move_id: open.moveId, employee_user_id: open.employeeId, bill_type: "Expense", status: "PaymentPending", source_kind: "externalSpend", source_id: 990_001, to_account_id: financeAccountIds[1]!, currency: "EUR", gross_amount: 1_000, net_amount: 1_000, tax_amount: 0, reference: PLANTED, bill_date: now.slice(0, 10), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const victimBatch = await db
    .insertInto("finance_payment_batches")
    .values({ message_id: `MER-${PLANTED}`, bill_count: 1, totals: "[]", csv: PLANTED, xml: PLANTED, created_by: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("finance_payment_batch_bills").values({ batch_id: victimBatch.id, bill_id: victimBill.id, group_id: group.id, position: 1 }).execute();
  const financeItemIds = { bookingCost: 0, lumpSum: 0, adhocCashSpend: 0 };
  for (const kind of ["bookingCost", "lumpSum", "adhocCashSpend"] as const) {
    const row = await db
      .insertInto("finance_items")
      .values({ kind, group_id: group.id, move_id: open.moveId, employee_user_id: open.employeeId, description: `Item ${PLANTED}`, currency: "EUR", net_amount: 1_000, tax_amount: 0, gross_amount: 1_000, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    financeItemIds[kind] = row.id;
  }

  // A third-party dashboard of the victim group (issue 26) on its allowed site.
  await db.insertInto("dashboard_origins").values({ group_id: group.id, origin: "https://dashboards.globex.test", created_by: null, created_at: now }).execute();
  const victimDashboard = await db
    .insertInto("third_party_dashboards")
    .values({ group_id: group.id, title: `Dashboard ${PLANTED}`, url: "https://dashboards.globex.test/d/victim", description: `${PLANTED} dashboard`, is_initial: 1, sort_order: 0, created_by: null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();

  // A saved (CUSTOM) report of the victim group (issue 26): the library's reportId fields name it.
  const victimReport = await db
    .insertInto("reports")
    .values({ type: "CUSTOM", report_key: null, subject: "moves", category: "custom", name: `Report ${PLANTED}`, description: `${PLANTED} report`, group_id: group.id, base_report_id: null, definition: JSON.stringify({ fields: [] }), created_by: null, created_at: now, updated_at: now, deleted_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();

  // A reminder of that report for the victim group's manager (issue 26 reminders): reminderId and managerId fields name them.
  const victimReminder = await db
    .insertInto("report_reminders")
    .values({ group_id: group.id, type: "REPORTING_REMINDER", report_id: victimReport.id, hr_email_id: null, user_id: victimManager.id, subject: `Reminder ${PLANTED}`, body: `${PLANTED} {reportLink}`, frequency_type: "DAILY", week_day: null, month_day: null, alert_status: "ALWAYS", filter_values: "{}", enabled: 1, next_run_at: "2099-01-01T08:00:00.000Z", last_run_at: null, created_by: null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();

  const users = await db.selectFrom("users").select(["id", "email", "first_name", "last_name"]).where("group_id", "=", group.id).execute();
  const policies = await db.selectFrom("policies").select("name").where("group_id", "=", group.id).execute();
  const groupRow = await db.selectFrom("groups").select(["name", "display_name"]).where("id", "=", group.id).executeTakeFirstOrThrow();
  const markers: Marker[] = [
    { text: groupRow.name, kind: "group" },
    { text: groupRow.display_name, kind: "group" },
    ...users.flatMap((u): Marker[] => [
      { text: u.email, kind: "people" },
      ...(u.first_name && u.last_name ? [{ text: `${u.first_name} ${u.last_name}`, kind: "people" as const }] : []),
    ]),
    ...policies.map((p): Marker => ({ text: p.name, kind: "policy" })),
    { text: PLANTED, kind: "planted" },
  ];

  return {
    group: group.name,
    groupId: group.id,
    policyId: policy.id,
    releasedVersionId: released.id,
    draftVersionId: draft.id,
    moves: [open, draftMove],
    inviteeId: invited.userId,
    costEstimateId,
    jobUuid: uuid,
    bulkJobId,
    formFieldId: field.id,
    formSectionId: section.id,
    benefitSetId: benefit.benefitId,
    benefitOptionId: benefit.benefitOptionId,
    metadataId: metadata.id,
    metadataInfoId: metadata.metadata_info_id,
    budgetGroupId: budget.budgetGroupId,
    budgetId: budget.budgetId,
    familyMemberId: family.id,
    outboxId: outbox.id,
    splashId: splash.id,
    fileIds: [files[0]!.id, files[1]!.id, files[2]!.id],
    fileHash,
    fileTempUuid,
    hubItemIds: [hubItems[0]!.id, hubItems[1]!.id],
    expenseIds: expenses.map((e) => e.id),
    quoteIds: quotes.map((q) => q.id),
    incidentIds: incidents.map((i) => i.id),
    extensionReasonId: extensionReason.id,
    tagId: victimTag.id,
    geoRestrictionId: geoRule.id,
    activationToken,
    resetToken,
    financeAccountIds,
    bankAccountIds: [bank.id],
    billIds: [victimBill.id],
    batchIds: [victimBatch.id],
    financeItemIds,
    dashboardId: victimDashboard.id,
    reportId: victimReport.id,
    reminderId: victimReminder.id,
    managerId: victimManager.id,
    spendCategoryId: spendCategory.id,
    serviceAttributeId: attribute.id,
    userIds: users.map((u) => u.id),
    markers,
  };
}

// ── Attackers ──────────────────────────────────────────────────────────────────────────────────

export type Attacker = { label: string; email: string | null; staff: boolean };

/** Everyone but a platform admin (who may act in every group) and the victim's own people. */
export const ATTACKERS: readonly Attacker[] = [
  { label: "signed out", email: null, staff: false },
  { label: "acme employee", email: "employee@acme.test", staff: false },
  { label: "acme HR", email: "hr@acme.test", staff: false },
  { label: "acme manager", email: "manager@acme.test", staff: false },
  { label: "FINANCE", email: "finance@meridian.test", staff: true },
  { label: "CRM", email: "crm@meridian.test", staff: true },
];

/**
 * Cross-group reads the spec gives platform staff on purpose: the call may answer with the
 * victim's data (the database must still be unchanged). Nothing else may.
 */
export const STAFF_GRANTS: ReadonlyArray<{ label: string; procedure: string; why: string }> = [
  { label: "CRM", procedure: "policy.catalogue.employeePolicy", why: "part 2 §7 GET /admin/policy/getPolicyDetails: ADMIN, CRM, the group's HR, the employee" },
  { label: "CRM", procedure: "estimate.history", why: "part 1 §6: CRM agents read estimates of every group (services/estimate/access.ts ESTIMATE_READ_ROLES)" },
  { label: "CRM", procedure: "estimate.exportFile", why: "part 1 §6: the export sits under a CRM prefix for CRM agents" },
  { label: "FINANCE", procedure: "programme.financeAccuracy", why: "issue 26: estimate accuracy in finance's insights, every group's moves (finance reads any move's estimate against actual, finance.insights.estimateVsActual)" },
];
export const LEGACY_STAFF_GRANTS: ReadonlyArray<{ label: string; path: string; why: string }> = [
  { label: "CRM", path: "/admin/policy/getPolicyDetails", why: "as policy.catalogue.employeePolicy" },
  { label: "CRM", path: "/hr/json/cost-estimate-history/{employeeId}", why: "as estimate.history" },
  { label: "CRM", path: "/{group}/generateCostEstimateExport", why: "as estimate.exportFile" },
];

/** The finance area's tables (issue 16): what finance staff change when they work on any group's items. */
const FINANCE_TABLES = [
  "finance_companies", "finance_subgroups", "finance_accounts", "finance_entries", "employee_bank_accounts", "finance_lock_periods",
  "finance_items", "finance_recurring_payments", "finance_approval_drafts", "finance_auto_approval_rules", "finance_idempotency",
  "finance_payment_batches", "finance_payment_batch_bills", "bills", "bill_lines", "payments", "expenses", "audit_log",
  // A decision tells the employee in its own transaction (issue 24 §3).
  "notifications",
] as const;

/**
 * Areas platform staff run for EVERY client group, by role (spec part 2 §1 "Finance staff approve or reject vendor
 * booking costs, expenses, lump sums and ad-hoc cash spends. They manage bills through payment and audit, manage
 * accounts and lock periods, and create ad-hoc charges"; §2 "Ad-hoc charge creation (CRM)"; DESIGN.md: FINANCE and
 * CRM belong to no group). Inside its area such a caller may read the victim's rows, change them — only in the
 * area's tables — and be refused because of the state the victim's rows are in (CONFLICT). Outside its area the
 * matrix treats it as any outsider; a non-staff caller (another group's HR, manager, employee) gets no area.
 * Matched by role and by the whole area (a procedure prefix, path prefixes), never by a single procedure.
 */
export const STAFF_AREAS: ReadonlyArray<{ label: string; procedures: string; paths: readonly string[]; tables: readonly string[]; why: string }> = [
  {
    label: "FINANCE",
    procedures: "finance.",
    paths: ["/accountmanagement/", "/admin/bank-account/", "/budget/spend/remaining", "/crm/adhocCharge/"],
    tables: FINANCE_TABLES,
    why: "part 2 §1, §2, §6: finance staff work on every group's approvals, bills, payments, accounts and bank accounts",
  },
  {
    label: "CRM",
    procedures: "finance.adhoc.",
    paths: ["/crm/adhocCharge/"],
    tables: ["finance_items", "finance_recurring_payments", "finance_idempotency", "audit_log"],
    why: "part 2 §2: CRM agents create ad-hoc charges for any group's employees",
  },
  {
    label: "CRM",
    procedures: "crmReminders.",
    paths: ["/crm/saveReminder", "/reporting/get-reminders", "/reporting/send-reminder", "/reporting/delete-reminder"],
    tables: ["crm_reminders", "notifications", "audit_log"],
    why: "part 2 §2, §7: CRM agents keep reminders about any group's employees' moves (saveReminder, get-reminders, send-reminder, delete-reminder)",
  },
];

/** The staff area a call of `attacker` falls in (a tRPC path or a legacy path), or null. */
export function staffAreaOf(attacker: Attacker, call: { procedure?: string; path?: string }) {
  if (!attacker.staff) return null;
  return (
    STAFF_AREAS.find(
      (a) =>
        a.label === attacker.label &&
        ((call.procedure !== undefined && call.procedure.startsWith(a.procedures)) || (call.path !== undefined && a.paths.some((p) => call.path!.startsWith(p)))),
    ) ?? null
  );
}

/** The victim texts this caller must not see (platform staff may see the group's names). */
export function markersFor(victim: Victim, attacker: Attacker): string[] {
  return victim.markers.filter((m) => !(attacker.staff && m.kind === "group")).map((m) => m.text.toLowerCase());
}

/** The markers found in a serialized answer. */
export function leakedMarkers(text: string, markers: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return markers.filter((m) => lower.includes(m));
}

/** A tRPC caller signed in as `email` (or signed out), with its session row id to tell a logout. */
export async function attackerCaller(db: DB, email: string | null) {
  const config = testConfig();
  if (!email) return { caller: createCaller(createContextInner({ db, config, session: null })), sessionId: null, userId: null };
  const { token, session } = await createSessionFor(db, email, config);
  return { caller: createCaller(createContextInner({ db, config, session })), sessionId: sessionIdFor(token), userId: session.user.id };
}

// ── The input generator ────────────────────────────────────────────────────────────────────────

/** Several victim values for an ambiguous name: the generator makes one input per candidate. */
export type OneOf = { oneOf: readonly unknown[] };
const oneOf = (...values: unknown[]): OneOf => ({ oneOf: values });
const isOneOf = (v: unknown): v is OneOf => typeof v === "object" && v !== null && "oneOf" in v;

type Rule = (v: Victim) => unknown;

/**
 * Tenant-identifying field names → the victim's value. Pairs that must agree (employeeId and
 * moveId, userId) list their candidates in the same order: variant i takes candidate i of each.
 */
export const TENANT_RULES: Record<string, Rule> = {
  group: (v) => v.group,
  /** PUT /splash/{id}/viewed: the victim group's own splash. */
  splashId: (v) => v.splashId,
  groupName: (v) => v.group,
  /** preferences.xlateMsg: the client group whose override is read. */
  customer: (v) => v.group,
  groupId: (v) => v.groupId,
  policyId: (v) => v.policyId,
  policyVersionId: (v) => oneOf(v.releasedVersionId, v.draftVersionId),
  versionId: (v) => oneOf(v.releasedVersionId, v.draftVersionId),
  /** policies.compareVersions: the two versions compared. */
  fromVersionId: (v) => v.releasedVersionId,
  toVersionId: (v) => v.draftVersionId,
  policyVersionIds: (v) => v.releasedVersionId,
  excludedPolicyVersionIds: (v) => v.releasedVersionId,
  employeeId: (v) => oneOf(v.moves[0].employeeId, v.moves[1].employeeId),
  moveId: (v) => oneOf(v.moves[0].moveId, v.moves[1].moveId),
  userId: (v) => oneOf(v.moves[0].employeeId, v.inviteeId),
  costEstimateId: (v) => v.costEstimateId,
  costEstimateID: (v) => v.costEstimateId,
  uuid: (v) => v.jobUuid,
  asyncCostEstimateCreationRequestUuid: (v) => v.jobUuid,
  /** Bulk import (issue 15): the victim group's import job, by either name. */
  jobId: (v) => v.bulkJobId,
  statusId: (v) => v.bulkJobId,
  formGroupId: (v) => v.formFieldId,
  frmGrpId: (v) => v.formFieldId,
  dependencyIds: (v) => v.formFieldId,
  benefitId: (v) => v.benefitSetId,
  serviceBenefitId: (v) => v.benefitOptionId,
  benefitOptionId: (v) => v.benefitOptionId,
  selectedBenefitId: (v) => v.benefitOptionId,
  metadataInfoId: (v) => v.metadataInfoId,
  budgetGroupId: (v) => v.budgetGroupId,
  budgetId: (v) => v.budgetId,
  /** A bare `id` names many things (mail message, benefit option, metadata line, form section, family member, benefit set, employee file): try each. */
  id: (v) => oneOf(v.benefitOptionId, v.metadataId, v.outboxId, v.formSectionId, v.familyMemberId, v.benefitSetId, v.fileIds[0]),
  /** Employee files: each of the victim's, the content hash they share, the temporary upload's UUID, the employee they belong to. */
  fileId: (v) => oneOf(...v.fileIds),
  hash: (v) => v.fileHash,
  fileTempUUID: (v) => v.fileTempUuid,
  empId: (v) => oneOf(v.moves[0].employeeId, v.moves[1].employeeId),
  /** addEmployeeNote (issue 15): the employee and their move. */
  uid: (v) => oneOf(v.moves[0].employeeId, v.moves[1].employeeId),
  mid: (v) => oneOf(v.moves[0].moveId, v.moves[1].moveId),
  /** Move hub tasks (updateMHStatus itemId, addEditCustomItem / delete mhItemId). */
  itemId: (v) => oneOf(...v.hubItemIds),
  mhItemId: (v) => oneOf(...v.hubItemIds),
  /** Expenses (expenses.delete), the receipt an expense names, the move a hard-limit check or booking estimate names. */
  expenseId: (v) => oneOf(...v.expenseIds),
  receiptFileId: (v) => oneOf(...v.fileIds),
  enquiryId: (v) => oneOf(v.moves[0].moveId, v.moves[1].moveId),
  /** Supplier quotes (quotes.book, the booking estimate's quoteId): each of the victim's. */
  quoteId: (v) => oneOf(...v.quoteIds),
  /** Incidents (issue 15): each of the victim group's. */
  incidentId: (v) => oneOf(...v.incidentIds),
  /** HR settings (issue 15): the victim group's extension reason; tags admin: a tag associated with the victim group. */
  reasonId: (v) => v.extensionReasonId,
  /** Extend assignments (issue 15): the extension reason option of the victim group. */
  groupOptionId: (v) => v.extensionReasonId,
  tagId: (v) => v.tagId,
  tagIds: (v) => v.tagId,
  /**
   * Tokens are capabilities: whoever holds a link may use it. The attacker here holds the victim's
   * token of the OTHER kind (an activation code at the reset door and the reverse), which must
   * open nothing.
   */
  /** Managers admin (issue 15): the victim manager's geographic rule. */
  restrictionId: (v) => v.geoRestrictionId,
  /** Finance (issue 16): the victim group's accounts, its employee's bank account, the employees a bank-account lookup names. */
  accountId: (v) => oneOf(...v.financeAccountIds),
  bankAccountId: (v) => oneOf(...v.bankAccountIds),
  bankAccountIds: (v) => oneOf(...v.bankAccountIds),
  employeeIds: (v) => oneOf(v.moves[0].employeeId, v.moves[1].employeeId),
  /** Bill Management: the victim group's bill, its recipient account, the export batch holding it. */
  billId: (v) => oneOf(...v.billIds),
  billIds: (v) => oneOf(...v.billIds),
  toAccountId: (v) => oneOf(...v.financeAccountIds),
  batchId: (v) => oneOf(...v.batchIds),
  /** Bill Approval: the victim group's approval items by the names the calls give them. */
  bookingCostId: (v) => v.financeItemIds.bookingCost,
  lumpsumId: (v) => v.financeItemIds.lumpSum,
  cashSpendId: (v) => v.financeItemIds.adhocCashSpend,
  /** Dashboards viewer (issue 26): the victim group's dashboard. */
  dashboardId: (v) => v.dashboardId,
  /** Report library (issue 26): the victim group's saved report. */
  reportId: (v) => v.reportId,
  /** Report builder (issue 26): the victim group's saved report as the base of a new one, or the one to edit. */
  baseReportId: (v) => v.reportId,
  editReportId: (v) => v.reportId,
  /** Reporting reminders (issue 26): the victim group's reminder and manager; an unsubscribe token of the wrong kind opens nothing. */
  reminderId: (v) => v.reminderId,
  managerId: (v) => v.managerId,
  tokenKey: (v) => v.activationToken,
  token: (v) => v.activationToken,
  ac: (v) => v.resetToken,
};

/** Names that look tenant-identifying but are not (stage numbers, global catalogue rows). */
export const NEUTRAL_RULES: Record<string, Rule> = {
  /** A catalogue service key (checkHardLimit), an idempotency key of the attacker's own. */
  productId: () => "SETTLINGIN",
  requestId: () => "tenant-matrix-request-0001",
  /** Reminders (issue 26): the attacker's own send-now request key; HR e-mails are a global catalogue. */
  requestKey: () => "tenant-matrix-request-key-0001",
  hrEmailId: () => 1,
  moveStageId: () => 1,
  moveStageIdFrom: () => 1,
  moveStageIdTo: () => 2,
  /** A city of the reference data (0 = "Other"). */
  cityId: () => 0,
  /** Spend categories and service attributes are the global catalogue. */
  sdcId: (v) => v.spendCategoryId,
  spendCategoryId: (v) => v.spendCategoryId,
  /** Finance companies (vendors, clients) are platform-wide reference rows, not a group's (finance_companies has no group_id). */
  companyId: () => 1,
  attributeId: (v) => v.serviceAttributeId,
  /** The chosen option of a select field (a value, not a row). */
  valueId: () => 1,
  /** An upload the attacker would have made itself (no victim upload is reachable by id). */
  empTempFileUUID: () => "00000000-0000-4000-8000-000000000000",
  /** Overview neighbourhoods are public OpenStreetMap places cached for everyone (the calls check the caller's own destination); a property id is the provider's. */
  neighbourhoodId: () => 1,
  externalId: () => "probe-listing",
  /** File categories are reference data, the same for every group. */
  categoryId: () => 1,
  yearIndex: () => 0,
  /** An OpenID Connect client id (text the admin types), a UI component of the form builder, a select option. */
  clientId: () => "probe-client",
  componentId: () => "text",
  formValueId: () => 1,
  /** Finance rejection and void reasons are a global catalogue (finance_rejection_reasons; VOID reasons 7–11). */
  rejectionId: () => 7,
  /** Charts (issue 26) are a platform-wide catalogue (chart_reports has no group_id); a group's charts are picked by `group`. */
  chartId: () => 1,
  chartIds: () => 1,
};

/**
 * Plausible values of ordinary fields, so the input passes validation and reaches the access
 * check. E-mail addresses are an unknown address at the victim's domain: signing in, recovery
 * and check-user are open to anyone for any address by design, and their effect on a real account
 * (a failed-login count, a reset e-mail) is the documented behaviour (auth and recovery tests).
 */
const PLAUSIBLE: Record<string, Rule> = {
  email: () => "nobody@globex.test",
  userEmail: () => "nobody@globex.test",
  approverEmail: () => "nobody@globex.test",
  password: () => DEMO_PASSWORD,
  confirmPassword: () => DEMO_PASSWORD,
  lang: () => "en",
  language: () => "en",
  countryCode: () => "GB",
  currency: () => "EUR",
  displayCurrency: () => "EUR",
  salaryCurrency: () => "EUR",
  annualSalaryCurrency: () => "EUR",
  serviceKey: () => "TRAVEL",
  serviceCode: () => "TRAVEL",
  serviceType: () => "TRAVEL",
  service: () => "TRAVEL",
  area: () => "NEW_MOVE",
  key: () => "CE_POLICY",
  formula: () => "1 + 1",
  fileName: () => "file.xlsx",
  moveStage: () => 1,
  budgetGroup: () => 1,
  setting: () => "order",
  services: () => "TRAVEL",
  allowedDomains: () => "probe.test",
  /** CRM reminders (issue 26): a due time on the quarter hour, in the future. */
  datePicker: () => "2030-01-07T09:15:00.000Z",
  /** social.link: a handle on the configured instance (the attacker's own link). */
  handle: () => "probe@social.example",
  /** managers.saveGeoRestriction: a well-formed route (issue 15). */
  /** charts.data (issue 26): a chart range in YYYY-MM-DD. */
  start: () => "2026-01-01",
  end: () => "2026-12-31",
  geoString: () => JSON.stringify({ originGeoType: "COUNTRY", originGeoId: "GB", destinationGeoType: "COUNTRY", destinationGeoId: "LU" }),
};

/**
 * Names that mean a client group in most schemas and something else in a few
 * (`preferences.xlateMsg`'s `group` is a translation group such as UI): where the field refuses
 * every group's URL name, it cannot name the victim, and gets an ordinary value.
 */
const OVERLOADED = new Set(["group"]);
const ANY_GROUP_NAMES = ["acme", "globex", "initech"];

const TENANT_LOOKING = /(Id|ID|Ids|IDs|Uuid|UUID)$|^(group|groupName|customer|token|ac|uuid|id)$/;

/** Does a field name look tenant-identifying (so it needs a rule)? */
export function looksTenant(name: string): boolean {
  return TENANT_LOOKING.test(name);
}

const OMIT = Symbol("omit");
type Gen = { victim: Victim; variant: number; maxCandidates: number; unfilled: Set<string>; failed: Set<string> };

type ZDef = { type: string; [k: string]: any };
const defOf = (schema: unknown): ZDef | undefined => (schema as { _zod?: { def?: ZDef } } | undefined)?._zod?.def;
const parses = (schema: unknown, value: unknown) => (schema as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;

function pick(g: Gen, value: unknown): unknown {
  if (!isOneOf(value)) return value;
  g.maxCandidates = Math.max(g.maxCandidates, value.oneOf.length);
  return value.oneOf[g.variant % value.oneOf.length];
}

/** The rule's value in a shape the schema takes (a number as text, a single id as a list, …). */
function fit(schema: unknown, value: unknown): unknown {
  const tries = [value, String(value), Number(value), [value], [String(value)]];
  for (const t of tries) if (!(typeof t === "number" && Number.isNaN(t)) && parses(schema, t)) return t;
  return OMIT;
}

const STRINGS = ["matrix probe", "2026-06-01", "nobody@globex.test", "00000000-0000-4000-8000-000000000000", "EUR", "GB", "1", "true", "https://probe.test/x", "a"];
const NUMBERS = [1, 0, 2026, 10, 0.5];

function leaf(schema: unknown, candidates: readonly unknown[]): unknown {
  for (const c of candidates) if (parses(schema, c)) return c;
  return OMIT;
}

function generate(schema: unknown, name: string | undefined, path: string, g: Gen, optional = false): unknown {
  const def = defOf(schema);
  if (!def) return OMIT;
  if (name !== undefined) {
    const rule = TENANT_RULES[name] ?? NEUTRAL_RULES[name] ?? PLAUSIBLE[name];
    if (rule) {
      const value = fit(schema, pick(g, rule(g.victim)));
      if (value !== OMIT) return value;
      const namesSomethingElse = OVERLOADED.has(name) && ANY_GROUP_NAMES.every((n) => !parses(schema, n));
      if ((TENANT_RULES[name] || NEUTRAL_RULES[name]) && !namesSomethingElse) g.failed.add(path);
    } else if (looksTenant(name) && def.type !== "object") {
      g.unfilled.add(path);
    }
  }
  const tenant = name !== undefined && (TENANT_RULES[name] !== undefined || NEUTRAL_RULES[name] !== undefined);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      // Optional fields stay out unless they identify something: those carry the victim's value.
      return tenant ? generate(def.innerType, name, path, g, true) : OMIT;
    case "nullable":
    case "readonly":
    case "catch":
    case "nonoptional": {
      const inner = generate(def.innerType, name, path, g, optional);
      return inner === OMIT && def.type === "nullable" && !optional ? null : inner;
    }
    case "pipe": {
      // z.preprocess(fn, schema) is a pipe from a transform: generate what the schema takes.
      const from = defOf(def.in)?.type === "transform" ? def.out : def.in;
      return generate(from, name, path, g, optional);
    }
    case "lazy":
      return generate(def.getter(), name, path, g, optional);
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = generate(field, key, path ? `${path}.${key}` : key, g);
        if (value !== OMIT) out[key] = value;
      }
      return out;
    }
    case "intersection": {
      const left = generate(def.left, name, path, g);
      const right = generate(def.right, name, path, g);
      return { ...(left as object), ...(right as object) };
    }
    case "array": {
      const element = generate(def.element, name, `${path}[]`, g);
      if (element !== OMIT && parses(schema, [element])) return [element];
      return parses(schema, []) ? [] : element === OMIT ? OMIT : [element];
    }
    case "tuple":
      return (def.items as unknown[]).map((item, i) => generate(item, undefined, `${path}[${i}]`, g));
    case "record":
      return {};
    case "union": {
      const options = def.options as unknown[];
      let first: unknown = OMIT;
      for (const option of options) {
        const value = generate(option, name, path, g, optional);
        if (value === OMIT) continue;
        if (parses(schema, value)) return value;
        if (first === OMIT) first = value;
      }
      return first;
    }
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "string":
      return leaf(schema, STRINGS);
    case "number":
    case "int":
      return leaf(schema, NUMBERS);
    case "bigint":
      return leaf(schema, [1n]);
    case "boolean":
      return leaf(schema, [false, true]);
    case "null":
      return null;
    case "undefined":
    case "void":
      return undefined;
    case "any":
    case "unknown":
      return "matrix probe";
    case "date":
      return new Date("2026-06-01T00:00:00Z");
    default:
      g.failed.add(`${path} (${def.type})`);
      return OMIT;
  }
}

export type GeneratedInputs = {
  /** One input per candidate of the most ambiguous field (at least one). */
  variants: unknown[];
  /** Tenant-looking fields without a rule. */
  unfilled: string[];
  /** Fields the generator could not give a valid value, and variants the schemas refused. */
  failed: string[];
};

/**
 * Inputs for a procedure whose inputs (tRPC merges them) are `schemas`, or a legacy request
 * schema: every tenant field is the victim's, the rest plausible; each variant must parse.
 */
export function inputsFor(schemas: readonly unknown[], victim: Victim): GeneratedInputs {
  const unfilled = new Set<string>();
  const failed = new Set<string>();
  const variants: unknown[] = [];
  if (schemas.length === 0) return { variants: [undefined], unfilled: [], failed: [] };
  for (let variant = 0, count = 1; variant < count; variant++) {
    const g: Gen = { victim, variant, maxCandidates: 1, unfilled, failed };
    let merged: unknown = undefined;
    for (const schema of schemas) {
      const value = generate(schema, undefined, "", g);
      if (value === OMIT) continue;
      merged = merged === undefined ? value : { ...(merged as object), ...(value as object) };
    }
    count = g.maxCandidates;
    for (const schema of schemas) {
      const result = (schema as { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }).safeParse(merged);
      if (!result.success) failed.add(`variant ${variant}: ${result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    variants.push(merged);
  }
  return { variants, unfilled: [...unfilled], failed: [...failed] };
}

/**
 * Path parameters of the legacy paths → the field name whose rule fills them. A parameter is
 * named by itself, or by the segment before it when the name alone is ambiguous
 * (`budget-groups/{group}` is a budget group number, `/{group}/…` the client group).
 */
export const PATH_PARAMS: Record<string, string> = {
  "{group}": "group",
  "budget-groups/{group}": "budgetGroup",
  "{policyId}": "policyId",
  "{v}": "policyVersionId",
  "{version}": "policyVersionId",
  "{versionId}": "policyVersionId",
  "versions/{id}": "policyVersionId",
  "budget-groups/{id}": "budgetGroupId",
  "popup/{id}": "budgetGroupId",
  "{budgetId}": "budgetId",
  "{employeeId}": "employeeId",
  "{groupId}": "groupId",
  "bank-account/{id}": "bankAccountId",
  "{moveId}": "moveId",
  "dashboards/{id}": "dashboardId",
  "{userId}": "userId",
  "{uuid}": "uuid",
  "{email}": "email",
  "{stage}": "moveStage",
  "{serviceName}": "serviceKey",
  "{serviceType}": "serviceType",
  "attributes/{id}": "attributeId",
  "{type}": "activationType",
  "{area}": "area",
  "{key}": "key",
  "{pollNumber}": "pollNumber",
  "{name}": "setting",
  "{setting}": "setting",
  "{value}": "settingValue",
  "{pkg}": "estimatePackage",
  "{exclude}": "excludeCompensation",
  "splash/{id}": "splashId",
  /** Bill Approval's draft cache: the victim's expense, as an expense. */
  "clearBillLinesCache/{id}": "expenseId",
  "/{type}": "approvalKind",
  "{batchId}": "batchId",
  "{format}": "paymentFileFormat",
  /** Charts (issue 26): /{company}/summary/chart/{id}/{start}/{end}/{dimension}. */
  "{company}": "group",
  "chart/{id}": "chartId",
  "{start}": "start",
  "{end}": "end",
  "{dimension}": "chartDimension",
};

const PATH_VALUES: Record<string, Rule> = {
  activationType: () => "employee",
  pollNumber: () => 1,
  settingValue: () => "1",
  estimatePackage: () => "NONE",
  excludeCompensation: () => "false",
  paymentFileFormat: () => "csv",
  approvalKind: () => "expense",
  chartDimension: () => "month",
};

/** The path with its parameters replaced by the victim's values; unknown parameters are listed. */
export function fillPath(path: string, victim: Victim, variant: number): { path: string; unknown: string[]; candidates: number } {
  const unknown: string[] = [];
  const g: Gen = { victim, variant, maxCandidates: 1, unfilled: new Set(), failed: new Set() };
  const filled = path.replace(/([^/]*)\/(\{[^}]+\})/g, (_all, before: string, param: string) => {
    const field = PATH_PARAMS[`${before}/${param}`] ?? PATH_PARAMS[param];
    const rule = field ? (TENANT_RULES[field] ?? NEUTRAL_RULES[field] ?? PLAUSIBLE[field] ?? PATH_VALUES[field]) : undefined;
    if (!rule) {
      unknown.push(param);
      return `${before}/x`;
    }
    return `${before}/${encodeURIComponent(String(pick(g, rule(victim))))}`;
  });
  return { path: filled, unknown, candidates: g.maxCandidates };
}

// ── The database fingerprint ───────────────────────────────────────────────────────────────────

/**
 * Reference tables written only by the seed: their row counts are compared, their contents (about
 * 10 000 rows) are not hashed.
 */
const COUNT_ONLY = new Set(["cities", "states", "countries", "currencies"]);

/**
 * What an attacker's call may change, and why (everything else must be byte-for-byte unchanged):
 * - `login_throttle`: failed sign-ins counted per address and account; auth.login and POST /login
 *   are open to everyone, so the attacker's own attempts count there.
 * - `client_errors`: errors.report is open to everyone (a signed-out page can fail too); the
 *   reporter's user and group come from its own session, never from the input.
 * - the caller's own `sessions` rows (sign-out ends its session, registerClientInfo stores its
 *   time zone, last_seen_at), `user_properties` (saveUserProperty saves its own), `user_widget_prefs`
 *   (widgets.setCurrency and POST /user/currency save its own), `splash_views` (splashViewed marks
 *   its own view of a splash it can see), `feedback` (its own last feedback), `social_links` (social.link
 *   links its own handle), `notifications` and `notification_preferences` (markRead, markAllRead and
 *   setPreference act on its own rows only; issue 24 §3), `user_saved_charts` (charts.save, remove and
 *   reorder act on its own dashboard; issue 26) and `users` row
 *   (acceptTerms, last sign-in).
 * - the overview page's `neighbourhood_favourites`, `office_preferences`, `property_clicks` and
 *   `service_visits`: the caller's own flags, office, clicks and visits (user_id is the session's).
 * - `audit_log` rows that name neither the victim group nor a victim user: the caller's own
 *   audited activity. A row written against the victim group or a victim user counts as a change.
 */
function scopeOf(table: string, callerId: number | null, victim: Victim): string | null {
  const caller = callerId ?? -1;
  switch (table) {
    case "login_throttle":
    case "client_errors":
      return null;
    case "sessions":
    case "user_properties":
    case "user_widget_prefs":
    case "splash_views":
    case "feedback":
    case "neighbourhood_favourites":
    case "office_preferences":
    case "property_clicks":
    case "service_visits":
    case "social_links":
    case "notifications":
    case "notification_preferences":
    case "user_saved_charts":
      return `user_id <> ${caller}`;
    case "users":
      return `id <> ${caller}`;
    case "audit_log":
      return `(group_id = ${victim.groupId} or actor_user_id in (${victim.userIds.join(",")}) or (entity = 'user' and entity_id in (${victim.userIds.map((id) => `'${id}'`).join(",")})))`;
    default:
      return "1 = 1";
  }
}

type TableInfo = { name: string; columns: string[] };
const tableCache = new WeakMap<DB, Promise<TableInfo[]>>();

function tablesOf(db: DB): Promise<TableInfo[]> {
  let tables = tableCache.get(db);
  if (!tables) {
    // PostgreSQL lists the tables of every schema (other test files' too): keep this database's own.
    tables = Promise.all([db.introspection.getTables(), currentSchema(db)]).then(([ts, schema]) =>
      ts
        .filter((t) => !t.name.startsWith("kysely_") && (schema === null || t.schema === schema))
        .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
    );
    tableCache.set(db, tables);
  }
  return tables;
}

async function currentSchema(db: DB): Promise<string | null> {
  try {
    const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return result.rows[0]?.schema ?? null;
  } catch {
    return null; // SQLite: one schema
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One text per table: row count and a hash of every row in scope (see `scopeOf`), read in one
 * statement. SQLite returns the rows as JSON arrays, hashed here; on PostgreSQL the newest row
 * version's transaction id stands in for the hash (any insert or update raises it, and the
 * comparison is then even stricter: a write that stores the same values counts too), which keeps
 * the fingerprint about 1 ms instead of 15.
 */
export async function fingerprint(db: DB, dialect: "sqlite" | "postgres", callerId: number | null, victim: Victim): Promise<Record<string, string>> {
  const tables = await tablesOf(db);
  const parts: string[] = [];
  const names: string[] = [];
  for (const t of tables) {
    const where = scopeOf(t.name, callerId, victim);
    if (where === null) continue;
    names.push(t.name);
    const table = quote(t.name);
    if (COUNT_ONLY.has(t.name)) {
      parts.push(`(select cast(count(*) as text) from ${table}) as ${quote(t.name)}`);
    } else if (dialect === "postgres") {
      // Every insert or update writes a row version with a new, higher transaction id (xmin), and a
      // delete lowers the count: count and newest xmin change with any write, without reading the rows' text.
      parts.push(`(select count(*)::text || ':' || coalesce(max(r.xmin::text::bigint), 0)::text from ${table} as r where ${where}) as ${quote(t.name)}`);
    } else {
      const row = `json_array(${t.columns.map(quote).join(", ")})`;
      parts.push(`(select count(*) || ':' || coalesce(group_concat(j, '|'), '') from (select ${row} as j from ${table} where ${where} order by rowid)) as ${quote(t.name)}`);
    }
  }
  const result = await sql<Record<string, string>>`${sql.raw(`select ${parts.join(", ")}`)}`.execute(db);
  const row = result.rows[0]!;
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = String(row[name] ?? "");
    out[name] = dialect === "sqlite" && value.length > 64 ? `${value.slice(0, value.indexOf(":"))}:${Bun.hash(value).toString(16)}` : value;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

// ── Legacy operations ───────────────────────────────────────────────────────────────────────────

export type LegacyCase = { method: string; path: string; op: Operation };
export function legacyCases(): LegacyCase[] {
  const ops = allLegacyOperations();
  const doc = buildOpenApi();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => {
      const op = ops.find((o) => o.path === path && o.method === method);
      if (!op) throw new Error(`${method} ${path} is in the OpenAPI document but not in allLegacyOperations()`);
      return { method: method.toUpperCase(), path, op };
    }),
  );
}

/** Fields of a legacy request sent as query or form text: scalars as they are, the rest as JSON. */
export function asText(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k] = v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  }
  return out;
}
