/** The settings of an existing policy on /policy/setup (part 2 §2 "Policy setup"): their names, kinds and the form's values. */
import type { TPolicySetup } from "../../../domain/policy/schemas.ts";

const SWITCHES = [
  "balanceSheetEnabled",
  "hrDashboard",
  "noMaOwner",
  "usesEwallet",
  "noWelcomeCall",
  "noWelcomeEmail",
  "cityGuideOnly",
  "includeUserPreferences",
  "excludeCompensation",
] as const;
export type SwitchSetting = (typeof SWITCHES)[number];

const SELECTS = [
  "group",
  "moveType",
  "archetype",
  "moveStagesCount",
  "estimateType",
  "estimateProvider",
  "estimatePackage",
  "balanceSheetCurrencyType",
  "status",
  "welcomeCallDuration",
  "programmeType",
] as const;
export type SelectSetting = (typeof SELECTS)[number];
export type TextSetting = "name" | "order";
export type Setting = SwitchSetting | SelectSetting | TextSetting | "tags";
export const SETTINGS: readonly Setting[] = [...SWITCHES, ...SELECTS, "name", "order", "tags"];

export type Values = Record<SwitchSetting, boolean> & Record<SelectSetting | TextSetting, string> & { tags: number[] };

export function valuesOf(p: TPolicySetup): Values {
  return {
    name: p.name,
    order: p.order === null ? "" : String(p.order),
    group: String(p.groupId),
    moveType: p.moveType,
    archetype: p.archetype,
    moveStagesCount: String(p.moveStagesCount),
    estimateType: p.estimateType,
    estimateProvider: p.estimateProvider ?? "",
    estimatePackage: p.estimatePackage ?? "",
    balanceSheetCurrencyType: p.balanceSheetCurrencyType ?? "",
    status: p.status,
    welcomeCallDuration: p.welcomeCallDuration === null ? "" : String(p.welcomeCallDuration),
    programmeType: p.programmeType,
    balanceSheetEnabled: p.balanceSheetEnabled,
    excludeCompensation: p.excludeCompensation,
    hrDashboard: p.hrDashboard,
    noMaOwner: p.noMaOwner,
    usesEwallet: p.usesEwallet,
    noWelcomeCall: p.noWelcomeCall,
    noWelcomeEmail: p.noWelcomeEmail,
    cityGuideOnly: p.cityGuideOnly,
    includeUserPreferences: p.includeUserPreferences,
    tags: p.tags.map((tag) => tag.id),
  };
}
