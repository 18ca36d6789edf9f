/**
 * The tags admin's documented paths (issue 15; part 2 §7 "Tags: GET /admin/tags/loadAllTags,
 * loadAllAssociatedTagsByGroupName, syncGroupTagPolicyAllocation; GET saveGroupTagAssociation (tagId, groupId,
 * status); GET dropGroupTagAssociation (tagId, groupId)"; part 1 §7 "GET loadAllAssociatedTagsByGroupName,
 * loadAllAllocatedTagsByUserId; POST syncGroupTagUserAllocation, syncGroupTagPolicyAllocation"; base
 * /admin/tags/ from DESIGN.md). The calls that change state are served as POST at their documented paths;
 * a GET there answers 405 with `Allow: POST` (decision 008: GETs never change state). Answers
 * `{success: true, …}`; failures `{success: false, errorMessage}` with the error's status (§5 texts for bad
 * input). Each handler parses with zod and calls the service of the `tags.*` procedures.
 */
import type { Hono } from "hono";
import { tagMessages as M, ZDropAssociationRequest, ZGroupNameRequest, ZSaveAssociationRequest, ZSyncPolicyRequest, ZSyncUserRequest, ZUserIdRequest } from "../../../domain/manager/tags/schemas.ts";
import { clientIp, failureText, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { dropAssociation, loadAllTags, loadAssociatedTags, loadUserTags, saveAssociation, syncPolicyAllocation, syncUserAllocation } from "../../../services/manager/tags/tags.ts";

/** The tags admin is ADMIN only, checked before the request is read (issue 23 item 13). */
const ADMIN_ONLY = ["ADMIN"] as const;
const failure = (fallback: string) => (error: unknown) => ({ success: false, errorMessage: failureText(error, fallback) });

/** The documented state-changing GETs: served as POST; GET (and HEAD) answer 405 Allow: POST. */
export const TAG_POST_ONLY_PATHS = ["/admin/tags/saveGroupTagAssociation", "/admin/tags/dropGroupTagAssociation", "/admin/tags/syncGroupTagPolicyAllocation"] as const;

export function mountLegacyTags(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, {
    method: "GET",
    path: "/admin/tags/loadAllTags",
    roles: ADMIN_ONLY,
    run: async (_c, { user }) => loadAllTags(db, user!),
    failure: failure(M.fetchFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/admin/tags/loadAllAssociatedTagsByGroupName",
    roles: ADMIN_ONLY,
    input: ZGroupNameRequest,
    run: async (_c, { input, user }) => loadAssociatedTags(db, user!, input.groupName),
    failure: failure(M.loadFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/admin/tags/loadAllAllocatedTagsByUserId",
    roles: ADMIN_ONLY,
    input: ZUserIdRequest,
    run: async (_c, { input, user }) => loadUserTags(db, user!, input.userId),
    failure: failure(M.fetchFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/admin/tags/saveGroupTagAssociation",
    roles: ADMIN_ONLY,
    input: ZSaveAssociationRequest,
    run: async (c, { input, user }) => saveAssociation(db, { user: user!, ip: clientIp(c) }, input),
    failure: failure(M.storeFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/admin/tags/dropGroupTagAssociation",
    roles: ADMIN_ONLY,
    input: ZDropAssociationRequest,
    run: async (c, { input, user }) => dropAssociation(db, { user: user!, ip: clientIp(c) }, input),
    failure: failure(M.dropFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/admin/tags/syncGroupTagUserAllocation",
    roles: ADMIN_ONLY,
    input: ZSyncUserRequest,
    run: async (c, { input, user }) => syncUserAllocation(db, { user: user!, ip: clientIp(c) }, input),
    failure: failure(M.storeFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/admin/tags/syncGroupTagPolicyAllocation",
    roles: ADMIN_ONLY,
    input: ZSyncPolicyRequest,
    run: async (c, { input, user }) => syncPolicyAllocation(db, { user: user!, ip: clientIp(c) }, input),
    failure: failure(M.storeFailed),
  });

  // Answered before any session or role check, as a wrong method is.
  for (const path of TAG_POST_ONLY_PATHS) {
    for (const method of ["GET", "HEAD"] as const) {
      legacyRoute(app, {
        method,
        path,
        run: async (c) => c.json({ success: false, errorMessage: M.postOnly }, 405, { Allow: "POST" }),
        failure: failure(M.postOnly),
      });
    }
  }
}
