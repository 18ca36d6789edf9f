/**
 * Many stage-2 saves of new employees in one transaction (the bulk import, issue 15): each save is the
 * wizard's own (`planEmployeeSave`: the same version check, form, validation, e-mail and city rules,
 * the same messages) and writes the same rows (`newEmployeeUserRow`, `newMoveRow`, `familyRows`,
 * `saveAuditEntry`), but the reads and writes are made once for the whole batch instead of once per save:
 *
 * - the version and its form: once per distinct version;
 * - the e-mail owners: one query for every address of the batch, plus the addresses earlier saves of
 *   the batch take (a later save of the same address gets the wizard's "already exists", as it would
 *   after the earlier save was written);
 * - the cities named: one query per country;
 * - the writes: multi-row inserts of the users, the moves, the family members and the audit rows.
 *
 * `db` must be a transaction: the batch is written whole or not at all. An address taken meanwhile by a
 * save outside the batch makes the insert fail with a unique violation (`isUniqueViolation`): the caller
 * runs its transaction again, and the new plan sees the address taken.
 */
import type { DB } from "../../../db/index.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { insertAudits } from "../../../db/queries/audit.ts";
import { insertRows } from "../../../db/queries/bulk-insert.ts";
import { normalizeEmail } from "../../../domain/identity/auth/email.ts";
import { AppError } from "../../../domain/errors.ts";
import { CORE_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import type { TCreateNewEmployeeRequest, TCreateNewEmployeeResponse, TFormComponentItem, TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import type { VersionWithPolicy } from "../../../db/queries/moves/wizard.ts";
import {
  databaseLookups,
  familyRows,
  newEmployeeUserRow,
  newMoveRow,
  planEmployeeSave,
  saveAuditEntry,
  saveFailure,
  type CityRow,
  type EmailOwner,
  type EmployeeSavePlan,
  type SaveLookups,
} from "./employee-save.ts";
import { allComponents, loadForm } from "./form-load.ts";
import { usableVersion } from "./initiation.ts";
import type { WizardActor } from "./types.ts";

/** A new employee's stage-2 save (no resumed move or employee, no preview, no files). */
export type NewEmployeeSave = Pick<TCreateNewEmployeeRequest, "policyVersionId" | "items" | "saveAsDraft" | "skipCE"> & {
  /** Field errors the caller already found (a bulk row's unknown place, issue 24 §6): the save is refused with them and its own. */
  knownErrors?: Record<string, string>;
};
/** What `createNewEmployee` would have answered for the save: its response, or the AppError it would have thrown. */
export type BatchSaveOutcome = TCreateNewEmployeeResponse | AppError;

/** Values per `in (…)` list. */
const KEYS_PER_QUERY = 500;

function slices<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

type Form = { version: VersionWithPolicy; components: TInitiationComponent[] };

/** The version (the wizard's `usableVersion`) and its form, once per distinct version; an unusable one is its AppError. */
async function formsOf(db: DB, group: GroupRef, versionIds: number[], now: Date): Promise<Map<number, Form | AppError>> {
  const forms = new Map<number, Form | AppError>();
  for (const id of new Set(versionIds)) {
    try {
      const version = await usableVersion(db, group, id, null);
      const sections = await loadForm(db, group.id, { versionId: version.version_id, policyId: version.policy_id }, now);
      forms.set(id, { version, components: allComponents(sections) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      forms.set(id, error);
    }
  }
  return forms;
}

const emailOf = (items: TFormComponentItem[]) => normalizeEmail(items.find((i) => i.modelName === CORE_MODEL_NAMES.email)?.formValue?.trim() ?? "");

/** The owners of the addresses (by the database's `lower(email)`, as `findEmailOwner` compares them). */
async function emailOwnersOf(db: DB, emails: string[]): Promise<Map<string, EmailOwner>> {
  const owners = new Map<string, EmailOwner>();
  const keys = [...new Set(emails.filter((e) => e !== ""))];
  for (const part of slices(keys, KEYS_PER_QUERY)) {
    const rows = await db
      .selectFrom("users")
      .select((eb) => ["id", "group_id", eb.fn<string>("lower", ["email"]).as("key")])
      .where((eb) => eb.fn("lower", ["email"]), "in", part)
      .execute();
    for (const r of rows) if (!owners.has(r.key)) owners.set(r.key, { id: r.id, group_id: r.group_id });
  }
  return owners;
}

/** The cities each typed name names in its country (by name then id, as `findCitiesNamed` orders them): one query per country. */
async function citiesNamedOf(db: DB, saves: NewEmployeeSave[]): Promise<Map<string, Map<string, CityRow[]>>> {
  const wanted = new Map<string, Set<string>>();
  for (const s of saves) {
    for (const item of s.items) {
      const name = item.formValue?.trim();
      if (item.formType !== "countryStateCity" || !item.countryCode || !name || (item.formValueId !== null && item.formValueId !== undefined)) continue;
      let names = wanted.get(item.countryCode);
      if (!names) wanted.set(item.countryCode, (names = new Set()));
      names.add(name.toLowerCase());
    }
  }
  const out = new Map<string, Map<string, CityRow[]>>();
  for (const [country, names] of wanted) {
    const byName = new Map<string, CityRow[]>([...names].map((n) => [n, []]));
    for (const part of slices([...names], KEYS_PER_QUERY)) {
      const rows = await db
        .selectFrom("cities")
        .select((eb) => ["id", "country_code", "state_code", "name", "latitude", "longitude", eb.fn<string>("lower", ["name"]).as("key")])
        .where("country_code", "=", country)
        .where((eb) => eb.fn("lower", ["name"]), "in", part)
        .orderBy("name")
        .orderBy("id")
        .execute();
      for (const { key, ...city } of rows) byName.get(key)?.push(city);
    }
    out.set(country, byName);
  }
  return out;
}

/**
 * Saves new employees, each as `createNewEmployee` would (a draft move, or the next stage), in the
 * caller's transaction; answers each save's outcome in order. Saves refused by a check write nothing.
 */
export async function saveNewEmployees(
  trx: DB,
  actor: WizardActor,
  group: GroupRef,
  saves: NewEmployeeSave[],
  now = new Date(),
): Promise<BatchSaveOutcome[]> {
  if (saves.length === 0) return [];
  const forms = await formsOf(trx, group, saves.map((s) => s.policyVersionId), now);
  const owners = await emailOwnersOf(trx, saves.map((s) => emailOf(s.items)));
  const cities = await citiesNamedOf(trx, saves);
  const loadedEmails = new Set(saves.map((s) => emailOf(s.items)));
  const fromDb = databaseLookups(trx);
  /** Addresses taken by earlier saves of this batch: this group's people once written. */
  const taken = new Set<string>();
  const lookups: SaveLookups = {
    emailOwner: async (email) => {
      const key = normalizeEmail(email);
      if (taken.has(key)) return { id: -1, group_id: group.id };
      return loadedEmails.has(key) ? owners.get(key) : fromDb.emailOwner(email);
    },
    cityById: fromDb.cityById,
    citiesNamed: async (country, name, limit) => {
      const loaded = cities.get(country)?.get(name.trim().toLowerCase());
      return loaded ? loaded.slice(0, limit) : fromDb.citiesNamed(country, name, limit);
    },
    citySearch: fromDb.citySearch,
  };

  const outcomes: (BatchSaveOutcome | undefined)[] = [];
  const planned: { index: number; plan: EmployeeSavePlan; form: Form }[] = [];
  for (const [index, save] of saves.entries()) {
    const form = forms.get(save.policyVersionId)!;
    if (form instanceof AppError) {
      outcomes.push(form);
      continue;
    }
    const { knownErrors, ...request } = save;
    const input: TCreateNewEmployeeRequest = { group: group.name, ...request, empTempFileUUID: null, preview: false };
    const result = await planEmployeeSave(lookups, { group, version: form.version, components: form.components, move: null, employee: null, input, now });
    if (knownErrors && Object.keys(knownErrors).length > 0) {
      // Every error at once: the save's own (a field the caller flagged replaces the save's word on it) and the caller's.
      const own = result.ok ? { errors: {}, message: null } : result.response;
      outcomes.push(saveFailure(form.version.estimate_provider, { errors: { ...own.errors, ...knownErrors }, message: own.message }));
      continue;
    }
    if (!result.ok) {
      outcomes.push(result.response);
      continue;
    }
    taken.add(result.plan.email);
    planned.push({ index, plan: result.plan, form });
    outcomes.push(undefined); // filled in once written
  }

  // The employees, then their moves, family members and audit rows, many rows per statement.
  const employeeIds = new Map<string, number>();
  const users = await insertRows(trx, "users", planned.map((p) => newEmployeeUserRow(p.plan, group)), ["id", "email"]);
  for (const r of users) employeeIds.set(r.email, r.id);
  const moveIds = new Map<number, number>();
  const moves = await insertRows(trx, "moves", planned.map((p) => newMoveRow(p.plan, group, actor, employeeIds.get(p.plan.email)!)), ["id", "employee_user_id"]);
  for (const r of moves) moveIds.set(r.employee_user_id, r.id);
  const written = planned.map((p) => {
    const employeeId = employeeIds.get(p.plan.email);
    const moveId = employeeId === undefined ? undefined : moveIds.get(employeeId);
    if (employeeId === undefined || moveId === undefined) throw new Error(`batch save: no row written for ${p.plan.email}`);
    return { ...p, employeeId, moveId };
  });
  await insertRows(trx, "move_family_members", written.flatMap((w) => familyRows(w.plan, w.moveId)));
  await insertAudits(trx, written.map((w) => saveAuditEntry(w.plan, actor, { moveId: w.moveId, employeeId: w.employeeId, groupId: group.id, version: w.form.version }, null)));
  for (const w of written) {
    outcomes[w.index] = {
      success: true,
      employeeId: w.employeeId,
      moveId: w.moveId,
      provider: w.form.version.estimate_provider,
      errors: {},
      geo: null,
      message: null,
      nextStage: w.plan.next,
    };
  }
  return outcomes.map((o, i) => {
    if (!o) throw new Error(`batch save: save ${i} has no outcome`);
    return o;
  });
}
