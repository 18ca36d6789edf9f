/**
 * Tags admin (issue 15; part 2 §2 "Admin tags page: group and tag selection, associate or disassociate";
 * §3 "Tag: tagId, tagName; group-tag association: tagId, groupId, status"; §5 the texts; §7 and part 1 §7
 * the calls; §8 "Failure to load the available tags for this group.", "There are no tags available...").
 * A tag is a row of the platform catalogue (`tags`); its association with a group is the group's tag of
 * the same name (`group_tags`, which policies already use), with a status; allocations give an associated
 * tag to a policy of the group (`policy_tags`) or to a manager of the group (`user_tags`).
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";

export const tagMessages = {
  /** §5. */
  groupRequired: "group can't be empty",
  tagRequired: "tag can't be empty",
  statusRequired: "status can't be empty",
  /** §8. */
  loadFailed: "Failure to load the available tags for this group.",
  noneAvailable: "There are no tags available...",
  /** §8 "failure alerts on fetch, store and drop" (the spec names them, not their texts). */
  fetchFailed: "The tags could not be loaded.",
  storeFailed: "The tag could not be saved.",
  dropFailed: "The tag could not be removed.",
  /** Meridian's own. */
  tagNotFound: "This tag does not exist.",
  groupNotFound: "This group does not exist.",
  notAssociated: "This tag is not associated with the group.",
  inactive: "This tag is inactive for the group and cannot be allocated.",
  userNotManager: "Tags can be allocated only to a manager of the group.",
  userNotFound: "This user does not exist.",
  policyNotFound: "This policy does not exist.",
  /** A state-changing call reached with GET (decision 008). */
  postOnly: "This call changes data: send it as POST.",
} as const;

export const TAG_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export const ZTagStatus = z.enum(TAG_STATUSES);

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);
/** A field whose absence or blank is refused with the spec's "… can't be empty" text. */
const required = <S extends z.ZodType>(schema: S, message: string) =>
  z.preprocess(blankToNull, schema.nullable()).refine((v) => v !== null, message) as unknown as z.ZodType<z.output<S>, unknown>;

export const ZTagIdField = required(ZId, tagMessages.tagRequired);
export const ZGroupIdField = required(ZId, tagMessages.groupRequired);

/** A list of catalogue tag ids: an array, or comma-separated text (legacy forms); empty clears. */
export const ZTagIds = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(",").map((s) => s.trim())) : v),
  z.array(ZId).max(200),
);

export const ZTag = z.object({ tagId: z.number().int(), tagName: z.string() });
export const ZAssociation = z.object({ tagId: z.number().int(), tagName: z.string(), groupId: z.number().int(), status: ZTagStatus });
export type TAssociation = z.infer<typeof ZAssociation>;

export const ZTagListResponse = z.object({ success: z.literal(true), tags: z.array(ZTag) });
export const ZAssociationListResponse = z.object({ success: z.literal(true), tags: z.array(ZAssociation) });

export const ZGroupNameRequest = z.object({ groupName: required(z.string().trim().min(1).max(64), tagMessages.groupRequired) });
export const ZUserIdRequest = z.object({ userId: ZId });
export const ZSaveAssociationRequest = z.object({
  tagId: ZTagIdField,
  groupId: ZGroupIdField,
  status: required(z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), ZTagStatus), tagMessages.statusRequired),
});
export type TSaveAssociationRequest = z.infer<typeof ZSaveAssociationRequest>;
export const ZDropAssociationRequest = z.object({ tagId: ZTagIdField, groupId: ZGroupIdField });
export const ZSyncUserRequest = z.object({ userId: ZId, tagIds: ZTagIds });
export const ZSyncPolicyRequest = z.object({ policyId: ZId, tagIds: ZTagIds });

export const ZAssociationResponse = z.object({ success: z.literal(true), association: ZAssociation.nullable() });
export const ZAllocationResponse = z.object({ success: z.literal(true), tags: z.array(ZTag) });

/** What the manage page shows for a group: its associations, policies and managers with their tags. */
export const ZTagTargetsResponse = z.object({
  groupId: z.number().int(),
  associations: z.array(ZAssociation),
  policies: z.array(z.object({ id: z.number().int(), name: z.string(), tagIds: z.array(z.number().int()) })),
  managers: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string(), tagIds: z.array(z.number().int()) })),
});
export type TTagTargetsResponse = z.infer<typeof ZTagTargetsResponse>;
