import type { TFunction } from "i18next";
import { en, type MessageId } from "../../../domain/i18n/en.ts";
import { formatDecimalText } from "../../lib/format.ts";

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

/**
 * A major-unit amount text from the server ("48000.00", "-1500") with thousands separators
 * ("48,000.00"); the digits are kept as they are (no float round trip). Other text is returned unchanged.
 */
export function groupedAmount(amountText: string): string {
  return formatDecimalText(amountText);
}

/** "USD 48,000.00": a currency code and a major-unit amount text, as every policy screen shows money. */
export function moneyText(currency: string, amountText: string): string {
  return `${currency} ${groupedAmount(amountText)}`;
}

/** The words for a rate frequency ("ANNUAL" → "Annual"); unknown values show as they are. */
export function rateFrequencyLabel(t: TFunction, value: string | null | undefined): string {
  if (!value) return "";
  const key = `policyConfig.rateFrequency.${value}`;
  return Object.hasOwn(en, key) ? t(key as MessageId) : value;
}

/** The texts of the policy pages' "leave with unsaved changes?" dialog (part 2 §4). */
export function policyLeaveTexts(t: TFunction) {
  return { title: t("policy.leaveTitle"), description: t("policy.leaveWarning"), leave: t("policy.leave"), stay: t("policy.stay") };
}
