/**
 * The reporting room: the third-party dashboards viewer (issue 26; part 2 §2, §3 "Dashboard: id,
 * description, url", §7 initial-dashboard, dashboards, dashboards/{id}). Viewing: HR of the group, its
 * managers with the dashboard restriction ON, administrators; managing a group's dashboards and its
 * allow-list of dashboard sites: administrators. Procedures over src/services/reporting/dashboards.ts; the
 * documented paths are in ./legacy/dashboards.ts.
 */
import {
  ZDashboardAdminResponse,
  ZDashboardDetailResponse,
  ZDashboardListResponse,
  ZDashboardRequest,
  ZDashboardsRequest,
  ZInitialDashboardResponse,
  ZOriginRequest,
  ZSaveDashboardRequest,
} from "../../domain/reporting/dashboards.ts";
import {
  addDashboardOrigin,
  dashboardAdmin,
  dashboardDetail,
  initialDashboard,
  listDashboards,
  removeDashboard,
  removeDashboardOrigin,
  saveDashboard,
} from "../../services/reporting/dashboards.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const viewer = () => groupProcedure("HR", "MANAGER", "ADMIN");
const admin = () => groupProcedure("ADMIN");

export const dashboardsRouter = router({
  /** The group's dashboards and which one opens first. Reads only. */
  list: viewer()
    .input(sync(ZDashboardsRequest))
    .output(sync(ZDashboardListResponse))
    .query(({ ctx }) => listDashboards(ctx.db, ctx.user, ctx.group)),

  /** GET initial-dashboard: the initial dashboard's url. Reads only. */
  initial: viewer()
    .input(sync(ZDashboardsRequest))
    .output(sync(ZInitialDashboardResponse))
    .query(({ ctx }) => initialDashboard(ctx.db, ctx.user, ctx.group)),

  /** GET dashboards/{id}: one dashboard's url and description. Reads only. */
  get: viewer()
    .input(sync(ZDashboardRequest))
    .output(sync(ZDashboardDetailResponse))
    .query(({ ctx, input }) => dashboardDetail(ctx.db, ctx.user, ctx.group, input.dashboardId)),

  /** The admin section: the dashboards and the allowed sites. Reads only. */
  admin: admin()
    .input(sync(ZDashboardsRequest))
    .output(sync(ZDashboardAdminResponse))
    .query(({ ctx }) => dashboardAdmin(ctx.db, ctx.user, ctx.group)),

  /** Adds or changes a dashboard (https, an allowed site). */
  save: admin()
    .input(sync(ZSaveDashboardRequest))
    .output(sync(ZDashboardAdminResponse))
    .mutation(({ ctx, input }) => saveDashboard(ctx.db, ctx.config, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, ctx.group, input)),

  /** Removes a dashboard. */
  remove: admin()
    .input(sync(ZDashboardRequest))
    .output(sync(ZDashboardAdminResponse))
    .mutation(({ ctx, input }) => removeDashboard(ctx.db, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, ctx.group, input.dashboardId)),

  /** Adds a site to the group's allow-list (https origin, public host). */
  addOrigin: admin()
    .input(sync(ZOriginRequest))
    .output(sync(ZDashboardAdminResponse))
    .mutation(({ ctx, input }) => addDashboardOrigin(ctx.db, ctx.config, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, ctx.group, input.origin)),

  /** Removes a site from the allow-list (not while a dashboard uses it). */
  removeOrigin: admin()
    .input(sync(ZOriginRequest))
    .output(sync(ZDashboardAdminResponse))
    .mutation(({ ctx, input }) => removeDashboardOrigin(ctx.db, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, ctx.group, input.origin)),
});
