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
  ZUserIdRequest,
} from "../../../domain/manager/tags/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const POST_ONLY = " The spec documents it as GET; it changes data, so it is served as POST and a GET answers 405 with Allow: POST (decision 008).";

/** OpenAPI descriptions of the legacy paths in ./tags.ts (served in /api/openapi.json). ADMIN only. */
export const tagOperations: Operation[] = [
  { method: "get", path: "/admin/tags/loadAllTags", summary: "The tag catalogue: {success, tags: [{tagId, tagName}]} (ADMIN)", spec: "part 2 §7, §3", response: ZTagListResponse, auth: "session" },
  { method: "get", path: "/admin/tags/loadAllAssociatedTagsByGroupName", summary: "The tags associated with the group (groupName, the URL name): {success, tags: [{tagId, tagName, groupId, status}]} (ADMIN)", spec: "part 2 §7; part 1 §7", request: ZGroupNameRequest, requestType: "query", response: ZAssociationListResponse, auth: "session" },
  { method: "get", path: "/admin/tags/loadAllAllocatedTagsByUserId", summary: "The tags allocated to a user (a manager): {success, tags: [{tagId, tagName}]} (ADMIN)", spec: "part 1 §7", request: ZUserIdRequest, requestType: "query", response: ZAllocationResponse, auth: "session" },
  { method: "post", path: "/admin/tags/saveGroupTagAssociation", summary: "Associates a catalogue tag with a group, or changes its status (ACTIVE | INACTIVE); \"tag can't be empty\", \"group can't be empty\", \"status can't be empty\" (ADMIN)." + POST_ONLY, spec: "part 2 §7, §5", request: ZSaveAssociationRequest, requestType: "form", response: ZAssociationResponse, auth: "session" },
  { method: "post", path: "/admin/tags/dropGroupTagAssociation", summary: "Removes a tag's association with a group, and with it the tag's allocations to the group's policies and managers (ADMIN)." + POST_ONLY, spec: "part 2 §7, §5", request: ZDropAssociationRequest, requestType: "form", response: ZAssociationResponse, auth: "session" },
  { method: "post", path: "/admin/tags/syncGroupTagUserAllocation", summary: "A manager's tags become exactly tagIds (array or comma-separated; tags associated with the manager's group, ACTIVE unless already held) (ADMIN)", spec: "part 1 §7", request: ZSyncUserRequest, requestType: "form", response: ZAllocationResponse, auth: "session" },
  { method: "post", path: "/admin/tags/syncGroupTagPolicyAllocation", summary: "A policy's tags become exactly tagIds (as for users) (ADMIN)." + POST_ONLY, spec: "part 1 §7; part 2 §7", request: ZSyncPolicyRequest, requestType: "form", response: ZAllocationResponse, auth: "session" },
];
