/**
 * The managers admin (issue 15; part 1 §4, §5, §7 "/admin/managers/…"): managers with their restrictions,
 * geographic rules and activation. ADMIN only (the procedures are `roleProcedure("ADMIN")`, the legacy
 * handlers check the same through `requireAdmin`). Every change writes its audit row in the same transaction.
 * The restrictions are read back by `restrictionScopeOf` / `restrictMoves` (src/db/queries/restrictions.ts).
 */
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { MANAGER_DEFAULTS, type CreationRestriction, type GeoType, type OnOff, type ViewRestriction } from "../../domain/manager/managers/restrictions.ts";
import {
  managerMessages,
  type TGeoRoute,
  type TGeoRuleView,
  type TGeoTreeNode,
  type TGeoTreeRequest,
  type TManagerListRequest,
  type TManagerView,
  type TUpdateNameRequest,
} from "../../domain/manager/managers/schemas.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import {
  deleteGeoRule,
  findCity,
  findCountry,
  findGeoRule,
  findManagerGeoRules,
  findManagers,
  findPlaceNames,
  findState,
  findTreeCities,
  findTreeCountries,
  findTreeStates,
  insertGeoRuleOnce,
  upsertRestriction,
  type RestrictionColumn,
} from "../../db/queries/manager/managers.ts";
import { lockRow } from "../../db/locks.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { activationSentFor, resendActivation, type Actor } from "../identity/activation.ts";
import type { SessionUser } from "../identity/auth.ts";

type Admin = { id: number; ip: string | null };
type Caller = Pick<SessionUser, "id" | "role">;

function requireAdmin(user: Caller) {
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
}

const MAX_MANAGERS = 500;
const MAX_TREE_CITIES = 5000;

type ManagerRow = Awaited<ReturnType<typeof findManagers>>[number];
function toView(r: ManagerRow, sent: Set<number>): TManagerView {
  return {
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    activationState: r.activation_state,
    activationSent: sent.has(r.id),
    viewRestriction: (r.view_restriction ?? MANAGER_DEFAULTS.viewRestriction) as ViewRestriction,
    readOnlyRestriction: (r.creation_restriction ?? MANAGER_DEFAULTS.readOnlyRestriction) as CreationRestriction,
    reportingRestriction: (r.reporting_restriction ?? MANAGER_DEFAULTS.reportingRestriction) as OnOff,
    dashboardRestriction: (r.dashboard_restriction ?? MANAGER_DEFAULTS.dashboardRestriction) as OnOff,
    turnExternalSpend: Number(r.external_spend ?? 0) === 1,
  };
}

/** /admin/managers/list?groupName=&managersFilter= */
export async function listManagers(db: DB, user: Caller, p: TManagerListRequest): Promise<TManagerView[]> {
  requireAdmin(user);
  const rows = await findManagers(db, { groupName: p.groupName || undefined, search: p.managersFilter || undefined, limit: MAX_MANAGERS });
  const sent = await activationSentFor(db, rows.filter((r) => r.activation_state === "PENDING").map((r) => r.id));
  return rows.map((r) => toView(r, sent));
}

async function managerRow(db: DB, userId: number) {
  const row = (await findManagers(db, { userId, limit: 1 }))[0];
  if (!row) throw new AppError("NOT_FOUND", managerMessages.notManager);
  return row;
}

/** The manager page. */
export async function getManager(db: DB, user: Caller, userId: number): Promise<TManagerView> {
  requireAdmin(user);
  const row = await managerRow(db, userId);
  return toView(row, await activationSentFor(db, row.activation_state === "PENDING" ? [row.id] : []));
}

/** GET getUsersForGroup/{group}: the group's managers (id, fullName). */
export async function usersForGroup(db: DB, user: Caller, groupName: string) {
  requireAdmin(user);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  const rows = await findManagers(db, { groupName, limit: MAX_MANAGERS });
  return rows.map((r) => ({ id: r.id, fullName: `${r.first_name} ${r.last_name}`.trim() }));
}

// ── Restrictions ──────────────────────────────────────────────────────────────────────────────

type Setting = { column: RestrictionColumn; value: string | number; action: string; field: string };

async function setRestriction(db: DB, admin: Admin, userId: number, s: Setting): Promise<"OK"> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", userId);
    const before = await managerRow(trx, userId);
    const old = before[s.column === "external_spend" ? "external_spend" : s.column];
    await upsertRestriction(trx, userId, before.group_id!, s.column, s.value, new Date().toISOString());
    if (String(old ?? "") !== String(s.value)) {
      await insertAudit(trx, {
        at: new Date().toISOString(),
        actorUserId: admin.id,
        groupId: before.group_id,
        entity: "manager",
        entityId: userId,
        action: s.action,
        oldValues: { [s.field]: old ?? null },
        newValues: { [s.field]: s.value },
        ip: admin.ip,
      });
    }
    return "OK" as const;
  });
}

export function updateViewRestriction(db: DB, user: Caller & Admin, userId: number, value: ViewRestriction) {
  requireAdmin(user);
  return setRestriction(db, user, userId, { column: "view_restriction", value, action: "manager-view-restriction", field: "viewRestriction" });
}
export function updateCreationRestriction(db: DB, user: Caller & Admin, userId: number, value: CreationRestriction) {
  requireAdmin(user);
  return setRestriction(db, user, userId, { column: "creation_restriction", value, action: "manager-creation-restriction", field: "readOnlyRestriction" });
}
export function updateReportingRestriction(db: DB, user: Caller & Admin, userId: number, value: OnOff) {
  requireAdmin(user);
  return setRestriction(db, user, userId, { column: "reporting_restriction", value, action: "manager-reporting-restriction", field: "reportingRestriction" });
}
export function updateDashboardRestriction(db: DB, user: Caller & Admin, userId: number, value: OnOff) {
  requireAdmin(user);
  return setRestriction(db, user, userId, { column: "dashboard_restriction", value, action: "manager-dashboard-restriction", field: "dashboardRestriction" });
}
export function updateExternalSpend(db: DB, user: Caller & Admin, userId: number, on: boolean) {
  requireAdmin(user);
  return setRestriction(db, user, userId, { column: "external_spend", value: on ? 1 : 0, action: "manager-external-spend", field: "turnExternalSpend" });
}

/** POST updateManagersName. */
export async function updateManagerName(db: DB, user: Caller & Admin, input: TUpdateNameRequest): Promise<"OK"> {
  requireAdmin(user);
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", input.userId);
    const before = await managerRow(trx, input.userId);
    if (before.first_name === input.firstName && before.last_name === input.lastName) return "OK" as const;
    const now = new Date().toISOString();
    await trx.updateTable("users").set({ first_name: input.firstName, last_name: input.lastName, updated_at: now }).where("id", "=", input.userId).execute();
    await insertAudit(trx, {
      at: now,
      actorUserId: user.id,
      groupId: before.group_id,
      entity: "manager",
      entityId: input.userId,
      action: "manager-name",
      oldValues: { firstName: before.first_name, lastName: before.last_name },
      newValues: { firstName: input.firstName, lastName: input.lastName },
      ip: user.ip,
    });
    return "OK" as const;
  });
}

/** POST activateManager: identity's activation (a new link for a PENDING manager); true on success. */
export async function activateManager(deps: Parameters<typeof resendActivation>[0], actor: Actor, userId: number): Promise<true> {
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  const row = await managerRow(deps.db, userId);
  const group = await findGroupByName(deps.db, row.group_name);
  if (!group) throw new AppError("NOT_FOUND", managerMessages.notManager);
  await resendActivation(deps, actor, group, userId);
  return true;
}

// ── Geographic rules ──────────────────────────────────────────────────────────────────────────

type End = { type: GeoType; ref: string; countryCode: string; stateCode: string | null; cityId: number | null };

/** One end of the form's route, checked against the reference tables. */
async function resolveEnd(db: DB, type: GeoType | undefined, id: string | undefined, missing: string): Promise<End> {
  if (!type || !id) throw new AppError("VALIDATION", missing);
  const unknown = () => new AppError("VALIDATION", managerMessages.unknownPlace);
  switch (type) {
    case "COUNTRY": {
      const c = await findCountry(db, id.toUpperCase());
      if (!c) throw unknown();
      return { type, ref: c.code, countryCode: c.code, stateCode: null, cityId: null };
    }
    case "STATE": {
      if (!/^\d{1,9}$/.test(id)) throw unknown();
      const s = await findState(db, Number(id));
      if (!s) throw unknown();
      return { type, ref: String(s.id), countryCode: s.country_code, stateCode: s.code, cityId: null };
    }
    case "CITY": {
      if (!/^\d{1,9}$/.test(id)) throw unknown();
      const c = await findCity(db, Number(id));
      if (!c) throw unknown();
      return { type, ref: String(c.id), countryCode: c.country_code, stateCode: c.state_code, cityId: c.id };
    }
  }
}

/** POST saveGeoRestrictionChanges/{userId}: adds one route; a route the manager has is refused (unique index). */
export async function saveGeoRestriction(db: DB, user: Caller & Admin, userId: number, route: TGeoRoute): Promise<"OK"> {
  requireAdmin(user);
  const origin = await resolveEnd(db, route.originGeoType, route.originGeoId, managerMessages.originRequired);
  const destination = await resolveEnd(db, route.destinationGeoType, route.destinationGeoId, managerMessages.destinationRequired);
  return db.transaction().execute(async (trx) => {
    const manager = await managerRow(trx, userId);
    const now = new Date().toISOString();
    const id = await insertGeoRuleOnce(trx, {
      group_id: manager.group_id!,
      manager_user_id: userId,
      origin_type: origin.type,
      origin_ref: origin.ref,
      origin_country_code: origin.countryCode,
      origin_state_code: origin.type === "STATE" ? origin.stateCode : null,
      origin_city_id: origin.cityId,
      destination_type: destination.type,
      destination_ref: destination.ref,
      destination_country_code: destination.countryCode,
      destination_state_code: destination.type === "STATE" ? destination.stateCode : null,
      destination_city_id: destination.cityId,
      created_at: now,
    });
    if (id === null) throw new AppError("CONFLICT", managerMessages.duplicateRoute);
    await insertAudit(trx, {
      at: now,
      actorUserId: user.id,
      groupId: manager.group_id,
      entity: "manager",
      entityId: userId,
      action: "manager-geo-add",
      newValues: { id, origin: `${origin.type}:${origin.ref}`, destination: `${destination.type}:${destination.ref}` },
      ip: user.ip,
    });
    return "OK" as const;
  });
}

/** POST deleteGeoRestriction/ (restrictionId). */
export async function deleteGeoRestriction(db: DB, user: Caller & Admin, restrictionId: number): Promise<"OK"> {
  requireAdmin(user);
  return db.transaction().execute(async (trx) => {
    const rule = await findGeoRule(trx, restrictionId);
    if (!rule || !(await deleteGeoRule(trx, restrictionId))) throw new AppError("NOT_FOUND", managerMessages.ruleNotFound);
    await insertAudit(trx, {
      at: new Date().toISOString(),
      actorUserId: user.id,
      groupId: rule.group_id,
      entity: "manager",
      entityId: rule.manager_user_id,
      action: "manager-geo-delete",
      oldValues: { id: rule.id, origin: `${rule.origin_type}:${rule.origin_ref}`, destination: `${rule.destination_type}:${rule.destination_ref}` },
      ip: user.ip,
    });
    return "OK" as const;
  });
}

/** GET loadGeoRestrictionsForDisplay/{userId}: the manager's routes with place names. */
export async function geoRestrictionsForDisplay(db: DB, user: Caller, userId: number): Promise<TGeoRuleView[]> {
  requireAdmin(user);
  await managerRow(db, userId);
  const rules = await findManagerGeoRules(db, userId);
  const codes = [...new Set(rules.flatMap((r) => [r.origin_country_code, r.destination_country_code]))];
  const cityIds = [...new Set(rules.flatMap((r) => [r.origin_city_id, r.destination_city_id]).filter((v): v is number => v !== null))];
  const names = await findPlaceNames(db, codes, cityIds);
  const countryName = (code: string) => names.countries.find((c) => c.code === code)?.name ?? code;
  const name = (type: string, ref: string, country: string, state: string | null, city: number | null) => {
    if (type === "COUNTRY") return countryName(country);
    if (type === "STATE") return `${names.states.find((s) => s.country_code === country && s.code === state)?.name ?? state}, ${countryName(country)}`;
    return `${names.cities.find((c) => c.id === city)?.name ?? ref}, ${countryName(country)}`;
  };
  return rules.map((r) => ({
    id: r.id,
    originGeoType: r.origin_type as GeoType,
    originGeoId: r.origin_ref,
    originName: name(r.origin_type, r.origin_ref, r.origin_country_code, r.origin_state_code, r.origin_city_id),
    destinationGeoType: r.destination_type as GeoType,
    destinationGeoId: r.destination_ref,
    destinationName: name(r.destination_type, r.destination_ref, r.destination_country_code, r.destination_state_code, r.destination_city_id),
  }));
}

/** GET getGeoRestrictionData/{userId}/FROM|TO: one level of the country → state → city tree. */
export async function geoRestrictionTree(db: DB, user: Caller, input: TGeoTreeRequest): Promise<TGeoTreeNode[]> {
  requireAdmin(user);
  await managerRow(db, input.userId);
  if (!input.parent) {
    return (await findTreeCountries(db)).map((c) => ({ id: c.code, type: "COUNTRY" as const, text: c.name, hasChildren: true }));
  }
  const [kind, key] = input.parent.split(":") as ["COUNTRY" | "STATE", string];
  if (kind === "COUNTRY") {
    const [states, cities] = await Promise.all([findTreeStates(db, key), findTreeCities(db, key, null, MAX_TREE_CITIES)]);
    return [
      ...states.map((s) => ({ id: String(s.id), type: "STATE" as const, text: s.name, hasChildren: true })),
      ...cities.map((c) => ({ id: String(c.id), type: "CITY" as const, text: c.name, hasChildren: false })),
    ];
  }
  const state = await findState(db, Number(key));
  if (!state) throw new AppError("NOT_FOUND", managerMessages.unknownPlace);
  return (await findTreeCities(db, state.country_code, state.code, MAX_TREE_CITIES)).map((c) => ({ id: String(c.id), type: "CITY" as const, text: c.name, hasChildren: false }));
}
