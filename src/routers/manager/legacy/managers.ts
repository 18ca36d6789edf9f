/**
 * The managers admin's documented paths (issue 15; part 1 §7 "Admin: GET /admin/managers/…"). ADMIN only
 * (checked in src/services/manager/managers.ts). Each handler parses with the `managers.*` procedure's schema and calls
 * the same service. Saves and deletes answer the text 'OK' (JSON string), activateManager answers `true`;
 * failures answer `{ success: false, error }` with the error's status (the geo save's fallback is "There has
 * been an error saving the restriction.").
 */
import type { Hono } from "hono";
import {
  managerMessages,
  ZDeleteGeoRequest,
  ZGeoTreeRequest,
  ZGroupNameParam,
  ZManagerListRequest,
  ZSaveGeoRequest,
  ZUpdateCreationRequest,
  ZUpdateDashboardRequest,
  ZUpdateExternalSpendRequest,
  ZUpdateNameRequest,
  ZUpdateReportingRequest,
  ZUpdateViewRequest,
  ZUserIdRequest,
} from "../../../domain/manager/managers/schemas.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { publicBaseUrl } from "../../../services/mail.ts";
import {
  activateManager,
  deleteGeoRestriction,
  geoRestrictionsForDisplay,
  geoRestrictionTree,
  listManagers,
  saveGeoRestriction,
  updateCreationRestriction,
  updateDashboardRestriction,
  updateExternalSpend,
  updateManagerName,
  updateReportingRestriction,
  updateViewRestriction,
  usersForGroup,
} from "../../../services/manager/managers.ts";
import { mailerFor } from "../../../trpc.ts";

const BASE = "/admin/managers";
/** Every managers-admin path is ADMIN only, checked before the request is read (issue 23 item 13). */
const ADMIN_ONLY = ["ADMIN"] as const;

export function mountLegacyManagers(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const failure = (fallback: string) => (error: unknown) => ({ success: false, error: failureText(error, fallback) });
  const admin = (c: Parameters<typeof legacyUser>[0]) => {
    const user = legacyUser(c);
    return { ...user, ip: clientIp(c) };
  };


  legacyRoute(app, "GET", `${BASE}/loadGeoRestrictionsForDisplay/:userId`, async (c) => {
    const input = parseFields(ZUserIdRequest, { userId: c.req.param("userId") });
    return geoRestrictionsForDisplay(db, legacyUser(c), input.userId);
  }, failure(managerMessages.loadFailed), ADMIN_ONLY);

  legacyRoute(app, "GET", `${BASE}/getUsersForGroup/:group`, async (c) => {
    const input = parseFields(ZGroupNameParam, { group: c.req.param("group") });
    return usersForGroup(db, legacyUser(c), input.group);
  }, failure(managerMessages.loadFailed), ADMIN_ONLY);

  for (const direction of ["FROM", "TO"] as const) {
    legacyRoute(app, "GET", `${BASE}/getGeoRestrictionData/:userId/${direction}`, async (c) => {
      const input = parseFields(ZGeoTreeRequest, { userId: c.req.param("userId"), direction, parent: c.req.query("parent") || undefined });
      return geoRestrictionTree(db, legacyUser(c), input);
    }, failure(managerMessages.loadFailed), ADMIN_ONLY);
  }

  legacyRoute(app, "POST", `${BASE}/saveGeoRestrictionChanges/:userId`, async (c) => {
    const fields = await readFields(c);
    const input = parseFields(ZSaveGeoRequest, { ...fields, userId: c.req.param("userId") });
    return saveGeoRestriction(db, admin(c), input.userId, input.geoString);
  }, failure(managerMessages.saveFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/deleteGeoRestriction`, async (c) => {
    const input = parseFields(ZDeleteGeoRequest, await readFields(c));
    return deleteGeoRestriction(db, admin(c), input.restrictionId);
  }, failure(managerMessages.deleteFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateViewRestrictions`, async (c) => {
    const input = parseFields(ZUpdateViewRequest, await readFields(c));
    return updateViewRestriction(db, admin(c), input.userId, input.viewRestriction);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateCreationRestrictions`, async (c) => {
    const input = parseFields(ZUpdateCreationRequest, await readFields(c));
    return updateCreationRestriction(db, admin(c), input.userId, input.readOnlyRestriction);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateReportingRestrictions`, async (c) => {
    const input = parseFields(ZUpdateReportingRequest, await readFields(c));
    return updateReportingRestriction(db, admin(c), input.userId, input.reportingRestriction);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateDashboardRestrictions`, async (c) => {
    const input = parseFields(ZUpdateDashboardRequest, await readFields(c));
    return updateDashboardRestriction(db, admin(c), input.userId, input.dashboardRestriction);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateManagersName`, async (c) => {
    const input = parseFields(ZUpdateNameRequest, await readFields(c));
    return updateManagerName(db, admin(c), input);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/updateExternalSpendForUser`, async (c) => {
    const input = parseFields(ZUpdateExternalSpendRequest, await readFields(c));
    return updateExternalSpend(db, admin(c), input.userId, input.turnExternalSpend);
  }, failure(managerMessages.updateFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", `${BASE}/activateManager`, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZUserIdRequest, await readFields(c));
    const mail = { db, config, mailer: mailerFor(config), baseUrl: publicBaseUrl(config) };
    return activateManager(mail, { id: user.id, role: user.role, firstName: user.firstName, lastName: user.lastName, ip: clientIp(c) }, input.userId);
  }, failure(managerMessages.activationFailed), ADMIN_ONLY);
}
