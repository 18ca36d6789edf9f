/** The managers admin (issue 15): `managers.*`, ADMIN only; the same services as /admin/managers/… (legacy/managers.ts). */
import type { SessionUser } from "../../services/identity/auth.ts";
import {
  ZActivateResponse,
  ZDeleteGeoRequest,
  ZGeoRulesResponse,
  ZGeoTreeRequest,
  ZGeoTreeResponse,
  ZGroupNameParam,
  ZManagerListRequest,
  ZManagerListResponse,
  ZManagerView,
  ZOkResponse,
  ZSaveGeoRequest,
  ZUpdateCreationRequest,
  ZUpdateDashboardRequest,
  ZUpdateExternalSpendRequest,
  ZUpdateNameRequest,
  ZUpdateReportingRequest,
  ZUpdateViewRequest,
  ZUserIdRequest,
  ZUsersForGroupResponse,
} from "../../domain/manager/managers/schemas.ts";
import {
  activateManager,
  deleteGeoRestriction,
  geoRestrictionsForDisplay,
  geoRestrictionTree,
  getManager,
  listManagers,
  saveGeoRestriction,
  updateCreationRestriction,
  updateDashboardRestriction,
  updateExternalSpend,
  updateManagerName,
  updateReportingRestriction,
  updateViewRestriction,
  usersForGroup,
} from "../../services/manager/managers.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";
import { actorOf, mailDeps } from "../identity/users.ts";

const admin = roleProcedure("ADMIN");
const adminOf = (ctx: { user: SessionUser; ip: string | null }) => ({ id: ctx.user.id, role: ctx.user.role, ip: ctx.ip });

export const managersRouter = router({
  /** /admin/managers/list?groupName=&managersFilter= */
  list: admin.input(sync(ZManagerListRequest)).output(sync(ZManagerListResponse)).query(({ ctx, input }) => listManagers(ctx.db, ctx.user, input)),
  /** The manager page. */
  get: admin.input(sync(ZUserIdRequest)).output(sync(ZManagerView)).query(({ ctx, input }) => getManager(ctx.db, ctx.user, input.userId)),
  /** GET /admin/managers/getUsersForGroup/{group} */
  usersForGroup: admin.input(sync(ZGroupNameParam)).output(sync(ZUsersForGroupResponse)).query(({ ctx, input }) => usersForGroup(ctx.db, ctx.user, input.group)),
  /** GET /admin/managers/loadGeoRestrictionsForDisplay/{userId} */
  geoRestrictions: admin.input(sync(ZUserIdRequest)).output(sync(ZGeoRulesResponse)).query(({ ctx, input }) => geoRestrictionsForDisplay(ctx.db, ctx.user, input.userId)),
  /** GET /admin/managers/getGeoRestrictionData/{userId}/FROM|TO */
  geoTree: admin.input(sync(ZGeoTreeRequest)).output(sync(ZGeoTreeResponse)).query(({ ctx, input }) => geoRestrictionTree(ctx.db, ctx.user, input)),
  /** POST /admin/managers/saveGeoRestrictionChanges/{userId} */
  saveGeoRestriction: admin.input(sync(ZSaveGeoRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => saveGeoRestriction(ctx.db, adminOf(ctx), input.userId, input.geoString)),
  /** POST /admin/managers/deleteGeoRestriction/ */
  deleteGeoRestriction: admin.input(sync(ZDeleteGeoRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => deleteGeoRestriction(ctx.db, adminOf(ctx), input.restrictionId)),
  /** POST /admin/managers/updateViewRestrictions */
  updateView: admin.input(sync(ZUpdateViewRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateViewRestriction(ctx.db, adminOf(ctx), input.userId, input.viewRestriction)),
  /** POST /admin/managers/updateCreationRestrictions */
  updateCreation: admin.input(sync(ZUpdateCreationRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateCreationRestriction(ctx.db, adminOf(ctx), input.userId, input.readOnlyRestriction)),
  /** POST /admin/managers/updateReportingRestrictions */
  updateReporting: admin.input(sync(ZUpdateReportingRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateReportingRestriction(ctx.db, adminOf(ctx), input.userId, input.reportingRestriction)),
  /** POST /admin/managers/updateDashboardRestrictions */
  updateDashboard: admin.input(sync(ZUpdateDashboardRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateDashboardRestriction(ctx.db, adminOf(ctx), input.userId, input.dashboardRestriction)),
  /** POST /admin/managers/updateManagersName */
  updateName: admin.input(sync(ZUpdateNameRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateManagerName(ctx.db, adminOf(ctx), input)),
  /** POST /admin/managers/updateExternalSpendForUser */
  updateExternalSpend: admin.input(sync(ZUpdateExternalSpendRequest)).output(sync(ZOkResponse)).mutation(({ ctx, input }) => updateExternalSpend(ctx.db, adminOf(ctx), input.userId, input.turnExternalSpend)),
  /** POST /admin/managers/activateManager: true when the activation mail went out. */
  activate: admin.input(sync(ZUserIdRequest)).output(sync(ZActivateResponse)).mutation(({ ctx, input }) => activateManager(mailDeps(ctx), actorOf(ctx, ctx.user), input.userId)),
});
