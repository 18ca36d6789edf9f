import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { DB } from "./index.ts";
import { seedAll, seedDemoData } from "./seed.ts";
import { ASSIGNMENT_DEMO_EMPLOYEES } from "./seed-assignments.ts";
import { seedPolicyDemo } from "./seed-policy.ts";
import {
  ACME_PREFILL,
  ACME_SPLASH,
  BUSINESS_UNITS,
  DEFAULT_FORM,
  DEMO_MOVES,
  insertDefaultForm,
  seedWizardDemo,
  type DefaultField,
} from "./seed-wizard.ts";
import {
  CORE_MODEL_NAMES,
  DATA_TYPE_OF,
  FORM_TYPES,
  TYPES_WITH_VALUES,
  US_TO_US_MODEL_NAMES,
  VALIDATOR_IDS,
  bareModelName,
  propertyModelName,
  type FormType,
} from "../domain/policy/forms/catalogue.ts";
import { checkLabel, checkModelName, checkValues } from "../domain/policy/forms/rules.ts";
import type { TFormComponentItem, TInitiationComponent } from "../domain/moves/wizard/schemas.ts";
import { validateInitiationForm } from "../domain/moves/wizard/validation.ts";
import { createSessionFor, createTestDatabase, type TestDatabase } from "../test/db.ts";

const CORE = Object.values(CORE_MODEL_NAMES) as string[];
const WIZARD_TABLES = [
  "form_sections", "form_fields", "form_prefill_values", "splash_contents", "moves", "users",
  "move_family_members", "move_service_overrides", "move_budget_overrides",
] as const;

async function counts(db: DB) {
  const out: Record<string, number> = {};
  for (const table of WIZARD_TABLES) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const ids = (json: string) => JSON.parse(json) as number[];

type FieldRow = {
  id: number; model_name: string; label: string; form_type: string; placeholder: string; tooltip: string; validator: string | null;
  available_values: string; policy_version_ids: string; excluded_policy_version_ids: string; read_only: number; mandatory: number;
  draft_mandatory: number; master: number; slave: number;
};

/** A field as the wizard shows it (the same mapping the wizard's service makes). */
function componentOf(f: FieldRow): TInitiationComponent {
  return {
    formGroupId: f.id, key: `FRM_GRP_${f.id}`, modelName: f.model_name, formType: f.form_type as FormType, label: f.label,
    placeholder: f.placeholder, tooltip: f.tooltip, mandatory: f.mandatory === 1, draftMandatory: f.draft_mandatory === 1,
    readOnly: f.read_only === 1, validator: f.validator, availableValues: JSON.parse(f.available_values) as string[],
    master: f.master === 1, slave: f.slave === 1, usToUsOnly: US_TO_US_MODEL_NAMES.has(f.model_name),
    allowNegative: f.validator === "negativeMoneyAllowed", allowCurrencyWithoutValue: f.validator === "currencyWithoutValue",
    value: { formValue: null, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null },
  };
}

/** The components of a group's form for one policy version (added sections, fields shown for the version). */
async function formFor(db: DB, groupId: number, versionId: number, policyId: number): Promise<TInitiationComponent[]> {
  const versions = (await db.selectFrom("policy_versions").select("id").where("policy_id", "=", policyId).execute()).map((v) => v.id);
  const rows = await db
    .selectFrom("form_fields as f")
    .innerJoin("form_sections as s", "s.id", "f.section_id")
    .selectAll("f")
    .where("f.group_id", "=", groupId)
    .where("s.added", "=", 1)
    .orderBy("s.sort_order")
    .orderBy("f.sort_order")
    .execute();
  return rows
    .filter((f) => {
      const only = ids(f.policy_version_ids);
      return only.length === 0 || only.some((id) => versions.includes(id) || id === versionId);
    })
    .map(componentOf);
}

/** The items the wizard would send back for a seeded move (core values from the columns, the rest from form_values). */
async function itemsOf(db: DB, moveId: number): Promise<TFormComponentItem[]> {
  const m = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .selectAll("m")
    .select(["u.first_name", "u.last_name", "u.email"])
    .where("m.id", "=", moveId)
    .executeTakeFirstOrThrow();
  const text = (modelName: string, formValue: string | null, formType: FormType = "text"): TFormComponentItem => ({
    modelName, formType, formValue, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null,
  });
  const place = (modelName: string, c: string | null, s: string | null, id: number | null, name: string | null): TFormComponentItem => ({
    ...text(modelName, name, "countryStateCity"), formValueId: id, countryCode: c, state: s,
  });
  const stored = JSON.parse(m.form_values) as Record<string, Omit<TFormComponentItem, "modelName">>;
  return [
    text(CORE_MODEL_NAMES.firstName, m.first_name),
    text(CORE_MODEL_NAMES.lastName, m.last_name),
    text(CORE_MODEL_NAMES.email, m.email),
    place(CORE_MODEL_NAMES.origin, m.origin_country_code, m.origin_state, m.origin_city_id, m.origin_city_name),
    place(CORE_MODEL_NAMES.destination, m.destination_country_code, m.destination_state, m.destination_city_id, m.destination_city_name),
    text(CORE_MODEL_NAMES.moveDate, m.move_date, "dateOfBirth"),
    text(CORE_MODEL_NAMES.assignmentStartDate, m.assignment_start_date, "dateOfBirth"),
    text(CORE_MODEL_NAMES.assignmentEndDate, m.assignment_end_date, "dateOfBirth"),
    ...Object.entries(stored).map(([modelName, v]) => ({ modelName, ...v })),
  ];
}

async function groupIdOf(db: DB, name: string) {
  return (await db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function movesOf(db: DB, group: string) {
  return db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .selectAll("m")
    .select(["u.email", "u.activation_state", "u.role", "p.name as policy_name", "p.estimate_type"])
    .where("m.group_id", "=", await groupIdOf(db, group))
    .orderBy("m.id")
    .execute();
}

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("wizard seed (limited reference cities: GB and LU)", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    // seedAll runs it already unless the test database leaves the wizard demo out; either way it is there once.
    await seedWizardDemo(t.db);
  }, 60_000);
  afterAll(() => t.close());

  test("every group has a valid form: added sections with fields, every core field, well-formed fields", async () => {
    const groups = await t.db.selectFrom("groups").select(["id", "name"]).execute();
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const g of groups) {
      const sections = await t.db.selectFrom("form_sections").selectAll().where("group_id", "=", g.id).execute();
      const fields = await t.db.selectFrom("form_fields").selectAll().where("group_id", "=", g.id).execute();
      const added = sections.filter((s) => s.added === 1);
      expect(added.map((s) => s.name)).toEqual(DEFAULT_FORM.sections.map((s) => s.name));
      for (const s of added) expect(fields.some((f) => f.section_id === s.id)).toBe(true);
      const onForm = fields.filter((f) => added.some((s) => s.id === f.section_id));
      for (const name of CORE) {
        const f = onForm.find((x) => x.model_name === name);
        expect(f, `${g.name}: ${name}`).toBeDefined();
        expect(f!.core).toBe(1);
        expect(f!.can_be_deleted).toBe(0);
      }
      for (const name of [CORE_MODEL_NAMES.firstName, CORE_MODEL_NAMES.lastName, CORE_MODEL_NAMES.email]) {
        const f = onForm.find((x) => x.model_name === name)!;
        expect([f.mandatory, f.draft_mandatory, f.in_initiation_summary]).toEqual([1, 1, 1]);
      }
      for (const name of [CORE_MODEL_NAMES.origin, CORE_MODEL_NAMES.destination]) {
        expect(onForm.find((x) => x.model_name === name)!.mandatory).toBe(1);
      }
      expect(fields.filter((f) => f.section_id === null).map((f) => f.model_name)).toEqual(
        expect.arrayContaining(DEFAULT_FORM.available.map((f) => f.modelName)),
      );
      for (const f of fields) {
        const where = `${g.name}: ${f.model_name}`;
        expect(FORM_TYPES as readonly string[], where).toContain(f.form_type);
        expect(f.data_type, where).toBe(DATA_TYPE_OF[f.form_type]);
        expect(checkLabel(f.label), where).toBeNull();
        const values = JSON.parse(f.available_values) as string[];
        expect(checkValues(values, f.data_type), where).toBeNull();
        if (TYPES_WITH_VALUES.has(f.form_type)) expect(values.length, where).toBeGreaterThan(0);
        if (f.validator !== null) expect(VALIDATOR_IDS as readonly string[], where).toContain(f.validator);
        expect(f.xlate_key ?? "", where).toMatch(/^MANAGER_[A-Z0-9]+$/);
        if (f.core === 0) {
          expect(f.model_name, where).toBe(propertyModelName(bareModelName(f.model_name)));
          const others = fields.filter((o) => o.id !== f.id).map((o) => o.model_name);
          expect(checkModelName(f.model_name, others), where).toBeNull();
        } else {
          expect(CORE, where).toContain(f.model_name);
        }
        for (const id of [...ids(f.policy_version_ids), ...ids(f.excluded_policy_version_ids)]) {
          const v = await t.db
            .selectFrom("policy_versions as v")
            .innerJoin("policies as p", "p.id", "v.policy_id")
            .select("p.group_id")
            .where("v.id", "=", id)
            .executeTakeFirst();
          expect(v?.group_id, where).toBe(g.id);
        }
      }
      // Sort orders are unique within each section and within the available list.
      for (const s of [...sections.map((x) => x.id), null]) {
        const orders = fields.filter((f) => f.section_id === s).map((f) => f.sort_order);
        expect(new Set(orders).size).toBe(orders.length);
      }
    }
  });

  test("acme: prefill master and slaves, a policy-restricted field, the splash", async () => {
    const acme = await groupIdOf(t.db, "acme");
    const fields = await t.db.selectFrom("form_fields").selectAll().where("group_id", "=", acme).execute();
    const field = (name: string) => fields.find((f) => f.model_name === propertyModelName(name))!;
    const master = field("businessUnit");
    expect(master.master).toBe(1);
    expect(JSON.parse(master.available_values)).toEqual([...BUSINESS_UNITS]);
    expect(field("costCentre").slave).toBe(1);
    expect(field("budgetApproverEmail").slave).toBe(1);
    expect(field("budgetApproverEmail").validator).toBe("email");
    const prefill = await t.db.selectFrom("form_prefill_values").selectAll().where("group_id", "=", acme).execute();
    expect(prefill.length).toBe(BUSINESS_UNITS.length * 2);
    for (const unit of BUSINESS_UNITS) {
      const rows = prefill.filter((p) => p.master_value === unit && p.master_field_id === master.id);
      expect(rows.map((r) => r.slave_value).sort()).toEqual([ACME_PREFILL[unit].costCentre, ACME_PREFILL[unit].budgetApproverEmail].sort());
    }
    const lta = await t.db
      .selectFrom("policy_versions as v")
      .innerJoin("policies as p", "p.id", "v.policy_id")
      .select(["v.id", "p.id as policyId"])
      .where("p.name", "=", "Global Long-Term Assignment")
      .where("v.status", "=", "RELEASED")
      .executeTakeFirstOrThrow();
    expect(ids(field("hostEntity").policy_version_ids)).toEqual([lta.id]);
    // Each acme policy gets its own variant of the form.
    const policies = await t.db
      .selectFrom("policy_versions as v")
      .innerJoin("policies as p", "p.id", "v.policy_id")
      .select(["v.id", "p.id as policyId", "p.name"])
      .where("p.group_id", "=", acme)
      .where("v.status", "=", "RELEASED")
      .execute();
    const variants = new Map<string, string[]>();
    for (const p of policies) variants.set(p.name, (await formFor(t.db, acme, p.id, p.policyId)).map((c) => c.modelName));
    expect(variants.get("Global Long-Term Assignment")).toContain(propertyModelName("hostEntity"));
    expect(variants.get("Short-Term Assignment")).toContain(propertyModelName("projectCode"));
    expect(variants.get("Short-Term Assignment")).not.toContain(propertyModelName("hostEntity"));
    expect(variants.get("City Guide Only")).not.toContain(propertyModelName("hostEntity"));
    // globex has the plain default form.
    const globex = await t.db.selectFrom("form_fields").select("model_name").where("group_id", "=", await groupIdOf(t.db, "globex")).execute();
    expect(globex.map((f) => f.model_name)).not.toContain(propertyModelName("businessUnit"));

    const splash = await t.db.selectFrom("splash_contents").selectAll().where("area", "=", "NEW_MOVE").where("splash_key", "=", "CE_POLICY").execute();
    expect(splash.length).toBe(1);
    expect(splash[0]!.group_id).toBe(acme);
    expect(splash[0]!.title).toBe(ACME_SPLASH.title);
    expect(splash[0]!.body.length).toBeGreaterThan(50);
  });

  test("acme moves exist in every state; drafts carry their wizard stage", async () => {
    const moves = await movesOf(t.db, "acme");
    const byStatus = (s: string) => moves.filter((m) => m.status === s);
    expect(moves.length).toBe(DEMO_MOVES.filter((m) => m.group === "acme").length + ASSIGNMENT_DEMO_EMPLOYEES.length);
    expect(byStatus("draft").length).toBe(3);
    expect(byStatus("draft").map((m) => m.wizard_stage).sort()).toEqual([2, 3, 3]);
    expect(byStatus("open").length).toBeGreaterThanOrEqual(3);
    expect(byStatus("on_assignment").length).toBeGreaterThanOrEqual(1);
    expect(byStatus("completed").length).toBeGreaterThanOrEqual(1);
    expect(byStatus("cancelled").length).toBe(1);
    for (const m of moves) {
      expect(m.role).toBe("EMPLOYEE");
      expect(m.email.endsWith("@acme.test")).toBe(true);
      if (m.status === "draft") {
        expect(m.initiated_at).toBeNull();
        expect(m.created_by).not.toBeNull();
        expect(m.activation_state).toBe("PENDING");
      } else {
        expect(m.initiated_at).not.toBeNull();
        expect(m.initiated_by).not.toBeNull();
        expect(m.wizard_stage).toBe(5);
      }
      expect(m.cancelled_at === null).toBe(m.status !== "cancelled");
    }
    expect(new Set(moves.map((m) => m.activation_state))).toEqual(new Set(["PENDING", "ACTIVE"]));
    // Dates fit the states: initiated after creation; on assignment today; completed moves in the past.
    const now = today();
    for (const m of moves) {
      if (m.initiated_at) expect(m.initiated_at >= m.created_at, m.email).toBe(true);
      if (m.status === "on_assignment") expect(m.assignment_start_date! <= now && now <= m.assignment_end_date!, m.email).toBe(true);
      if (m.status === "completed") expect(m.move_date! < now, m.email).toBe(true);
      if (m.status === "open") expect(m.move_date! > now, m.email).toBe(true);
    }
    // The draft with overrides.
    const overrides = await t.db.selectFrom("move_service_overrides").select("move_id").execute();
    const budgets = await t.db.selectFrom("move_budget_overrides").selectAll().execute();
    expect(overrides.length).toBe(1);
    expect(budgets.length).toBe(1);
    const withOverrides = moves.find((m) => m.id === overrides[0]!.move_id)!;
    expect([withOverrides.status, withOverrides.wizard_stage]).toEqual(["draft", 3]);
    expect(budgets[0]!.move_id).toBe(withOverrides.id);
    // Family members follow the form's partner and children values.
    const family = await t.db.selectFrom("move_family_members").select(["move_id", "relationship"]).execute();
    expect(family.length).toBeGreaterThan(0);
    // globex
    const globex = await movesOf(t.db, "globex");
    expect(globex.length).toBe(DEMO_MOVES.filter((m) => m.group === "globex").length);
    expect(globex.every((m) => m.email.endsWith("@globex.test"))).toBe(true);
  });

  test("active demo employees can sign in with the demo password; pending ones have none", async () => {
    const demo = await t.db.selectFrom("users").select("password_hash").where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
    const priya = await t.db.selectFrom("users").selectAll().where("email", "=", "priya.raman@acme.test").executeTakeFirstOrThrow();
    expect(priya.password_hash).toBe(demo.password_hash);
    expect((await createSessionFor(t.db, "priya.raman@acme.test")).session.user.email).toBe("priya.raman@acme.test");
    const aisha = await t.db.selectFrom("users").selectAll().where("email", "=", "aisha.khan@acme.test").executeTakeFirstOrThrow();
    expect([aisha.activation_state, aisha.password_hash, aisha.terms_accepted_at]).toEqual(["PENDING", null, null]);
  });

  test("the demo employees' existing moves got cities and dates relative to today", async () => {
    const [emma] = (await movesOf(t.db, "acme")).filter((m) => m.email === "employee@acme.test");
    expect(emma!.policy_name).toBe("Global Long-Term Assignment");
    expect(emma!.origin_city_name).toBe("London");
    expect(emma!.origin_city_id).toBeGreaterThan(0); // GB cities are seeded
    expect(emma!.destination_country_code).toBe("US");
    expect(emma!.destination_state).toBe("NY");
    expect(emma!.destination_city_id).toBe(0); // US cities are not: Other with the name
    expect(emma!.destination_city_name).toBe("New York City");
    expect([daysFromToday(44), daysFromToday(45)]).toContain(emma!.move_date!);
    const [grace] = (await movesOf(t.db, "globex")).filter((m) => m.email === "employee@globex.test");
    expect([grace!.origin_city_name, grace!.destination_city_name]).toEqual(["Paris", "Berlin"]);
    const user = await t.db.selectFrom("users").select("move_date").where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
    expect(user.move_date).toBe(emma!.move_date);
  });

  test("every seeded move's values pass the stage-2 rules of its form (drafts in draft mode)", async () => {
    for (const group of ["acme", "globex"]) {
      const gid = await groupIdOf(t.db, group);
      for (const m of await movesOf(t.db, group)) {
        const components = await formFor(t.db, gid, m.policy_version_id, m.policy_id);
        const items = await itemsOf(t.db, m.id);
        const known = new Set(components.map((c) => c.modelName));
        for (const i of items) if (i.formValue !== null) expect(known.has(i.modelName), `${m.email}: ${i.modelName}`).toBe(true);
        const errors = validateInitiationForm(components, items, { draft: m.status === "draft", today: today(), estimateType: m.estimate_type });
        expect(errors, m.email).toEqual({});
      }
    }
  });

  test("cities resolve to rows of the cities table, or Other (0) with a name", async () => {
    const moves = [...(await movesOf(t.db, "acme")), ...(await movesOf(t.db, "globex"))];
    for (const m of moves) {
      for (const [country, id, name] of [
        [m.origin_country_code, m.origin_city_id, m.origin_city_name],
        [m.destination_country_code, m.destination_city_id, m.destination_city_name],
      ] as const) {
        if (country === null) continue;
        expect(name).toBeTruthy();
        if (id! > 0) {
          const city = await t.db.selectFrom("cities").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
          expect([city.country_code, city.name]).toEqual([country, name!]);
        } else {
          expect(id).toBe(0);
        }
      }
    }
  });

  test("seeding twice does nothing", async () => {
    const before = await counts(t.db);
    expect(await seedWizardDemo(t.db)).toBe(false);
    // The options this file's database was seeded with (createTestDatabase: no finance demo).
    await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: true, financeDemo: false });
    expect(await counts(t.db)).toEqual(before);
    const acme = await groupIdOf(t.db, "acme");
    expect(await insertDefaultForm(t.db, acme, new Date().toISOString())).toBe(false);
    expect(await counts(t.db)).toEqual(before);
  });

  test("insertDefaultForm creates a new group's form once", async () => {
    const at = "2026-11-23T10:00:00.000Z";
    const g = await t.db
      .insertInto("groups")
      .values({ name: "wizardseedfresh", display_name: "Fresh", status: "ACTIVE", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await insertDefaultForm(t.db, g.id, at)).toBe(true);
    expect(await insertDefaultForm(t.db, g.id, at)).toBe(false);
    const fields = await t.db.selectFrom("form_fields").selectAll().where("group_id", "=", g.id).execute();
    expect(fields.length).toBe(DEFAULT_FORM.sections.flatMap((s) => s.fields).length + DEFAULT_FORM.available.length);
    expect(fields.every((f) => f.created_at === at && f.master === 0 && f.slave === 0)).toBe(true);
    const sections = await t.db.selectFrom("form_sections").selectAll().where("group_id", "=", g.id).orderBy("sort_order").execute();
    expect(sections.map((s) => [s.name, s.added])).toEqual(DEFAULT_FORM.sections.map((s) => [s.name, 1]));
  });
});

describe("wizard seed with the reference cities of every demo country", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ reference: { cities: ["GB", "US", "DE", "FR", "SG", "CA", "AU", "NL", "CH", "IE", "LU"] } });
    await seedWizardDemo(t.db);
  }, 60_000);
  afterAll(() => t.close());

  test("every demo city is a listed city (with the US state)", async () => {
    const moves = [...(await movesOf(t.db, "acme")), ...(await movesOf(t.db, "globex"))];
    for (const m of moves) {
      if (m.origin_country_code !== null) expect(m.origin_city_id, `${m.email} origin`).toBeGreaterThan(0);
      expect(m.destination_city_id, `${m.email} destination`).toBeGreaterThan(0);
    }
    const emma = moves.find((m) => m.email === "employee@acme.test")!;
    const city = await t.db.selectFrom("cities").selectAll().where("id", "=", emma.destination_city_id!).executeTakeFirstOrThrow();
    expect([city.name, city.country_code, city.state_code]).toEqual(["New York City", "US", "NY"]);
    const austin = moves.find((m) => m.email === "sofia.moreno@acme.test")!;
    expect([austin.destination_city_name, austin.destination_state]).toEqual(["Austin", "TX"]);
  });
});

describe("the default form and the stage-2 rules", () => {
  const components: TInitiationComponent[] = DEFAULT_FORM.sections.flatMap((s) => s.fields).map((f: DefaultField, i) =>
    componentOf({
      id: i + 1, model_name: f.modelName, label: f.label, form_type: f.formType, placeholder: f.placeholder ?? "", tooltip: f.tooltip ?? "",
      validator: f.validator ?? null, available_values: JSON.stringify(f.availableValues ?? []), policy_version_ids: "[]",
      excluded_policy_version_ids: "[]", read_only: 0, mandatory: f.mandatory ? 1 : 0, draft_mandatory: f.draftMandatory ? 1 : 0,
      master: 0, slave: 0,
    }),
  );
  const item = (modelName: string, formType: FormType, formValue: string | null, extra: Partial<TFormComponentItem> = {}): TFormComponentItem => ({
    modelName, formType, formValue, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null, ...extra,
  });
  const p = propertyModelName;
  const complete: TFormComponentItem[] = [
    item(CORE_MODEL_NAMES.firstName, "text", "Ann"),
    item(CORE_MODEL_NAMES.lastName, "text", "Lee"),
    item(CORE_MODEL_NAMES.email, "text", "ann.lee@example.com"),
    item(CORE_MODEL_NAMES.origin, "countryStateCity", "New York City", { countryCode: "US", state: "NY", formValueId: 12 }),
    item(CORE_MODEL_NAMES.destination, "countryStateCity", "Austin", { countryCode: "US", state: "TX", formValueId: 0 }),
    item(CORE_MODEL_NAMES.moveDate, "dateOfBirth", "2027-03-01"),
    item(CORE_MODEL_NAMES.assignmentStartDate, "dateOfBirth", "2027-03-15"),
    item(CORE_MODEL_NAMES.assignmentEndDate, "dateOfBirth", "2029-03-14"),
    item(p("partnerDateOfBirth"), "dateOfBirth", "1989-07-04"),
    item(p("numberOfChildren"), "numeric", "2"),
    item(p("homeValue"), "money", null, { currency: "USD" }),
    item(p("homeSaleType"), "select", "Guaranteed buy-out"),
    item(p("annualSalary"), "money", "1,500.00", { currency: "USD" }),
    item(p("bonus"), "money", "", { currency: "USD" }),
    item(p("housingContribution"), "money", "-250", { currency: "USD" }),
    item(p("costCentre"), "text", "ENG-100"),
  ];
  const opts = { draft: false, today: "2026-11-23", estimateType: "NO_PROVIDER" };

  test("a complete, valid set of items passes", () => {
    expect(validateInitiationForm(components, complete, opts)).toEqual({});
    expect(validateInitiationForm(components, complete, { ...opts, estimateType: "LTA" })).toEqual({});
  });

  test("an empty form gives the required messages (draft: names and e-mail only)", () => {
    expect(validateInitiationForm(components, [], opts)).toEqual({
      [CORE_MODEL_NAMES.firstName]: "First name cannot be empty.",
      [CORE_MODEL_NAMES.lastName]: "Last name cannot be empty.",
      [CORE_MODEL_NAMES.email]: "E-mail address cannot be empty.",
      [CORE_MODEL_NAMES.origin]: "Please select a country for Origin.",
      [CORE_MODEL_NAMES.destination]: "Please select a country for Destination.",
    });
    expect(validateInitiationForm(components, [], { ...opts, draft: true })).toEqual({
      [CORE_MODEL_NAMES.firstName]: "First name cannot be empty.",
      [CORE_MODEL_NAMES.lastName]: "Last name cannot be empty.",
      [CORE_MODEL_NAMES.email]: "E-mail address cannot be empty.",
    });
  });

  test("the field exceptions of the default form: bonus and home value allow a currency alone, housing a negative amount", () => {
    const bad = complete.map((i) =>
      i.modelName === p("annualSalary") ? { ...i, formValue: "" } : i.modelName === p("costCentre") ? i : i,
    );
    expect(validateInitiationForm(components, bad, opts)).toEqual({
      [p("annualSalary")]: "Enter an amount for Annual base salary or remove benefit by clicking the X icon",
    });
    const negative = complete.map((i) => (i.modelName === p("annualSalary") ? { ...i, formValue: "-1" } : i));
    expect(validateInitiationForm(components, negative, opts)).toEqual({
      [p("annualSalary")]: "Amount value can not be negative for Annual base salary",
    });
  });
});

describe("wizard seed dates follow the `now` it is given", () => {
  let t: TestDatabase;
  const now = new Date("2030-01-15T12:00:00.000Z");
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await createTestDatabase({ demo: false });
    await seedDemoData(t.db, now);
    await seedPolicyDemo(t.db);
    expect(await seedWizardDemo(t.db, now)).toBe(true);
  }, 60_000);
  afterAll(() => t.close());

  test("move, start and end dates are offsets from now", async () => {
    const moves = [...(await movesOf(t.db, "acme")), ...(await movesOf(t.db, "globex"))];
    for (const d of DEMO_MOVES) {
      const m = moves.find((x) => x.email === d.email)!;
      expect(m, d.email).toBeDefined();
      expect([m.move_date, m.assignment_start_date, m.assignment_end_date]).toEqual([
        d.moveIn === undefined ? null : day(d.moveIn),
        d.startIn === undefined ? null : day(d.startIn),
        d.endIn === undefined ? null : day(d.endIn),
      ]);
      expect(m.created_at).toBe(new Date(now.getTime() - d.createdAgo * 86_400_000).toISOString());
      expect(m.status).toBe(d.status);
    }
    expect(moves.find((m) => m.email === "employee@acme.test")!.move_date).toBe("2030-03-01");
  });
});
