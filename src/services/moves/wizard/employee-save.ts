/**
 * The wizard's stage-2 save in two halves, shared by the wizard (`createNewEmployee`, one save) and the
 * bulk import (`saveNewEmployees`, batch-save.ts, a chunk of rows in one transaction):
 *
 * - `planEmployeeSave`: everything that decides whether a save may happen and what it writes, given
 *   the version and the form already loaded: the missing element, the form's validation, the e-mail
 *   check, the cities, the destination rule; a failure response (the wizard's messages) or a plan;
 * - the rows a plan writes (`newEmployeeUserRow`, `newMoveRow`, `familyRows`, `saveAuditEntry`), the
 *   same builders whether one save inserts them or a batch inserts many at once.
 *
 * The reads the plan needs (the e-mail's owner, the cities) go through `SaveLookups`: the wizard's reads
 * hit the database (`databaseLookups`); a batch answers them from what it loaded for the whole chunk.
 */
import type { z } from "zod";
import type { DB } from "../../../db/index.ts";
import type { Insertable } from "kysely";
import type { GroupRef, MoveTable, NewUser } from "../../../db/schema.ts";
import type { MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import type { AuditEntry } from "../../../db/queries/audit.ts";
import { findCities } from "../../../db/queries/admin/reference.ts";
import { findCitiesNamed, findCityById, findEmployee, type VersionWithPolicy } from "../../../db/queries/moves/wizard.ts";
import { findEmailOwner, pendingUserRow } from "../../../db/queries/identity/users.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/identity/auth/email.ts";
import { CORE_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import { nextStage } from "../../../domain/moves/wizard/navigation.ts";
import type {
  TCity,
  TCreateNewEmployeeRequest,
  TCreateNewEmployeeResponse,
  TFormComponentItem,
  TInitiationComponent,
  ZGeoAnswer,
} from "../../../domain/moves/wizard/schemas.ts";
import { validateInitiationForm } from "../../../domain/moves/wizard/validation.ts";
import { familyFrom, isCoreModelName, isIsoDate, missingElement, storedValueOf } from "./initiation-rules.ts";
import { moveAuditEntry } from "./audit.ts";
import type { WizardActor } from "./types.ts";

/** Candidates offered in a geo answer (the city picker). */
export const GEO_CANDIDATES = 20;

export type Place = { countryCode: string | null; state: string | null; cityId: number | null; cityName: string | null };
type Geo = z.infer<typeof ZGeoAnswer>;
export type CityRow = { id: number; country_code: string; state_code: string | null; name: string; latitude: string | null; longitude: string | null };
export type EmailOwner = { id: number; group_id: number | null };

/** The reads a stage-2 save makes besides the version and the form. */
export type SaveLookups = {
  /** The user holding the (normalized) address, compared case-insensitively. */
  emailOwner(email: string): Promise<EmailOwner | undefined>;
  cityById(id: number): Promise<CityRow | undefined>;
  /** The cities of the country named exactly `name` (case-insensitively), by name then id, at most `limit`. */
  citiesNamed(countryCode: string, name: string, limit: number): Promise<CityRow[]>;
  /** The picker's candidates for a name that matched no single city. */
  citySearch(countryCode: string, search: string, limit: number): Promise<CityRow[]>;
};

/** The wizard's lookups: one query each, at the time of the save. */
export function databaseLookups(db: DB): SaveLookups {
  return {
    emailOwner: (email) => findEmailOwner(db, email),
    cityById: (id) => findCityById(db, id),
    citiesNamed: (countryCode, name, limit) => findCitiesNamed(db, countryCode, name, limit),
    citySearch: (countryCode, search, limit) => findCities(db, { countryCode, search, limit }),
  };
}

const toCity = (c: CityRow): TCity => ({
  id: c.id,
  countryCode: c.country_code,
  state: c.state_code,
  name: c.name,
  latitude: c.latitude === null ? null : Number(c.latitude),
  longitude: c.longitude === null ? null : Number(c.longitude),
});

/**
 * Resolves a countryStateCity value: a listed city must be a city of the chosen country; 0 is
 * Other (free text kept); a typed name is looked up and must match exactly one city, else the
 * client gets a geo answer (the city picker) with up to GEO_CANDIDATES candidates.
 */
async function resolvePlace(
  lookups: SaveLookups,
  item: TFormComponentItem,
  label: string,
): Promise<{ place: Place } | { error: string } | { geo: Geo }> {
  const name = item.formValue?.trim() || null;
  const country = item.countryCode;
  const empty: Place = { countryCode: country, state: item.state, cityId: null, cityName: name };
  if (!country) return { place: { ...empty, cityId: item.formValueId === 0 ? 0 : null } };
  if (item.formValueId !== null && item.formValueId > 0) {
    const city = await lookups.cityById(item.formValueId);
    if (!city || city.country_code !== country) return { error: wizardText(wizardMessages.cityRequired, { label }) };
    return { place: { countryCode: country, state: item.state ?? city.state_code, cityId: city.id, cityName: city.name } };
  }
  if (item.formValueId === 0 || !name) return { place: { ...empty, cityId: item.formValueId } };
  let matches = await lookups.citiesNamed(country, name, GEO_CANDIDATES);
  if (item.state && matches.length > 1) {
    const inState = matches.filter((c) => (c.state_code ?? "").toLowerCase() === item.state!.toLowerCase());
    if (inState.length > 0) matches = inState;
  }
  if (matches.length === 1) {
    const city = matches[0]!;
    return { place: { countryCode: country, state: item.state ?? city.state_code, cityId: city.id, cityName: city.name } };
  }
  const candidates = matches.length > 1 ? matches : await lookups.citySearch(country, name, GEO_CANDIDATES);
  return { geo: { modelName: item.modelName, label, query: name, countryCode: country, cities: candidates.map(toCity) } };
}

export const saveFailure = (provider: string | null, patch: Partial<TCreateNewEmployeeResponse>): TCreateNewEmployeeResponse => ({
  success: false,
  employeeId: null,
  moveId: null,
  provider,
  errors: {},
  geo: null,
  message: null,
  nextStage: null,
  ...patch,
});

/**
 * The refusal of an address someone already has (issue 23 item 12): the same text whoever owns it (a
 * person of this group, of another group, platform staff), so no answer tells another group's address
 * from this group's. createNewEmployee, the bulk import (batch-save.ts) and editProfile use it.
 */
export const emailTakenMessage = (): string => wizardMessages.emailNotAvailable;

const samePlace = (a: Place, b: Place) =>
  (a.countryCode ?? "") === (b.countryCode ?? "") &&
  (a.cityId ?? -1) === (b.cityId ?? -1) &&
  (a.cityName ?? "").trim().toLowerCase() === (b.cityName ?? "").trim().toLowerCase();

export const wizardPolicy = (v: Pick<VersionWithPolicy, "estimate_type" | "city_guide_only">) => ({ estimateType: v.estimate_type, cityGuideOnly: v.city_guide_only === 1 });

export type SaveEmployee = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

/** What a valid save writes: the employee's columns, the move's columns, the family, the next stage. */
export type EmployeeSavePlan = {
  at: string;
  email: string;
  firstName: string;
  lastName: string;
  moveColumns: {
    policy_id: number;
    policy_version_id: number;
    origin_country_code: string | null;
    origin_state: string | null;
    origin_city_id: number | null;
    origin_city_name: string | null;
    destination_country_code: string | null;
    destination_state: string | null;
    destination_city_id: number | null;
    destination_city_name: string | null;
    move_date: string | null;
    assignment_start_date: string | null;
    assignment_end_date: string | null;
    skip_ce: number;
    form_values: string;
    updated_at: string;
  };
  family: ReturnType<typeof familyFrom>;
  /** The stage the wizard goes to (null for a draft save). */
  next: number | null;
  saveAsDraft: boolean;
};

export type SaveContext = {
  group: GroupRef;
  version: VersionWithPolicy;
  /** The form's components for the version (`allComponents(loadForm(…))`). */
  components: TInitiationComponent[];
  /** The move being resumed and its employee, or an existing employee for a new move; null for a new one. */
  move: MoveWithPolicy | null;
  employee: SaveEmployee | null;
  input: TCreateNewEmployeeRequest;
  now: Date;
};

/** The form's components by model name, built once per loaded form (a batch plans many saves on one). */
const byModelCache = new WeakMap<TInitiationComponent[], Map<string, TInitiationComponent>>();
function componentsByModel(components: TInitiationComponent[]): Map<string, TInitiationComponent> {
  let map = byModelCache.get(components);
  if (!map) byModelCache.set(components, (map = new Map(components.map((c) => [c.modelName, c]))));
  return map;
}

/**
 * Decides a stage-2 save without writing: the missing element, the form's validation, the e-mail
 * (needed even for a draft, unique), the cities, the destination of an initiated move; any failure is
 * the wizard's response, else the plan of what to write.
 */
export async function planEmployeeSave(
  lookups: SaveLookups,
  ctx: SaveContext,
): Promise<{ ok: false; response: TCreateNewEmployeeResponse } | { ok: true; plan: EmployeeSavePlan }> {
  const { group, version, components, move, employee, input, now } = ctx;
  const provider = version.estimate_provider;
  const refuse = (patch: Partial<TCreateNewEmployeeResponse>) => ({ ok: false as const, response: saveFailure(provider, patch) });
  const missing = missingElement(components, input.items, input.saveAsDraft);
  if (missing !== null) return refuse({ message: wizardText(wizardMessages.missingElement, { label: missing }) });

  const at = now.toISOString();
  const today = at.slice(0, 10);
  const errors: Record<string, string> = {
    ...validateInitiationForm(components, input.items, { draft: input.saveAsDraft, today, estimateType: version.estimate_type }),
  };
  const componentOf = componentsByModel(components);
  const itemOf = new Map(input.items.map((i) => [i.modelName, i]));
  const labelOf = (modelName: string) => componentOf.get(modelName)?.label ?? modelName;
  const text = (modelName: string) => itemOf.get(modelName)?.formValue?.trim() ?? "";

  // The employee's e-mail: a user is created, so it is needed even for a draft, and unique.
  const emailName = CORE_MODEL_NAMES.email;
  const email = normalizeEmail(text(emailName));
  if (!errors[emailName]) {
    if (email === "") errors[emailName] = wizardText(wizardMessages.cannotBeEmpty, { label: labelOf(emailName) });
    else if (!isValidEmail(email)) errors[emailName] = wizardText(wizardMessages.notProperFormat, { label: labelOf(emailName) });
    else {
      const owner = await lookups.emailOwner(email);
      if (owner && owner.id !== employee?.id) errors[emailName] = emailTakenMessage();
    }
  }

  // Cities.
  const places = new Map<string, Place>();
  const geo: Geo[] = [];
  for (const item of input.items) {
    if (item.formType !== "countryStateCity" || errors[item.modelName]) continue;
    const resolved = await resolvePlace(lookups, item, labelOf(item.modelName));
    if ("error" in resolved) errors[item.modelName] = resolved.error;
    else if ("geo" in resolved) geo.push(resolved.geo);
    else places.set(item.modelName, resolved.place);
  }
  const noPlace: Place = { countryCode: null, state: null, cityId: null, cityName: null };
  const origin = places.get(CORE_MODEL_NAMES.origin) ?? noPlace;
  const destination = places.get(CORE_MODEL_NAMES.destination) ?? noPlace;
  if (move && move.status !== "draft" && !errors[CORE_MODEL_NAMES.destination] && places.has(CORE_MODEL_NAMES.destination)) {
    const before: Place = {
      countryCode: move.destination_country_code,
      state: move.destination_state,
      cityId: move.destination_city_id,
      cityName: move.destination_city_name,
    };
    if (!samePlace(before, destination)) errors[CORE_MODEL_NAMES.destination] = wizardMessages.destinationChangeAfterActivation;
  }

  if (Object.keys(errors).length > 0) return refuse({ errors });
  if (geo.length > 0) return refuse({ geo, message: wizardText(wizardMessages.cityPicker, { label: geo[0]!.label }) });

  // Values.
  const date = (modelName: string) => {
    const v = text(modelName);
    return isIsoDate(v) ? v : null;
  };
  const formValues: Record<string, unknown> = {};
  for (const item of input.items) if (!isCoreModelName(item.modelName)) formValues[item.modelName] = storedValueOf(item);
  const next = input.saveAsDraft ? null : (nextStage(wizardPolicy(version), 2, { skipCE: input.skipCE }) ?? 5);
  return {
    ok: true,
    plan: {
      at,
      email,
      firstName: text(CORE_MODEL_NAMES.firstName).slice(0, 100),
      lastName: text(CORE_MODEL_NAMES.lastName).slice(0, 100),
      moveColumns: {
        policy_id: version.policy_id,
        policy_version_id: version.version_id,
        origin_country_code: origin.countryCode,
        origin_state: origin.state,
        origin_city_id: origin.cityId,
        origin_city_name: origin.cityName,
        destination_country_code: destination.countryCode,
        destination_state: destination.state,
        destination_city_id: destination.cityId,
        destination_city_name: destination.cityName,
        move_date: date(CORE_MODEL_NAMES.moveDate),
        assignment_start_date: date(CORE_MODEL_NAMES.assignmentStartDate),
        assignment_end_date: date(CORE_MODEL_NAMES.assignmentEndDate),
        skip_ce: input.skipCE ? 1 : 0,
        form_values: JSON.stringify(formValues),
        updated_at: at,
      },
      family: familyFrom(input.items),
      next,
      saveAsDraft: input.saveAsDraft,
    },
  };
}

// ── the rows a plan writes ────────────────────────────────────────────────────────────────────

/** The new (PENDING) employee of a save that names no existing one. */
export function newEmployeeUserRow(plan: EmployeeSavePlan, group: GroupRef): NewUser {
  return pendingUserRow({
    email: plan.email,
    firstName: plan.firstName,
    lastName: plan.lastName,
    role: "EMPLOYEE",
    groupId: group.id,
    moveDate: plan.moveColumns.move_date,
    at: plan.at,
  });
}

/** The new draft move of a save that resumes none. */
export function newMoveRow(plan: EmployeeSavePlan, group: GroupRef, actor: WizardActor, employeeId: number): Insertable<MoveTable> {
  return {
    ...plan.moveColumns,
    group_id: group.id,
    employee_user_id: employeeId,
    status: "draft" as const,
    wizard_stage: plan.next ?? 2,
    created_by: actor.user.id,
    created_at: plan.at,
  };
}

/** The move's family members (partner, children) the form describes. */
export function familyRows(plan: EmployeeSavePlan, moveId: number) {
  return plan.family.map((f, i) => ({ move_id: moveId, relationship: f.relationship, first_name: "", date_of_birth: f.date_of_birth, sort_order: i }));
}

/** The save's audit row: create-draft for a new move, update-draft for a resumed one. */
export function saveAuditEntry(
  plan: EmployeeSavePlan,
  actor: WizardActor,
  target: { moveId: number; employeeId: number; groupId: number; version: VersionWithPolicy },
  resumed: Pick<MoveWithPolicy, "policy_version_id" | "status"> | null,
): AuditEntry {
  return moveAuditEntry(actor, { id: target.moveId, groupId: target.groupId }, {
    at: plan.at,
    action: resumed ? "update-draft" : "create-draft",
    oldValues: resumed ? { policyVersionId: resumed.policy_version_id, status: resumed.status } : undefined,
    newValues: { employeeId: target.employeeId, email: plan.email, policyVersionId: target.version.version_id, saveAsDraft: plan.saveAsDraft, wizardStage: plan.next ?? 2 },
  });
}
