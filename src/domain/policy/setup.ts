/**
 * Policy setup rules (part 2 §2 policy setup, §5 setup validation, §7 `setup/{policyId}/{setting}/{value}`):
 * name and order checks, setup warnings, and the table of setup settings with the policies column
 * each one writes and the parser of its text value.
 */
import { z } from "zod";
import { AppError } from "../errors.ts";
import {
  ARCHETYPES,
  BALANCE_SHEET_CURRENCY_TYPES,
  ESTIMATE_PACKAGES,
  ESTIMATE_PROVIDERS,
  ESTIMATE_TYPES,
  MOVE_STAGE_COUNTS,
  MOVE_TYPES,
  POLICY_STATUSES,
  PROGRAMME_TYPES,
  WELCOME_CALL_DURATIONS,
} from "./catalogue.ts";
import { policyMessages } from "./messages.ts";

export const POLICY_NAME_MAX_LENGTH = 200;

/** Returns the error text for an empty policy name, else null. */
export function validatePolicyName(name: string): string | null {
  return name.trim() === "" ? policyMessages.policyNameRequired : null;
}

/** Policy order: digits only, or empty for none. */
export function parsePolicyOrder(text: string): { ok: true; order: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === "") return { ok: true, order: null };
  if (!/^\d{1,9}$/.test(t)) return { ok: false, message: policyMessages.policyOrderDigits };
  return { ok: true, order: Number(t) };
}

/** Non-blocking warnings shown on setup. */
export function setupWarnings(p: { moveStagesCount: number; estimatePackage: string | null }): string[] {
  const warnings: string[] = [];
  if (p.moveStagesCount === 3 && p.estimatePackage === "PERMANENT_TRANSFER") warnings.push(policyMessages.permanentTransferThreeStages);
  return warnings;
}

/** Boolean setting values: true/false, 1/0, on/off, yes/no (any case). Stored as 1/0. */
export const setupBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"]))
  .transform((v) => (v === "true" || v === "1" || v === "on" || v === "yes" ? 1 : 0));

/** "", "null" and "none" clear an optional setting. */
const isEmpty = (v: string) => ["", "null", "none"].includes(v.trim().toLowerCase());

const enumOf = <T extends readonly [string, ...string[]]>(values: T) => z.string().trim().pipe(z.enum(values));
const optionalEnumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.string().transform((v, ctx) => {
    if (isEmpty(v)) return null;
    const parsed = z.enum(values).safeParse(v.trim());
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: policyMessages.setupSaveFailed });
      return z.NEVER;
    }
    return parsed.data;
  });

const nameSchema = z.string().transform((v, ctx) => {
  const error = validatePolicyName(v) ?? (v.trim().length > POLICY_NAME_MAX_LENGTH ? policyMessages.setupSaveFailed : null);
  if (error) {
    ctx.addIssue({ code: "custom", message: error });
    return z.NEVER;
  }
  return v.trim();
});

const orderSchema = z.string().transform((v, ctx) => {
  const parsed = parsePolicyOrder(v);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.order;
});

const welcomeCallSchema = z.string().transform((v, ctx) => {
  if (isEmpty(v)) return null;
  const n = Number(v.trim());
  if (!(WELCOME_CALL_DURATIONS as readonly number[]).includes(n)) {
    ctx.addIssue({ code: "custom", message: policyMessages.setupSaveFailed });
    return z.NEVER;
  }
  return n;
});

const moveStagesSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = Number(v);
    if (!(MOVE_STAGE_COUNTS as readonly number[]).includes(n)) {
      ctx.addIssue({ code: "custom", message: policyMessages.setupSaveFailed });
      return z.NEVER;
    }
    return n;
  });

/** Group: the target group's id (digits). The caller checks access and clears the tags (part 2 §5). */
const groupSchema = z.string().trim().regex(/^\d{1,9}$/).transform(Number);

/** Tags: comma-separated tag ids of the policy's group, or empty for none. */
const tagsSchema = z.string().transform((v, ctx) => {
  const parts = v.split(",").map((p) => p.trim()).filter((p) => p !== "");
  if (parts.some((p) => !/^\d{1,9}$/.test(p))) {
    ctx.addIssue({ code: "custom", message: policyMessages.setupSaveFailed });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

/** The policies columns a setup setting may write. */
export type SetupColumn =
  | "name" | "estimate_type" | "estimate_provider" | "estimate_package" | "exclude_compensation"
  | "balance_sheet_enabled" | "balance_sheet_currency_type" | "status" | "welcome_call_duration"
  | "move_type" | "programme_type" | "hr_dashboard" | "no_ma_owner" | "uses_ewallet" | "no_welcome_call"
  | "no_welcome_email" | "city_guide_only" | "include_user_preferences" | "archetype" | "move_stages_count"
  | "sort_order" | "popup_displayed";

type ColumnSetting = { kind: "column"; column: SetupColumn; schema: z.ZodType<string | number | null, string> };
type SpecialSetting =
  | { kind: "group"; column: null; schema: z.ZodType<number, string> }
  | { kind: "tags"; column: null; schema: z.ZodType<number[], string> };

const column = (c: SetupColumn, schema: z.ZodType<string | number | null, string>): ColumnSetting => ({ kind: "column", column: c, schema });

/** Every setting accepted by `setup/{policyId}/{setting}/{value}`, with its column and value parser. */
export const SETUP_SETTINGS: Readonly<Record<string, ColumnSetting | SpecialSetting>> = {
  name: column("name", nameSchema),
  estimateType: column("estimate_type", enumOf(ESTIMATE_TYPES)),
  estimateProvider: column("estimate_provider", optionalEnumOf(ESTIMATE_PROVIDERS)),
  estimatePackage: column("estimate_package", optionalEnumOf(ESTIMATE_PACKAGES)),
  excludeCompensation: column("exclude_compensation", setupBoolean),
  balanceSheetEnabled: column("balance_sheet_enabled", setupBoolean),
  balanceSheetCurrencyType: column("balance_sheet_currency_type", optionalEnumOf(BALANCE_SHEET_CURRENCY_TYPES)),
  group: { kind: "group", column: null, schema: groupSchema },
  status: column("status", enumOf(POLICY_STATUSES)),
  welcomeCallDuration: column("welcome_call_duration", welcomeCallSchema),
  moveType: column("move_type", enumOf(MOVE_TYPES)),
  programmeType: column("programme_type", enumOf(PROGRAMME_TYPES)),
  hrDashboard: column("hr_dashboard", setupBoolean),
  noMaOwner: column("no_ma_owner", setupBoolean),
  usesEwallet: column("uses_ewallet", setupBoolean),
  noWelcomeCall: column("no_welcome_call", setupBoolean),
  noWelcomeEmail: column("no_welcome_email", setupBoolean),
  cityGuideOnly: column("city_guide_only", setupBoolean),
  includeUserPreferences: column("include_user_preferences", setupBoolean),
  archetype: column("archetype", enumOf(ARCHETYPES)),
  moveStagesCount: column("move_stages_count", moveStagesSchema),
  order: column("sort_order", orderSchema),
  popupDisplayed: column("popup_displayed", setupBoolean),
  tags: { kind: "tags", column: null, schema: tagsSchema },
};

export const SETUP_SETTING_NAMES = Object.keys(SETUP_SETTINGS);

export type SetupValue =
  | { kind: "column"; setting: string; column: SetupColumn; value: string | number | null }
  | { kind: "group"; setting: "group"; column: null; value: number }
  | { kind: "tags"; setting: "tags"; column: null; value: number[] };

/**
 * Parses a setup setting's text value. An unknown setting is NOT_FOUND, a bad value VALIDATION
 * (name and order with their own spec texts, anything else "Update failed - there was an error.").
 * `group` and `tags` are not plain columns: their kind tells the caller to move the policy to
 * another group (clearing its tags) or to replace its tag links.
 */
export function parseSetupValue(setting: string, value: string): SetupValue {
  const def = Object.hasOwn(SETUP_SETTINGS, setting) ? SETUP_SETTINGS[setting] : undefined;
  if (!def) throw new AppError("NOT_FOUND", policyMessages.setupSaveFailed);
  const parsed = def.schema.safeParse(value);
  if (!parsed.success) {
    const custom = parsed.error.issues.find((i) => i.code === "custom")?.message;
    throw new AppError("VALIDATION", custom ?? policyMessages.setupSaveFailed, { [setting]: custom ?? policyMessages.setupSaveFailed });
  }
  if (def.kind === "group") return { kind: "group", setting: "group", column: null, value: parsed.data as number };
  if (def.kind === "tags") return { kind: "tags", setting: "tags", column: null, value: parsed.data as number[] };
  return { kind: "column", setting, column: def.column, value: parsed.data as string | number | null };
}
