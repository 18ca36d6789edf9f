/**
 * HR settings: extension reasons (issue 15; part 2 §3 "HR settings: extension reasons (id, optionValue,
 * defaultValue), enableExtensionReason flag"; §5 the rules; §7 "GET extension-reason-enabled … POST and GET
 * /admin/group-options/json with optionGroup EMPLOYEE_MOVE_STAGE_EXT; POST … extension-reason-enabled.
 * Responses carry status, count, data[], message"; §8 the texts). Shared by the tRPC procedures
 * (`hrSettings.*`), the legacy paths under /admin/hr-settings/ and /admin/group-options/json, and the page.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";

/** The spec's texts, word for word (§5, §8), and Meridian's own where the spec has none. */
export const hrSettingsMessages = {
  /** §5: enabling with no reasons. */
  reasonsRequired: "Please add at least one extension reason first.",
  /** §5: enabling with reasons but no default. */
  defaultRequired: "Please select a default value.",
  /** §5 "a new value cannot be blank" (the spec gives the rule, not the text). */
  valueBlank: "The extension reason cannot be blank.",
  valueTooLong: "The extension reason can have at most 200 characters.",
  /** Meridian's: the same reason twice in one group (compared without case). */
  valueExists: "This extension reason already exists.",
  reasonNotFound: "This extension reason does not exist.",
  optionGroupUnsupported: "Only the option group EMPLOYEE_MOVE_STAGE_EXT is supported.",
  groupRequired: "group can't be empty",
  actionUnsupported: "The action must be ADD, RENAME, REMOVE or DEFAULT.",
  /** §8. */
  loadFailed: "Sorry, an error occurred while loading screen.",
  saved: "Settings saved.",
} as const;

/** §7: the option group of the extension reasons. */
export const EXTENSION_REASON_GROUP = "EMPLOYEE_MOVE_STAGE_EXT" as const;

export const ZReasonValue = z
  .string({ error: hrSettingsMessages.valueBlank })
  .transform((v) => v.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, hrSettingsMessages.valueBlank).max(200, hrSettingsMessages.valueTooLong));

export const ZExtensionReason = z.object({ id: z.number().int(), optionValue: z.string(), defaultValue: z.boolean() });
export type TExtensionReason = z.infer<typeof ZExtensionReason>;

/** What the HR-settings page and the extend-assignment popup read. */
export const ZExtensionReasonsView = z.object({ enabled: z.boolean(), reasons: z.array(ZExtensionReason) });
export type TExtensionReasonsView = z.infer<typeof ZExtensionReasonsView>;

export const ZAddReasonRequest = z.object({ optionValue: ZReasonValue });
export const ZRenameReasonRequest = z.object({ reasonId: ZId, optionValue: ZReasonValue });
export const ZReasonIdRequest = z.object({ reasonId: ZId });
export const ZSetEnabledRequest = z.object({ enabled: z.boolean() });

// ── Legacy shapes ─────────────────────────────────────────────────────────────────────────────

const ZFlag = z.preprocess((v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "off" ? false : v), z.boolean({ error: "enableExtensionReason must be true or false." }));
const ZLegacyGroupId = z.preprocess((v) => (v === undefined || v === null || v === "" ? null : v), ZId.nullable()).refine((v) => v !== null, hrSettingsMessages.groupRequired) as unknown as z.ZodType<number, unknown>;
const ZOptionGroup = z.literal(EXTENSION_REASON_GROUP, { error: hrSettingsMessages.optionGroupUnsupported });

/** GET /admin/hr-settings/extension-reason-enabled?groupId= */
export const ZLegacyGroupRequest = z.object({ groupId: ZLegacyGroupId });
/** POST /admin/hr-settings/extension-reason-enabled {groupId, enableExtensionReason} */
export const ZLegacySetEnabledRequest = z.object({ groupId: ZLegacyGroupId, enableExtensionReason: ZFlag });
/** GET /admin/group-options/json?groupId&optionGroup */
export const ZLegacyOptionsRequest = z.object({ groupId: ZLegacyGroupId, optionGroup: ZOptionGroup });
/**
 * POST /admin/group-options/json: one change of the group's list — ADD {optionValue}, RENAME {id,
 * optionValue}, REMOVE {id}, DEFAULT {id} (makes it the one default).
 */
export const ZLegacyOptionChangeRequest = z.discriminatedUnion(
  "action",
  [
    z.object({ groupId: ZLegacyGroupId, optionGroup: ZOptionGroup, action: z.literal("ADD"), optionValue: ZReasonValue }),
    z.object({ groupId: ZLegacyGroupId, optionGroup: ZOptionGroup, action: z.literal("RENAME"), id: ZId, optionValue: ZReasonValue }),
    z.object({ groupId: ZLegacyGroupId, optionGroup: ZOptionGroup, action: z.literal("REMOVE"), id: ZId }),
    z.object({ groupId: ZLegacyGroupId, optionGroup: ZOptionGroup, action: z.literal("DEFAULT"), id: ZId }),
  ],
  { error: hrSettingsMessages.actionUnsupported },
);
export type TLegacyOptionChangeRequest = z.infer<typeof ZLegacyOptionChangeRequest>;

/** §7 "Responses carry status, count, data[], message". */
export const ZLegacyEnabledResponse = z.object({ status: z.string(), count: z.number().int(), data: z.array(z.object({ enableExtensionReason: z.boolean() })), message: z.string() });
export const ZLegacyOptionsResponse = z.object({ status: z.string(), count: z.number().int(), data: z.array(ZExtensionReason), message: z.string() });
