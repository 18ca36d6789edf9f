/**
 * The new-move wizard's seed data: every group's default initiation form (insertDefaultForm, also
 * used by the wizard and the form builder when a group has no form yet) and the demo's forms,
 * prefill values, splash text and moves in every state (seedWizardDemo, run by seedAll after the
 * policy demo on an empty database).
 */
import type { Transaction } from "kysely";
import type { DB } from "./index.ts";
import { seedManagersDemo } from "./seed-managers.ts";
import { seedAssignmentsDemo } from "./seed-assignments.ts";
import type { Database, MoveStatus } from "./schema.ts";
import {
  CORE_MODEL_NAMES,
  DATA_TYPE_OF,
  propertyModelName,
  xlateKeyFor,
  type CoreField,
  type FormType,
  type ValidatorId,
} from "../domain/policy/forms/catalogue.ts";
import type { TStoredFormValue } from "../domain/moves/wizard/schemas.ts";

type Writer = DB | Transaction<Database>;

// ── the default form ────────────────────────────────────────────────────────────────────────

export type DefaultField = {
  modelName: string;
  label: string;
  formType: FormType;
  validator?: ValidatorId;
  placeholder?: string;
  tooltip?: string;
  availableValues?: readonly string[];
  mandatory?: boolean;
  draftMandatory?: boolean;
  core?: boolean;
  inInitiationSummary?: boolean;
};
export type DefaultSection = { name: string; fields: readonly DefaultField[] };

const core = (field: CoreField, label: string, formType: FormType, extra: Partial<DefaultField> = {}): DefaultField => ({
  modelName: CORE_MODEL_NAMES[field],
  label,
  formType,
  core: true,
  inInitiationSummary: true,
  ...extra,
});
// Every field is in the stage-5 summary unless it says otherwise: the summary shows what was
// entered (issue 13 item 5; migration 20261125120000 flags the fields of forms created before).
const prop = (name: string, label: string, formType: FormType, extra: Partial<DefaultField> = {}): DefaultField => ({
  modelName: propertyModelName(name),
  label,
  formType,
  inInitiationSummary: true,
  ...extra,
});

export const HOME_SALE_TYPES = ["Buyer value option", "Guaranteed buy-out", "Direct reimbursement"] as const;
export const DEPARTMENTS = ["Engineering", "Sales", "Finance", "Operations", "People"] as const;

/** A new group's initiation form: the added sections with their fields, and the available fields list. */
export const DEFAULT_FORM: { sections: readonly DefaultSection[]; available: readonly DefaultField[] } = {
  sections: [
    {
      name: "Employee",
      fields: [
        core("firstName", "First name", "text", { mandatory: true, draftMandatory: true }),
        core("lastName", "Last name", "text", { mandatory: true, draftMandatory: true }),
        core("email", "E-mail address", "text", {
          mandatory: true,
          draftMandatory: true,
          validator: "email",
          placeholder: "name@example.com",
          tooltip: "The welcome e-mail goes to this address.",
        }),
      ],
    },
    {
      name: "Move",
      fields: [
        core("origin", "Origin", "countryStateCity", { mandatory: true, validator: "usStateDropdown", tooltip: "Where the employee moves from." }),
        core("destination", "Destination", "countryStateCity", { mandatory: true, validator: "usStateDropdown", tooltip: "Where the employee moves to." }),
        core("moveDate", "Move date", "dateOfBirth"),
        core("assignmentStartDate", "Assignment start date", "dateOfBirth"),
        core("assignmentEndDate", "Assignment end date", "dateOfBirth", { validator: "endDate" }),
        prop("partnerDateOfBirth", "Partner's date of birth", "dateOfBirth", { validator: "dateOfBirth" }),
        prop("numberOfChildren", "Number of accompanying children", "numeric", { validator: "numeric", placeholder: "0" }),
        prop("homeValue", "Estimated home value", "money", {
          validator: "currencyWithoutValue",
          tooltip: "Only for a move within the United States.",
        }),
        prop("homeSaleType", "Home sale programme", "select", { availableValues: HOME_SALE_TYPES }),
      ],
    },
    {
      name: "Compensation",
      fields: [
        prop("annualSalary", "Annual base salary", "money", { validator: "positiveMoney", inInitiationSummary: true }),
        prop("bonus", "Target bonus", "money", { validator: "currencyWithoutValue" }),
        prop("housingContribution", "Housing contribution", "money", {
          validator: "negativeMoneyAllowed",
          tooltip: "A negative amount is a deduction from the employee's pay.",
        }),
        prop("costCentre", "Cost centre", "text", { placeholder: "e.g. ENG-100", inInitiationSummary: true }),
      ],
    },
  ],
  available: [
    prop("jobTitle", "Job title", "text"),
    prop("employeeNumber", "Employee number", "text"),
    prop("department", "Department", "select", { availableValues: DEPARTMENTS }),
  ],
};

/** The model name inside CORE_MODEL_NAMES' values, for the xlate key (MANAGER_FIRSTNAME …). */
function xlateKeyOf(modelName: string): string {
  const coreEntry = (Object.entries(CORE_MODEL_NAMES) as Array<[CoreField, string]>).find(([, m]) => m === modelName);
  return xlateKeyFor(coreEntry ? coreEntry[0] : modelName);
}

function fieldRow(groupId: number, sectionId: number | null, order: number, f: DefaultField, at: string) {
  return {
    group_id: groupId,
    section_id: sectionId,
    sort_order: order,
    model_name: f.modelName,
    label: f.label,
    form_type: f.formType,
    data_type: DATA_TYPE_OF[f.formType],
    placeholder: f.placeholder ?? "",
    validator: f.validator ?? null,
    xlate_key: xlateKeyOf(f.modelName),
    tooltip: f.tooltip ?? "",
    available_values: JSON.stringify(f.availableValues ?? []),
    mandatory: f.mandatory ? 1 : 0,
    draft_mandatory: f.draftMandatory ? 1 : 0,
    core: f.core ? 1 : 0,
    can_be_deleted: f.core ? 0 : 1,
    in_initiation_summary: f.inInitiationSummary ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Creates the group's default initiation form (DEFAULT_FORM) when it has none; does nothing when
 * the group already has sections. Call inside a transaction when it must be atomic.
 */
export async function insertDefaultForm(db: Writer, groupId: number, nowIso: string): Promise<boolean> {
  const existing = await db.selectFrom("form_sections").select("id").where("group_id", "=", groupId).limit(1).executeTakeFirst();
  if (existing) return false;
  const rows = [];
  for (const [index, section] of DEFAULT_FORM.sections.entries()) {
    const s = await db
      .insertInto("form_sections")
      .values({ group_id: groupId, name: section.name, added: 1, sort_order: index })
      .returning("id")
      .executeTakeFirstOrThrow();
    rows.push(...section.fields.map((f, order) => fieldRow(groupId, s.id, order, f, nowIso)));
  }
  rows.push(...DEFAULT_FORM.available.map((f, order) => fieldRow(groupId, null, order, f, nowIso)));
  await db.insertInto("form_fields").values(rows).execute();
  return true;
}

// ── the demo ────────────────────────────────────────────────────────────────────────────────

/** acme's own fields (beside the default form): a prefill master, its slaves, and policy-restricted fields. */
export const BUSINESS_UNITS = ["Engineering", "Sales", "Finance"] as const;
export const HOST_ENTITIES = ["Acme UK Ltd", "Acme Inc.", "Acme Asia Pte. Ltd.", "Acme GmbH"] as const;
export const ACME_PREFILL: Record<(typeof BUSINESS_UNITS)[number], { costCentre: string; budgetApproverEmail: string }> = {
  Engineering: { costCentre: "ENG-100", budgetApproverEmail: "eng.budgets@acme.test" },
  Sales: { costCentre: "SAL-200", budgetApproverEmail: "sales.budgets@acme.test" },
  Finance: { costCentre: "FIN-300", budgetApproverEmail: "finance.budgets@acme.test" },
};
/** The policies each acme restricted field is shown for (by policy name; the field names the released version). */
export const ACME_RESTRICTED_FIELDS: ReadonlyArray<{ section: string; policy: string; field: DefaultField }> = [
  {
    section: "Move",
    policy: "Global Long-Term Assignment",
    field: prop("hostEntity", "Host entity", "select", { availableValues: HOST_ENTITIES, mandatory: true, inInitiationSummary: true }),
  },
  {
    section: "Move",
    policy: "Short-Term Assignment",
    field: prop("projectCode", "Project code", "text", { placeholder: "e.g. PRJ-2041", tooltip: "The client project the assignment is billed to." }),
  },
];
export const ACME_SPLASH = {
  area: "NEW_MOVE",
  key: "CE_POLICY",
  title: "About cost estimates",
  body:
    "A cost estimate shows what this move is likely to cost before you initiate it: the policy's services and budgets, " +
    "priced for the origin, destination and family size you entered. You can skip it and initiate the move straight away; " +
    "the estimate stays available from the move's page.",
} as const;

/** Demo cities: looked up by name in the country (and state); missing reference data falls back to Other (id 0) with the name. */
type DemoPlace = { country: string; state: string | null; names: readonly string[] };
const PLACES = {
  london: { country: "GB", state: null, names: ["London"] },
  newYork: { country: "US", state: "NY", names: ["New York City", "New York"] },
  sanFrancisco: { country: "US", state: "CA", names: ["San Francisco"] },
  austin: { country: "US", state: "TX", names: ["Austin"] },
  berlin: { country: "DE", state: null, names: ["Berlin"] },
  paris: { country: "FR", state: null, names: ["Paris"] },
  singapore: { country: "SG", state: null, names: ["Singapore"] },
  toronto: { country: "CA", state: "ON", names: ["Toronto"] },
  sydney: { country: "AU", state: null, names: ["Sydney"] },
  amsterdam: { country: "NL", state: null, names: ["Amsterdam"] },
  zurich: { country: "CH", state: null, names: ["Zürich", "Zurich"] },
  dublin: { country: "IE", state: null, names: ["Dublin"] },
  luxembourg: { country: "LU", state: null, names: ["Luxembourg"] },
} satisfies Record<string, DemoPlace>;
type PlaceName = keyof typeof PLACES;

type Money = [currency: string, major: string];
export type DemoMove = {
  group: "acme" | "globex";
  /** An existing demo employee (their seed-policy move is updated), or a new EMPLOYEE user. */
  email: string;
  firstName?: string;
  lastName?: string;
  activation?: "PENDING" | "ACTIVE";
  policy: string;
  status: MoveStatus;
  /** Drafts: the stage the wizard resumes at. */
  wizardStage?: 2 | 3;
  from: PlaceName | null;
  to: PlaceName | null;
  /** Days from `now`. */
  moveIn?: number;
  startIn?: number;
  endIn?: number;
  /** Days before `now` the move was created. */
  createdAgo: number;
  skipCE?: boolean;
  withOverrides?: boolean;
  partnerBorn?: string;
  children?: number;
  salary?: Money;
  bonus?: Money | [currency: string, major: null];
  housing?: Money;
  homeValue?: Money;
  homeSaleType?: (typeof HOME_SALE_TYPES)[number];
  businessUnit?: (typeof BUSINESS_UNITS)[number];
  hostEntity?: (typeof HOST_ENTITIES)[number];
  projectCode?: string;
  costCentre?: string;
};

const LTA = "Global Long-Term Assignment";
const STA = "Short-Term Assignment";
const DOMESTIC = "Domestic Homeowner Transfer";
const FLEX = "Core/Flex Lump Sum";
const GUIDE = "City Guide Only";
const GLOBEX_PT = "Globex Permanent Transfer";
const GLOBEX_GRAD = "Globex Graduate Move";

/** The demo moves (README: "Demo moves"). Dates are relative to the day the demo is seeded. */
export const DEMO_MOVES: readonly DemoMove[] = [
  // The seed-policy moves of the demo employees, completed with cities and dates.
  {
    group: "acme", email: "employee@acme.test", policy: LTA, status: "open", from: "london", to: "newYork",
    moveIn: 45, startIn: 60, endIn: 60 + 3 * 365, createdAgo: 30, partnerBorn: "1988-04-12", children: 2,
    salary: ["GBP", "92000"], bonus: ["GBP", "9200"], housing: ["GBP", "-450"], businessUnit: "Engineering", hostEntity: "Acme Inc.",
  },
  {
    group: "globex", email: "employee@globex.test", policy: GLOBEX_PT, status: "open", from: "paris", to: "berlin",
    moveIn: 21, startIn: 28, createdAgo: 30, salary: ["EUR", "78000"], costCentre: "GX-OPS-12",
  },
  // acme: open
  {
    group: "acme", email: "priya.raman@acme.test", firstName: "Priya", lastName: "Raman", activation: "ACTIVE", policy: LTA,
    status: "open", from: "london", to: "singapore", moveIn: 20, startIn: 30, endIn: 30 + 2 * 365, createdAgo: 12,
    salary: ["GBP", "105000"], bonus: ["GBP", null], businessUnit: "Sales", hostEntity: "Acme Asia Pte. Ltd.",
  },
  {
    group: "acme", email: "sofia.moreno@acme.test", firstName: "Sofia", lastName: "Moreno", activation: "PENDING", policy: DOMESTIC,
    status: "open", from: "newYork", to: "austin", moveIn: 35, createdAgo: 6, children: 1, salary: ["USD", "128500"],
    homeValue: ["USD", "640000"], homeSaleType: "Buyer value option", businessUnit: "Finance",
  },
  {
    group: "acme", email: "olivia.brown@acme.test", firstName: "Olivia", lastName: "Brown", activation: "PENDING", policy: GUIDE,
    status: "open", from: "amsterdam", to: "zurich", moveIn: 14, createdAgo: 3, skipCE: true,
  },
  {
    group: "acme", email: "ethan.walker@acme.test", firstName: "Ethan", lastName: "Walker", activation: "ACTIVE", policy: FLEX,
    status: "open", from: "toronto", to: "newYork", moveIn: 60, createdAgo: 20, salary: ["CAD", "140000"], bonus: ["CAD", "14000"],
    businessUnit: "Engineering",
  },
  // acme: on assignment
  {
    group: "acme", email: "lukas.becker@acme.test", firstName: "Lukas", lastName: "Becker", activation: "ACTIVE", policy: STA,
    status: "on_assignment", from: "berlin", to: "paris", moveIn: -92, startIn: -90, endIn: 180, createdAgo: 130,
    salary: ["EUR", "84000"], projectCode: "PRJ-2041", businessUnit: "Engineering",
  },
  {
    group: "acme", email: "mei.tanaka@acme.test", firstName: "Mei", lastName: "Tanaka", activation: "ACTIVE", policy: LTA,
    status: "on_assignment", from: "sydney", to: "london", moveIn: -305, startIn: -300, endIn: 800, createdAgo: 350,
    partnerBorn: "1985-09-30", salary: ["AUD", "165000"], housing: ["AUD", "1200"], businessUnit: "Finance", hostEntity: "Acme UK Ltd",
  },
  // acme: completed
  {
    group: "acme", email: "james.oconnor@acme.test", firstName: "James", lastName: "O'Connor", activation: "ACTIVE", policy: FLEX,
    status: "completed", from: "dublin", to: "toronto", moveIn: -400, startIn: -395, createdAgo: 460, salary: ["EUR", "70500"],
    businessUnit: "Sales",
  },
  {
    group: "acme", email: "noah.fischer@acme.test", firstName: "Noah", lastName: "Fischer", activation: "ACTIVE", policy: DOMESTIC,
    status: "completed", from: "sanFrancisco", to: "austin", moveIn: -200, createdAgo: 260, partnerBorn: "1990-01-21", children: 3,
    salary: ["USD", "152000"], homeValue: ["USD", "1,250,000"], homeSaleType: "Guaranteed buy-out", businessUnit: "Engineering",
  },
  // acme: cancelled
  {
    group: "acme", email: "daniel.kim@acme.test", firstName: "Daniel", lastName: "Kim", activation: "PENDING", policy: STA,
    status: "cancelled", from: "sanFrancisco", to: "amsterdam", moveIn: 40, startIn: 45, endIn: 45 + 180, createdAgo: 25,
    salary: ["USD", "118000"], projectCode: "PRJ-1987", businessUnit: "Sales",
  },
  // acme: drafts
  {
    group: "acme", email: "aisha.khan@acme.test", firstName: "Aisha", lastName: "Khan", activation: "PENDING", policy: STA,
    status: "draft", wizardStage: 2, from: null, to: "paris", createdAgo: 1,
  },
  {
    group: "acme", email: "tom.eriksen@acme.test", firstName: "Tom", lastName: "Eriksen", activation: "PENDING", policy: DOMESTIC,
    status: "draft", wizardStage: 3, from: "austin", to: "sanFrancisco", moveIn: 75, createdAgo: 2, salary: ["USD", "99000"],
    homeValue: ["USD", "410000"], homeSaleType: "Direct reimbursement", businessUnit: "Finance",
  },
  {
    group: "acme", email: "chloe.martin@acme.test", firstName: "Chloé", lastName: "Martin", activation: "PENDING", policy: LTA,
    status: "draft", wizardStage: 3, withOverrides: true, from: "paris", to: "singapore", moveIn: 90, startIn: 100,
    endIn: 100 + 3 * 365, createdAgo: 4, partnerBorn: "1992-06-03", children: 1, salary: ["EUR", "96000"], bonus: ["EUR", "12000"],
    businessUnit: "Engineering", hostEntity: "Acme Asia Pte. Ltd.",
  },
  // globex
  {
    group: "globex", email: "hiro.sato@globex.test", firstName: "Hiro", lastName: "Sato", activation: "ACTIVE", policy: GLOBEX_PT,
    status: "completed", from: "zurich", to: "london", moveIn: -150, createdAgo: 200, salary: ["CHF", "132000"],
  },
  {
    group: "globex", email: "lena.novak@globex.test", firstName: "Lena", lastName: "Novak", activation: "PENDING", policy: GLOBEX_GRAD,
    status: "open", from: "dublin", to: "amsterdam", moveIn: 25, createdAgo: 5,
  },
  {
    group: "globex", email: "marta.silva@globex.test", firstName: "Marta", lastName: "Silva", activation: "PENDING", policy: GLOBEX_PT,
    status: "draft", wizardStage: 2, from: "luxembourg", to: "berlin", moveIn: 50, createdAgo: 1,
  },
];

const DAY_MS = 86_400_000;
const dayOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
const atOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

type ResolvedPlace = { countryCode: string; state: string | null; cityId: number; cityName: string };

async function resolvePlace(db: Writer, p: DemoPlace): Promise<ResolvedPlace> {
  for (const name of p.names) {
    let q = db.selectFrom("cities").select(["id", "name", "state_code"]).where("country_code", "=", p.country).where("name", "=", name);
    if (p.state) q = q.where("state_code", "=", p.state);
    const hit = await q.orderBy("id").limit(1).executeTakeFirst();
    if (hit) return { countryCode: p.country, state: p.state ?? hit.state_code, cityId: hit.id, cityName: hit.name };
  }
  return { countryCode: p.country, state: p.state, cityId: 0, cityName: p.names[0]! };
}

/** A stored form value (moves.form_values) of one field. */
function stored(formType: FormType, formValue: string | null, extra: Partial<TStoredFormValue> = {}): TStoredFormValue {
  return { formType, formValue, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null, ...extra };
}

/** The move's custom values (everything but the core fields, which live in users/moves columns). */
export function demoFormValues(m: DemoMove): Record<string, TStoredFormValue> {
  const v: Record<string, TStoredFormValue> = {};
  const money = (name: string, value: Money | [string, null] | undefined, rateFrequency: string | null = null) => {
    if (value) v[propertyModelName(name)] = stored("money", value[1], { currency: value[0], rateFrequency });
  };
  if (m.partnerBorn) v[propertyModelName("partnerDateOfBirth")] = stored("dateOfBirth", m.partnerBorn);
  if (m.children !== undefined) v[propertyModelName("numberOfChildren")] = stored("numeric", String(m.children));
  money("homeValue", m.homeValue);
  if (m.homeSaleType) v[propertyModelName("homeSaleType")] = stored("select", m.homeSaleType);
  money("annualSalary", m.salary, m.salary ? "ANNUAL" : null);
  money("bonus", m.bonus);
  money("housingContribution", m.housing, m.housing ? "MONTHLY" : null);
  if (m.group === "acme" && m.businessUnit) {
    v[propertyModelName("businessUnit")] = stored("select", m.businessUnit);
    v[propertyModelName("costCentre")] = stored("text", ACME_PREFILL[m.businessUnit].costCentre);
    v[propertyModelName("budgetApproverEmail")] = stored("text", ACME_PREFILL[m.businessUnit].budgetApproverEmail);
  } else if (m.costCentre) {
    v[propertyModelName("costCentre")] = stored("text", m.costCentre);
  }
  if (m.hostEntity) v[propertyModelName("hostEntity")] = stored("select", m.hostEntity);
  if (m.projectCode) v[propertyModelName("projectCode")] = stored("text", m.projectCode);
  return v;
}

/** acme's extra fields, prefill rows, restricted fields and splash text. */
async function insertAcmeForm(trx: Writer, acmeId: number, versionOf: (policy: string) => number | undefined, at: string) {
  const sections = await trx.selectFrom("form_sections").select(["id", "name"]).where("group_id", "=", acmeId).execute();
  const sectionId = (name: string) => sections.find((s) => s.name === name)!.id;
  const fields = await trx.selectFrom("form_fields").select(["id", "model_name", "section_id", "sort_order"]).where("group_id", "=", acmeId).execute();
  const fieldId = (name: string) => fields.find((f) => f.model_name === propertyModelName(name))!.id;

  // Compensation: business unit (master) before the cost centre, the approver's e-mail after it.
  const compensation = sectionId("Compensation");
  const costCentreOrder = fields.find((f) => f.model_name === propertyModelName("costCentre"))!.sort_order;
  for (const f of fields.filter((x) => x.section_id === compensation && x.sort_order >= costCentreOrder)) {
    await trx.updateTable("form_fields").set({ sort_order: f.sort_order + 1 }).where("id", "=", f.id).execute();
  }
  const master = await trx
    .insertInto("form_fields")
    .values({
      ...fieldRow(acmeId, compensation, costCentreOrder, prop("businessUnit", "Business unit", "select", {
        availableValues: BUSINESS_UNITS,
        tooltip: "Choosing a business unit fills in its cost centre and budget approver.",
        inInitiationSummary: true,
      }), at),
      master: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const approver = await trx
    .insertInto("form_fields")
    .values({
      ...fieldRow(acmeId, compensation, costCentreOrder + 2, prop("budgetApproverEmail", "Budget approver e-mail", "text", {
        validator: "email",
        placeholder: "name@acme.test",
      }), at),
      slave: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const costCentre = fieldId("costCentre");
  await trx.updateTable("form_fields").set({ slave: 1 }).where("id", "=", costCentre).execute();
  await trx
    .insertInto("form_prefill_values")
    .values(
      BUSINESS_UNITS.flatMap((unit) => [
        { group_id: acmeId, master_field_id: master.id, master_value: unit, slave_field_id: costCentre, slave_value: ACME_PREFILL[unit].costCentre, policy_version_id: null },
        { group_id: acmeId, master_field_id: master.id, master_value: unit, slave_field_id: approver.id, slave_value: ACME_PREFILL[unit].budgetApproverEmail, policy_version_id: null },
      ]),
    )
    .execute();

  // Policy-restricted fields, at the end of their section.
  for (const r of ACME_RESTRICTED_FIELDS) {
    const versionId = versionOf(r.policy);
    if (versionId === undefined) continue;
    const section = sectionId(r.section);
    const last = await trx
      .selectFrom("form_fields")
      .select((eb) => eb.fn.max("sort_order").as("n"))
      .where("section_id", "=", section)
      .executeTakeFirst();
    await trx
      .insertInto("form_fields")
      .values({ ...fieldRow(acmeId, section, Number(last?.n ?? -1) + 1, r.field, at), policy_version_ids: JSON.stringify([versionId]) })
      .execute();
  }

  await trx
    .insertInto("splash_contents")
    .values({ area: ACME_SPLASH.area, splash_key: ACME_SPLASH.key, group_id: acmeId, title: ACME_SPLASH.title, body: ACME_SPLASH.body, updated_at: at })
    .execute();
}

/** The stage-3 overrides of the draft that has them: an addable service taken and a budget raised. */
async function insertDemoOverrides(trx: Writer, moveId: number, versionId: number) {
  const addable = await trx
    .selectFrom("policy_services")
    .select(["move_stage", "service_key"])
    .where("policy_version_id", "=", versionId)
    .where("addable", "=", 1)
    .orderBy("move_stage")
    .orderBy("sort_order")
    .limit(1)
    .executeTakeFirst();
  if (addable) {
    await trx.insertInto("move_service_overrides").values({ move_id: moveId, move_stage: addable.move_stage, service_key: addable.service_key, selected: 1 }).execute();
  }
  const budget = await trx
    .selectFrom("budgets as b")
    .innerJoin("budget_groups as g", "g.id", "b.budget_group_id")
    .select(["g.move_stage", "g.group_number", "b.currency", "b.amount", "b.max_amount"])
    .where("g.policy_version_id", "=", versionId)
    .orderBy("g.move_stage")
    .orderBy("g.group_number")
    .orderBy("b.id")
    .limit(1)
    .executeTakeFirst();
  if (budget) {
    // Half-way between the policy's amount and its maximum, within the range.
    const max = budget.max_amount ?? budget.amount;
    const amount = budget.amount + Math.floor((max - budget.amount) / 2);
    await trx
      .insertInto("move_budget_overrides")
      .values({ move_id: moveId, move_stage: budget.move_stage, group_number: budget.group_number, currency: budget.currency, amount })
      .execute();
  }
}

const STAGE_OF_STATUS = (status: MoveStatus, stages: number) =>
  status === "completed" ? stages : status === "on_assignment" ? Math.min(2, stages) : 1;

/**
 * The wizard demo (README "Demo moves"): a default form for every group, acme's extra fields
 * (prefill master → slaves, policy-restricted fields), a splash text, and moves in every state
 * for acme and globex. Runs once: only when no group has a form yet and the policy demo is there.
 */
export async function seedWizardDemo(db: DB, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom("form_sections").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const groups = await db.selectFrom("groups").select(["id", "name"]).orderBy("id").execute();
  const groupId = new Map(groups.map((g) => [g.name, g.id]));
  const acmeId = groupId.get("acme");
  const globexId = groupId.get("globex");
  if (acmeId === undefined || globexId === undefined) return false;
  const policies = await db
    .selectFrom("policies as p")
    .innerJoin("policy_versions as v", "v.policy_id", "p.id")
    .select(["p.id as policyId", "p.name", "p.group_id", "p.move_stages_count", "v.id as versionId"])
    .where("v.status", "=", "RELEASED")
    .where("p.group_id", "in", [acmeId, globexId])
    .orderBy("v.version_number")
    .execute();
  const policyOf = (group: number, name: string) => policies.filter((p) => p.group_id === group && p.name === name).at(-1);
  if (!policyOf(acmeId, LTA)) return false;
  const newEmails = DEMO_MOVES.filter((m) => m.firstName).map((m) => m.email);
  const clash = await db.selectFrom("users").select("id").where("email", "in", newEmails).limit(1).executeTakeFirst();
  if (clash) return false;

  const people = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("email", "in", ["hr@acme.test", "hr@globex.test", "employee@acme.test", "employee@globex.test"])
    .execute();
  const person = (email: string) => people.find((p) => p.email === email);
  // ACTIVE demo employees share the demo password (the hash of a demo account: no hashing cost).
  const demoHash = person("employee@acme.test")?.password_hash ?? null;
  const at = now.toISOString();

  await db.transaction().execute(async (trx) => {
    for (const g of groups) await insertDefaultForm(trx, g.id, at);
    await insertAcmeForm(trx, acmeId, (name) => policyOf(acmeId, name)?.versionId, at);

    const places = new Map<PlaceName, ResolvedPlace>();
    const place = async (name: PlaceName | null) => {
      if (name === null) return null;
      if (!places.has(name)) places.set(name, await resolvePlace(trx, PLACES[name]));
      return places.get(name)!;
    };

    for (const m of DEMO_MOVES) {
      const gid = m.group === "acme" ? acmeId : globexId;
      const policy = policyOf(gid, m.policy);
      if (!policy) continue;
      const hr = person(m.group === "acme" ? "hr@acme.test" : "hr@globex.test")?.id ?? null;
      const [from, to] = [await place(m.from), await place(m.to)];
      const moveDate = m.moveIn === undefined ? null : dayOf(now, m.moveIn);
      const created = atOf(now, -m.createdAgo);
      const initiated = m.status === "draft" ? null : atOf(now, -m.createdAgo + 1 / 24);
      const columns = {
        origin_country_code: from?.countryCode ?? null,
        origin_state: from?.state ?? null,
        origin_city_id: from?.cityId ?? null,
        origin_city_name: from?.cityName ?? null,
        destination_country_code: to?.countryCode ?? null,
        destination_state: to?.state ?? null,
        destination_city_id: to?.cityId ?? null,
        destination_city_name: to?.cityName ?? null,
        move_date: moveDate,
        assignment_start_date: m.startIn === undefined ? null : dayOf(now, m.startIn),
        assignment_end_date: m.endIn === undefined ? null : dayOf(now, m.endIn),
        skip_ce: m.skipCE ? 1 : 0,
        form_values: JSON.stringify(demoFormValues(m)),
        wizard_stage: m.status === "draft" ? (m.wizardStage ?? 2) : 5,
        created_by: hr,
        initiated_at: initiated,
        initiated_by: initiated ? hr : null,
        cancelled_at: m.status === "cancelled" ? atOf(now, -Math.max(1, Math.floor(m.createdAgo / 2))) : null,
        updated_at: atOf(now, -Math.floor(m.createdAgo / 3)),
      };

      let userId: number;
      let moveId: number;
      const demo = m.firstName === undefined ? person(m.email) : undefined;
      if (demo) {
        // A demo employee: their seed-policy move gets its cities, dates and values.
        userId = demo.id;
        const move = await trx.selectFrom("moves").select("id").where("employee_user_id", "=", userId).orderBy("id").limit(1).executeTakeFirst();
        if (!move) continue;
        moveId = move.id;
        await trx.updateTable("moves").set({ ...columns, status: m.status, created_at: created }).where("id", "=", moveId).execute();
        await trx.updateTable("users").set({ move_date: moveDate }).where("id", "=", userId).execute();
      } else if (m.firstName !== undefined) {
        const active = m.activation === "ACTIVE";
        const user = await trx
          .insertInto("users")
          .values({
            email: m.email,
            first_name: m.firstName,
            last_name: m.lastName ?? "",
            role: "EMPLOYEE",
            group_id: gid,
            password_hash: active ? demoHash : null,
            terms_accepted_at: active ? atOf(now, -m.createdAgo + 2) : null,
            terms_version: active ? "1" : null,
            activation_state: active ? "ACTIVE" : "PENDING",
            last_login_at: active ? atOf(now, -Math.floor(m.createdAgo / 4)) : null,
            move_date: moveDate,
            created_at: created,
            updated_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        userId = user.id;
        const move = await trx
          .insertInto("moves")
          .values({
            ...columns,
            group_id: gid,
            employee_user_id: userId,
            policy_id: policy.policyId,
            policy_version_id: policy.versionId,
            status: m.status,
            current_move_stage: STAGE_OF_STATUS(m.status, policy.move_stages_count),
            created_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        moveId = move.id;
      } else {
        continue;
      }

      const family = [
        ...(m.partnerBorn ? [{ relationship: "PARTNER" as const, date_of_birth: m.partnerBorn }] : []),
        ...Array.from({ length: m.children ?? 0 }, () => ({ relationship: "CHILD" as const, date_of_birth: null })),
      ];
      if (family.length > 0) {
        await trx
          .insertInto("move_family_members")
          .values(family.map((f, i) => ({ move_id: moveId, relationship: f.relationship, first_name: "", date_of_birth: f.date_of_birth, sort_order: i })))
          .execute();
      }
      if (m.withOverrides) await insertDemoOverrides(trx, moveId, policy.versionId);
    }
  });
  // Two more acme managers on these moves, one OWN and one with geographic routes (issue 15).
  await seedManagersDemo(db, now);
  // Acme employees the extend / end assignment popup can act on (issue 15; also called from seed.ts).
  await seedAssignmentsDemo(db, now);
  return true;
}
