import type { TFunction } from "i18next";
import { en, type MessageId } from "../../../domain/i18n/en.ts";

export type EnumKind =
  | "moveType"
  | "archetype"
  | "status"
  | "version"
  | "estimateType"
  | "estimateProvider"
  | "estimatePackage"
  | "balanceSheetCurrencyType"
  | "programmeType";

/** The label of a policy enumeration value ("INTERNATIONAL" → "International"); unknown values show as they are. */
export function enumLabel(t: TFunction, kind: EnumKind, value: string | null | undefined): string {
  if (!value) return "";
  const key = `policy.${kind}.${value}`;
  return Object.hasOwn(en, key) ? t(key as MessageId) : value;
}

/** Select options from the server with their labels in words where the UI texts have them. */
export function labelledOptions(t: TFunction, kind: EnumKind, options: { value: string; label: string }[]): { value: string; label: string }[] {
  return options.map((o) => {
    const key = `policy.${kind}.${o.value}`;
    return { value: o.value, label: Object.hasOwn(en, key) ? t(key as MessageId) : o.label };
  });
}
