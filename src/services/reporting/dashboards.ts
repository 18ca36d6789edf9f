/**
 * The third-party dashboards viewer (issue 26; rules and shapes in src/domain/reporting/dashboards.ts,
 * queries in src/db/queries/reporting/dashboards.ts). Both transports call these.
 * - Viewing (the `dashboards` list, initial and one by id; GET /reporting/dashboards, initial-dashboard,
 *   dashboards/{id}): HR of the group, its managers when their dashboard restriction is ON
 *   (src/db/queries/restrictions.ts managerReadSettingsOf), administrators. Reads only.
 * - Managing (administrators): a group's dashboards and its allow-list of dashboard sites. A dashboard's
 *   url must be https and on an allow-listed site; a site must be an https origin whose host is public
 *   (outside tests, ALLOW_PRIVATE_FETCH=1, the name is resolved and every address must be public:
 *   src/services/safe-fetch.ts assertFetchableUrl). Each write locks the group's row first, so a
 *   group's writes queue (one initial dashboard, a site not removed under a dashboard being saved), and
 *   writes its audit row.
 * - `dashboardFrameOrigins`: the origins the dashboards page's Content-Security-Policy may frame.
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { lockRow } from "../../db/locks.ts";
import {
  clearInitialDashboard,
  deleteDashboard,
  deleteDashboardOrigin,
  findDashboard,
  findDashboardByUrl,
  findDashboardOrigins,
  findDashboards,
  insertDashboard,
  insertDashboardOrigin,
  updateDashboard,
  type DashboardRow,
} from "../../db/queries/reporting/dashboards.ts";
import { managerReadSettingsOf } from "../../db/queries/restrictions.ts";
import type { GroupRef } from "../../db/schema.ts";
import {
  dashboardMessages as M,
  dashboardUrlProblem,
  normaliseOrigin,
  originOfUrl,
  type TDashboard,
  type TDashboardAdminResponse,
  type TDashboardListResponse,
  type TSaveDashboardRequest,
} from "../../domain/reporting/dashboards.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import type { Role } from "../../domain/roles.ts";
import { assertFetchableUrl, fetchPolicyOf, UnsafeUrlError } from "../safe-fetch.ts";

export type DashboardViewer = { id: number; role: Role };
export type DashboardActor = { id: number; role: Role; ip?: string | null };
type FetchConfig = Pick<Config, "allowPrivateFetch">;
/** The name resolver of the public-address check (tests give one). */
export type Resolve = (hostname: string) => Promise<string[]>;

function toDashboard(r: DashboardRow): TDashboard {
  return { id: r.id, title: r.title, url: r.url, description: r.description, isInitial: r.is_initial === 1, sortOrder: r.sort_order };
}

/** HR and admins see the group's dashboards; a manager only with the dashboard restriction ON. */
async function requireViewer(db: DB, user: DashboardViewer): Promise<void> {
  if (user.role === "HR" || user.role === "ADMIN") return;
  if (user.role === "MANAGER") {
    const settings = await managerReadSettingsOf(db, user.id);
    if (settings.dashboard === "ON") return;
    throw new AppError("FORBIDDEN", M.managerOff);
  }
  throw new AppError("FORBIDDEN", messages.forbidden);
}

function requireAdmin(user: { role: Role }): void {
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
}

/** The list (the page and GET dashboards). Reads only. */
export async function listDashboards(db: DB, user: DashboardViewer, group: GroupRef): Promise<TDashboardListResponse> {
  await requireViewer(db, user);
  const dashboards = (await findDashboards(db, group.id)).map(toDashboard);
  return { dashboards, initialId: dashboards.find((d) => d.isInitial)?.id ?? null };
}

/** GET initial-dashboard: the initial dashboard's url (null when there is none). Reads only. */
export async function initialDashboard(db: DB, user: DashboardViewer, group: GroupRef): Promise<{ url: string | null; id: number | null }> {
  const { dashboards, initialId } = await listDashboards(db, user, group);
  const initial = dashboards.find((d) => d.id === initialId);
  return { url: initial?.url ?? null, id: initial?.id ?? null };
}

/** GET dashboards/{id}: url and description (NOT_FOUND for another group's). Reads only. */
export async function dashboardDetail(db: DB, user: DashboardViewer, group: GroupRef, id: number) {
  await requireViewer(db, user);
  const row = await findDashboard(db, group.id, id);
  if (!row) throw new AppError("NOT_FOUND", M.notFound);
  return { id: row.id, title: row.title, url: row.url, description: row.description };
}

/** The admin section: dashboards and the allow-list. Reads only. */
export async function dashboardAdmin(db: DB, user: { role: Role }, group: GroupRef): Promise<TDashboardAdminResponse> {
  requireAdmin(user);
  return { dashboards: (await findDashboards(db, group.id)).map(toDashboard), origins: await findDashboardOrigins(db, group.id) };
}

/** Refuses a site (or url) whose host is not public, outside tests. */
async function requirePublic(config: FetchConfig, url: string, field: string, resolve?: Resolve): Promise<void> {
  try {
    await assertFetchableUrl(url, fetchPolicyOf(config), resolve);
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    throw new AppError("VALIDATION", M.notPublic, { [field]: M.notPublic });
  }
}

/** Adds a site to the group's allow-list (audited; a site already there: CONFLICT). */
export async function addDashboardOrigin(db: DB, config: FetchConfig, actor: DashboardActor, group: GroupRef, text: string, now = new Date(), resolve?: Resolve): Promise<TDashboardAdminResponse> {
  requireAdmin(actor);
  const parsed = normaliseOrigin(text, config.allowPrivateFetch);
  if ("error" in parsed) throw new AppError("VALIDATION", parsed.error, { origin: parsed.error });
  await requirePublic(config, parsed.origin, "origin", resolve);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "groups", group.id);
    if (!(await insertDashboardOrigin(trx, group.id, parsed.origin, actor.id, at))) throw new AppError("CONFLICT", M.originExists);
    await insertAudit(trx, { actorUserId: actor.id, groupId: group.id, entity: "dashboard_origin", entityId: null, action: "dashboard-origin-added", newValues: { origin: parsed.origin }, ip: actor.ip ?? null, at });
  });
  return dashboardAdmin(db, actor, group);
}

/** Removes a site from the allow-list (refused while a dashboard of the group uses it; audited). */
export async function removeDashboardOrigin(db: DB, actor: DashboardActor, group: GroupRef, text: string, now = new Date()): Promise<TDashboardAdminResponse> {
  requireAdmin(actor);
  const parsed = normaliseOrigin(text, true);
  if ("error" in parsed) throw new AppError("VALIDATION", parsed.error, { origin: parsed.error });
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "groups", group.id);
    const used = (await findDashboards(trx, group.id)).some((d) => originOfUrl(d.url) === parsed.origin);
    if (used) throw new AppError("CONFLICT", M.originInUse);
    if (!(await deleteDashboardOrigin(trx, group.id, parsed.origin))) throw new AppError("NOT_FOUND", M.originNotFound);
    await insertAudit(trx, { actorUserId: actor.id, groupId: group.id, entity: "dashboard_origin", entityId: null, action: "dashboard-origin-removed", oldValues: { origin: parsed.origin }, ip: actor.ip ?? null, at });
  });
  return dashboardAdmin(db, actor, group);
}

/**
 * Adds or changes a dashboard (audited): https, on an allow-listed site, a public host outside tests; one
 * url once per group; made initial, the group's previous initial dashboard stops being it.
 */
export async function saveDashboard(db: DB, config: FetchConfig, actor: DashboardActor, group: GroupRef, input: TSaveDashboardRequest, now = new Date(), resolve?: Resolve): Promise<TDashboardAdminResponse> {
  requireAdmin(actor);
  const url = normalisedUrl(input.url);
  const at = now.toISOString();
  const origins = await findDashboardOrigins(db, group.id);
  const problem = dashboardUrlProblem(url, origins);
  if (problem) throw new AppError("VALIDATION", problem, { url: problem });
  await requirePublic(config, url, "url", resolve);
  const values = { title: input.title, url, description: input.description, isInitial: input.isInitial, sortOrder: input.sortOrder };
  try {
    await db.transaction().execute(async (trx) => {
      await lockRow(trx, "groups", group.id);
      // The site may have left the list since it was read.
      const again = dashboardUrlProblem(url, await findDashboardOrigins(trx, group.id));
      if (again) throw new AppError("VALIDATION", again, { url: again });
      let id = input.dashboardId ?? null;
      const before = id !== null ? await findDashboard(trx, group.id, id) : undefined;
      if (id !== null && !before) throw new AppError("NOT_FOUND", M.notFound);
      const sameUrl = await findDashboardByUrl(trx, group.id, url);
      if (sameUrl && sameUrl.id !== id) throw new AppError("CONFLICT", M.duplicateUrl);
      if (input.isInitial) await clearInitialDashboard(trx, group.id, id, at);
      if (id === null) {
        id = (await insertDashboard(trx, group.id, values, actor.id, at)) ?? null;
        if (id === null) throw new AppError("CONFLICT", M.duplicateUrl);
      } else {
        await updateDashboard(trx, group.id, id, values, at);
      }
      await insertAudit(trx, {
        actorUserId: actor.id,
        groupId: group.id,
        entity: "third_party_dashboard",
        entityId: id,
        action: before ? "dashboard-updated" : "dashboard-added",
        oldValues: before ? toDashboard(before) : null,
        newValues: values,
        ip: actor.ip ?? null,
        at,
      });
    });
  } catch (error) {
    // Two parallel saves that both make a dashboard initial (PostgreSQL): the partial unique index keeps one.
    if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error)?.message))) throw new AppError("CONFLICT", M.initialConflict);
    throw error;
  }
  return dashboardAdmin(db, actor, group);
}

function normalisedUrl(text: string): string {
  try {
    return new URL(text.trim()).href;
  } catch {
    throw new AppError("VALIDATION", M.invalidUrl, { url: M.invalidUrl });
  }
}

/** Removes a dashboard (audited; NOT_FOUND when it is gone or another group's). */
export async function removeDashboard(db: DB, actor: DashboardActor, group: GroupRef, id: number, now = new Date()): Promise<TDashboardAdminResponse> {
  requireAdmin(actor);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, "groups", group.id);
    const before = await findDashboard(trx, group.id, id);
    if (!before || !(await deleteDashboard(trx, group.id, id))) throw new AppError("NOT_FOUND", M.notFound);
    await insertAudit(trx, { actorUserId: actor.id, groupId: group.id, entity: "third_party_dashboard", entityId: id, action: "dashboard-removed", oldValues: toDashboard(before), ip: actor.ip ?? null, at });
  });
  return dashboardAdmin(db, actor, group);
}

/** The group a legacy call names (`?group=`), else the caller's own; admins must name one. */
export async function dashboardGroupFor(db: DB, user: { role: Role; groupId: number | null; groupName: string | null }, name: string | undefined): Promise<GroupRef> {
  const wanted = name ?? user.groupName ?? undefined;
  if (!wanted) throw new AppError("VALIDATION", messages.badRequest, { group: messages.badRequest });
  const group = await findGroupByName(db, wanted);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (user.role !== "ADMIN" && user.groupId !== group.id) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}

/** The origins the group's dashboards page may frame (its Content-Security-Policy frame-src). Reads only. */
export async function dashboardFrameOrigins(db: DB, groupName: string): Promise<string[]> {
  const group = await findGroupByName(db, groupName);
  return group ? findDashboardOrigins(db, group.id) : [];
}
