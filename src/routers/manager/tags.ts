import {
  ZAllocationResponse,
  ZAssociationListResponse,
  ZAssociationResponse,
  ZDropAssociationRequest,
  ZGroupNameRequest,
  ZSaveAssociationRequest,
  ZSyncPolicyRequest,
  ZSyncUserRequest,
  ZTagListResponse,
  ZTagTargetsResponse,
  ZUserIdRequest,
} from "../../domain/manager/tags/schemas.ts";
import {
  dropAssociation,
  loadAllTags,
  loadAssociatedTags,
  loadUserTags,
  saveAssociation,
  syncPolicyAllocation,
  syncUserAllocation,
  tagTargets,
} from "../../services/manager/tags/tags.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const admin = roleProcedure("ADMIN");

/**
 * Tags admin (issue 15; part 2 §2, §3, §5, §7; part 1 §7). ADMIN only. Each procedure calls the same
 * service as its documented path under /admin/tags/ (src/routers/manager/legacy/tags.ts).
 */
export const tagsRouter = router({
  /** GET /admin/tags/loadAllTags. */
  all: admin.output(sync(ZTagListResponse)).query(({ ctx }) => loadAllTags(ctx.db, ctx.user)),

  /** GET /admin/tags/loadAllAssociatedTagsByGroupName?groupName. */
  associatedByGroup: admin
    .input(sync(ZGroupNameRequest))
    .output(sync(ZAssociationListResponse))
    .query(({ ctx, input }) => loadAssociatedTags(ctx.db, ctx.user, input.groupName)),

  /** GET /admin/tags/loadAllAllocatedTagsByUserId?userId. */
  allocatedByUser: admin
    .input(sync(ZUserIdRequest))
    .output(sync(ZAllocationResponse))
    .query(({ ctx, input }) => loadUserTags(ctx.db, ctx.user, input.userId)),

  /** The manage page: associations, policies and managers of a group with their tags (no documented path). */
  targets: admin
    .input(sync(ZGroupNameRequest))
    .output(sync(ZTagTargetsResponse))
    .query(({ ctx, input }) => tagTargets(ctx.db, ctx.user, input.groupName)),

  /** POST /admin/tags/saveGroupTagAssociation {tagId, groupId, status}. */
  saveAssociation: admin
    .input(sync(ZSaveAssociationRequest))
    .output(sync(ZAssociationResponse))
    .mutation(({ ctx, input }) => saveAssociation(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /admin/tags/dropGroupTagAssociation {tagId, groupId}. */
  dropAssociation: admin
    .input(sync(ZDropAssociationRequest))
    .output(sync(ZAssociationResponse))
    .mutation(({ ctx, input }) => dropAssociation(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /admin/tags/syncGroupTagUserAllocation {userId, tagIds}. */
  syncUserAllocation: admin
    .input(sync(ZSyncUserRequest))
    .output(sync(ZAllocationResponse))
    .mutation(({ ctx, input }) => syncUserAllocation(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST /admin/tags/syncGroupTagPolicyAllocation {policyId, tagIds}. */
  syncPolicyAllocation: admin
    .input(sync(ZSyncPolicyRequest))
    .output(sync(ZAllocationResponse))
    .mutation(({ ctx, input }) => syncPolicyAllocation(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
});
