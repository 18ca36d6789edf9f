/**
 * Test fixtures of the wizard (used by src/routers/moves/wizard/*.test.ts and
 * src/routers/moves/legacy/wizard*.test.ts): released demo versions, a valid set of stage-2 items built
 * from the form the wizard answers, moves saved through stage 2 or inserted straight into the
 * tables, and row counts.
 */
import type { DB } from "../../../db/index.ts";
import { CORE_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import type { TFormComponentItem, TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import { callerFor, insertTestUser } from "../../../test/db.ts";

/** The released version of a demo policy (by name). */
export async function releasedVersionOf(db: DB, policyName: string) {
  const row = await db
    .selectFrom("policy_versions as v")
    .innerJoin("policies as p", "p.id", "v.policy_id")
    .select(["v.id", "v.policy_id", "p.group_id"])
    .where("p.name", "=", policyName)
    .where("v.status", "=", "RELEASED")
    .orderBy("v.version_number", "desc")
    .executeTakeFirstOrThrow();
  return { versionId: row.id, policyId: row.policy_id, groupId: row.group_id };
}

export async function cityIdOf(db: DB, countryCode: string, name: string) {
  const row = await db
    .selectFrom("cities")
    .select("id")
    .where("country_code", "=", countryCode)
    .where("name", "=", name)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countTable(
  db: DB,
  table: "users" | "moves" | "move_family_members" | "audit_log" | "outbox" | "account_tokens" | "cost_estimates" | "jobs" | "city_indices",
) {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

let counter = 0;
/** A unique e-mail address for a test employee. */
export function uniqueEmail(prefix = "new.hire") {
  counter += 1;
  return `${prefix}.${counter}.${crypto.randomUUID().slice(0, 6)}@example.com`;
}

const blank = { formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null } as const;

/** A value every rule of part 1 §5 accepts, for each kind of component. */
export function validItem(c: TInitiationComponent, places: { london: number; luxembourg: number }, email: string): TFormComponentItem {
  const base = { modelName: c.modelName, formType: c.formType, ...blank };
  switch (c.modelName) {
    case CORE_MODEL_NAMES.firstName:
      return { ...base, formValue: "Ada" };
    case CORE_MODEL_NAMES.lastName:
      return { ...base, formValue: "Lovelace" };
    case CORE_MODEL_NAMES.email:
      return { ...base, formValue: email };
    case CORE_MODEL_NAMES.origin:
      return { ...base, formValue: "London", formValueId: places.london, countryCode: "GB", state: "ENG" };
    case CORE_MODEL_NAMES.destination:
      return { ...base, formValue: "Luxembourg", formValueId: places.luxembourg, countryCode: "LU", state: null };
    case CORE_MODEL_NAMES.moveDate:
      return { ...base, formValue: "2027-03-01" };
    case CORE_MODEL_NAMES.assignmentStartDate:
      return { ...base, formValue: "2027-03-01" };
    case CORE_MODEL_NAMES.assignmentEndDate:
      return { ...base, formValue: "2028-09-01" };
  }
  switch (c.formType) {
    case "select":
    case "radio":
      return { ...base, formValue: c.availableValues[0] ?? "x" };
    case "checkbox":
      return { ...base, formValue: "true" };
    case "money":
      return { ...base, formValue: "1000", currency: "USD" };
    case "read-only-money":
      return { ...base, formValue: null };
    case "numeric":
      return { ...base, formValue: "1" };
    case "dateOfBirth":
      return { ...base, formValue: "1990-05-01" };
    case "countryStateCity":
      return { ...base, formValue: "London", formValueId: places.london, countryCode: "GB", state: "ENG" };
    case "hidden":
      return { ...base, formValue: null };
    default:
      return { ...base, formValue: c.validator === "email" ? "someone@example.com" : "Text" };
  }
}

/**
 * The form the wizard answers for `versionId` in `group` (as `email`'s caller) and a valid item
 * for each component, with `overrides` applied by model name.
 */
export async function validItems(
  db: DB,
  o: { group: string; versionId: number; as?: string; email?: string; overrides?: Record<string, Partial<TFormComponentItem>> },
) {
  const caller = await callerFor(db, o.as ?? (o.group === "globex" ? "hr@globex.test" : "hr@acme.test"));
  const form = await caller.wizard.initiationForm({ group: o.group, policyVersionId: o.versionId });
  const components = form.sections.flatMap((s) => s.components);
  const places = { london: await cityIdOf(db, "GB", "London"), luxembourg: await cityIdOf(db, "LU", "Luxembourg") };
  const email = o.email ?? uniqueEmail();
  const items = components.map((c) => ({ ...validItem(c, places, email), ...o.overrides?.[c.modelName] }));
  return { form, components, items, email, places };
}

/** Saves stage 2 for a new employee through the procedure; returns the answer and the items sent. */
export async function createTestMove(
  db: DB,
  o: { group?: string; policy?: string; saveAsDraft?: boolean; as?: string; overrides?: Record<string, Partial<TFormComponentItem>> } = {},
) {
  const group = o.group ?? "acme";
  const { versionId, policyId } = await releasedVersionOf(db, o.policy ?? (group === "globex" ? "Globex Permanent Transfer" : "Global Long-Term Assignment"));
  const as = o.as ?? (group === "globex" ? "hr@globex.test" : "hr@acme.test");
  const built = await validItems(db, { group, versionId, as, overrides: o.overrides });
  const caller = await callerFor(db, as);
  const res = await caller.wizard.createNewEmployee({ group, policyVersionId: versionId, items: built.items, saveAsDraft: o.saveAsDraft ?? false });
  if (!res.success) throw new Error(`createTestMove failed: ${JSON.stringify(res)}`);
  return { ...res, employeeId: res.employeeId!, moveId: res.moveId!, versionId, policyId, items: built.items, email: built.email, components: built.components };
}

/**
 * A fresh acme EMPLOYEE with a move inserted straight into the tables (no stage 2) on the released
 * version of `policy` (default "Global Long-Term Assignment"), at wizard stage 3; a draft unless told.
 */
export async function insertWizardMove(
  db: DB,
  options: { status?: "draft" | "open" | "cancelled"; stage?: number; policy?: string } = {},
) {
  const email = `wiz-${crypto.randomUUID().slice(0, 8)}@acme.test`;
  const employeeId = await insertTestUser(db, { email, role: "EMPLOYEE", group: "acme" });
  const version = await releasedVersionOf(db, options.policy ?? "Global Long-Term Assignment");
  const now = new Date().toISOString();
  const move = await db
    .insertInto("moves")
    .values({
      group_id: version.groupId,
      employee_user_id: employeeId,
      policy_id: version.policyId,
      policy_version_id: version.versionId,
      status: options.status ?? "draft",
      current_move_stage: options.stage ?? 1,
      wizard_stage: 3,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { employeeId, moveId: move.id, email };
}
