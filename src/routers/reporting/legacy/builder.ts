/**
 * Documented reporting paths: the custom report builder (issue 26; part 2 §7 "POST save-report; POST reporting-clone;
 * POST /reporting/delete-report or /{group}/report/delete-report; GET getChartPermissionData, getStandardFields; POST
 * savePermissions, saveFieldsOverrides"). Same services as src/routers/reporting/builder.ts, through legacyRoute.
 * HR act in their own group (a groupName naming another is refused); admins name the group (required, part 2 §5).
 * /reporting/delete-report is for admins (any custom report), /{group}/report/delete-report for HR (their own).
 * Answers: `{success: true, …}`; failures `{success: false, errorMessage}` with the §8 generic texts as fallbacks.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { builderMessages } from "../../../domain/reporting/builder-messages.ts";
import {
  ZCloneReportRequest,
  ZDeleteReportRequest,
  ZSaveFieldsOverridesRequest,
  ZSavePermissionsRequest,
  ZSaveReportRequest,
} from "../../../domain/reporting/builder-schemas.ts";
import { clientIp, errorMessageFailure, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import { standardFields } from "../../../services/reporting/builder-fields.ts";
import {
  builderGroup,
  cloneReport,
  deleteReport,
  permissionData,
  saveFieldOverrides,
  savePermissions,
  saveReport,
  type BuilderActor,
} from "../../../services/reporting/builder.ts";

const WRITERS = ["HR", "ADMIN"] as const;
const ZGroupQuery = z.object({ group: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().min(1).max(64).optional()) });

export function mountLegacyReportingBuilder(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const actorOf = (user: SessionUser | null, ip: string | null): BuilderActor => ({ id: user!.id, role: user!.role, groupId: user!.groupId, groupName: user!.groupName, ip });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/save-report",
    roles: WRITERS,
    input: ZSaveReportRequest,
    failure: errorMessageFailure(builderMessages.saveFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return saveReport(db, actor, await builderGroup(db, actor, input.groupName), input);
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/reporting-clone",
    roles: WRITERS,
    input: ZCloneReportRequest,
    failure: errorMessageFailure(builderMessages.cloneFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return cloneReport(db, actor, await builderGroup(db, actor, input.groupName), input);
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/delete-report",
    roles: ["ADMIN"],
    input: ZDeleteReportRequest,
    failure: errorMessageFailure(builderMessages.deleteFailed),
    run: async (c, { input, user }) => deleteReport(db, actorOf(user, clientIp(c)), input.reportId, null),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/:group/report/delete-report",
    roles: ["HR"],
    input: ZDeleteReportRequest,
    failure: errorMessageFailure(builderMessages.deleteFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return deleteReport(db, actor, input.reportId, await builderGroup(db, actor, c.req.param("group")));
    },
  });

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/getChartPermissionData",
    roles: WRITERS,
    input: ZGroupQuery,
    failure: errorMessageFailure(builderMessages.loadFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return permissionData(db, actor, await builderGroup(db, actor, input.group));
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/savePermissions",
    roles: WRITERS,
    input: ZSavePermissionsRequest,
    failure: errorMessageFailure(builderMessages.permissionsFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return savePermissions(db, actor, await builderGroup(db, actor, input.groupName), input);
    },
  });

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/getStandardFields",
    roles: WRITERS,
    input: ZGroupQuery,
    failure: errorMessageFailure(builderMessages.loadFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return standardFields(db, (await builderGroup(db, actor, input.group)).id);
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/saveFieldsOverrides",
    roles: WRITERS,
    input: ZSaveFieldsOverridesRequest,
    failure: errorMessageFailure(builderMessages.overridesFailed),
    run: async (c, { input, user }) => {
      const actor = actorOf(user, clientIp(c));
      return saveFieldOverrides(db, actor, await builderGroup(db, actor, input.groupName), input);
    },
  });
}
