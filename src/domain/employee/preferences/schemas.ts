import { z } from "zod";
import { zInt } from "../../numbers.ts";

/**
 * part 2 §7 (listed under policy configuration): POST /user/saveUserProperty (key, integer),
 * GET /json/get/tooltip (key, language, group), GET /json/get/xlateMsg (key, lang, group,
 * optional customer). Response shapes are not in the spec; these are Meridian's.
 */
const ZKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/, "A property key is 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter.");

const ZMsgKey = z.string().trim().min(1).max(200);
const ZLang = z.string().trim().min(2).max(10);
const ZGroupName = z.string().trim().min(1).max(64);
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const ZSaveUserPropertyRequest = z.object({
  key: ZKey,
  integer: zInt({ message: "The value must be a whole number." }),
});
export type TSaveUserPropertyRequest = z.infer<typeof ZSaveUserPropertyRequest>;
export const ZSaveUserPropertyResponse = z.object({ success: z.literal(true), key: z.string(), integer: z.number().int() });

export const ZUserPropertiesResponse = z.object({ properties: z.record(z.string(), z.number().int()) });

/** `group` of the tooltip call is the client group (URL name) whose override applies. */
export const ZTooltipRequest = z.object({
  key: ZMsgKey,
  language: z.preprocess(blankToUndefined, ZLang.default("en")),
  group: z.preprocess(blankToUndefined, ZGroupName.optional()),
});
export type TTooltipRequest = z.infer<typeof ZTooltipRequest>;
/** `text`: the tooltip, or (none in any language) the spec's "Oops, it seems we've missed a message" with the key (part 2 §8). */
export const ZTooltipResponse = z.object({ success: z.literal(true), key: z.string(), language: z.string(), text: z.string() });

/** `group` is the translation group (xlate group, default UI); `customer` the client group's URL name. */
export const ZXlateMsgRequest = z.object({
  key: ZMsgKey,
  lang: z.preprocess(blankToUndefined, ZLang.default("en")),
  group: z.preprocess(blankToUndefined, z.string().trim().min(1).max(40).regex(/^[A-Z0-9_]+$/, "Unknown translation group.").default("UI")),
  customer: z.preprocess(blankToUndefined, ZGroupName.optional()),
});
export type TXlateMsgRequest = z.infer<typeof ZXlateMsgRequest>;
export const ZXlateMsgResponse = z.object({ success: z.literal(true), key: z.string(), lang: z.string(), message: z.string().nullable() });
