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
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { dropAssociation, loadAllTags, loadAssociatedTags, loadUserTags, saveAssociation, syncPolicyAllocation, syncUserAllocation } from "../../../services/manager/tags/tags.ts";

/** The tags admin is ADMIN only, checked before the request is read (issue 23 item 13). */
const ADMIN_ONLY = ["ADMIN"] as const;
const failure = (fallback: string) => (error: unknown) => ({ success: false, errorMessage: failureText(error, fallback) });

/** The documented state-changing GETs: served as POST; GET (and HEAD) answer 405 Allow: POST. */
export const TAG_POST_ONLY_PATHS = ["/admin/tags/saveGroupTagAssociation", "/admin/tags/dropGroupTagAssociation", "/admin/tags/syncGroupTagPolicyAllocation"] as const;

export function mountLegacyTags(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, "GET", "/admin/tags/loadAllTags", async (c) => loadAllTags(db, legacyUser(c)), failure(M.fetchFailed), ADMIN_ONLY);

  legacyRoute(app, "GET", "/admin/tags/loadAllAssociatedTagsByGroupName", async (c) => {
    const user = legacyUser(c);
    return loadAssociatedTags(db, user, parseFields(ZGroupNameRequest, c.req.query()).groupName);
  }, failure(M.loadFailed), ADMIN_ONLY);

  legacyRoute(app, "GET", "/admin/tags/loadAllAllocatedTagsByUserId", async (c) => {
    const user = legacyUser(c);
    return loadUserTags(db, user, parseFields(ZUserIdRequest, c.req.query()).userId);
  }, failure(M.fetchFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", "/admin/tags/saveGroupTagAssociation", async (c) => {
    const user = legacyUser(c);
    return saveAssociation(db, { user, ip: clientIp(c) }, parseFields(ZSaveAssociationRequest, await readFields(c)));
  }, failure(M.storeFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", "/admin/tags/dropGroupTagAssociation", async (c) => {
    const user = legacyUser(c);
    return dropAssociation(db, { user, ip: clientIp(c) }, parseFields(ZDropAssociationRequest, await readFields(c)));
  }, failure(M.dropFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", "/admin/tags/syncGroupTagUserAllocation", async (c) => {
    const user = legacyUser(c);
    return syncUserAllocation(db, { user, ip: clientIp(c) }, parseFields(ZSyncUserRequest, await readFields(c)));
  }, failure(M.storeFailed), ADMIN_ONLY);

  legacyRoute(app, "POST", "/admin/tags/syncGroupTagPolicyAllocation", async (c) => {
    const user = legacyUser(c);
    return syncPolicyAllocation(db, { user, ip: clientIp(c) }, parseFields(ZSyncPolicyRequest, await readFields(c)));
  }, failure(M.storeFailed), ADMIN_ONLY);

  for (const path of TAG_POST_ONLY_PATHS) {
    for (const p of [path, `${path}/`]) {
      app.on(["GET", "HEAD"], p, (c) => c.json({ success: false, errorMessage: M.postOnly }, 405, { Allow: "POST" }));
    }
  }
}
