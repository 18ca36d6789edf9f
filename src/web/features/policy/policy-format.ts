import type { TFunction } from "i18next";
import { en, type MessageId } from "../../../domain/i18n/en.ts";

type EnumKind = "moveType" | "archetype" | "status" | "version";

/** The label of a policy enumeration value ("INTERNATIONAL" → "International"); unknown values show as they are. */
export function enumLabel(t: TFunction, kind: EnumKind, value: string | null | undefined): string {
  if (!value) return "";
  const key = `policy.${kind}.${value}`;
  return Object.hasOwn(en, key) ? t(key as MessageId) : value;
}
