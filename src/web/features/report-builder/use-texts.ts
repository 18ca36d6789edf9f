/**
 * The report-builder pages' texts (src/domain/i18n/en-report-builder.ts) are loaded with these pages only
 * (textsChunk), so their keys are not among the shipped texts' typed keys: `t` here takes any key.
 */
import { useTranslation } from "react-i18next";

export type BuilderT = (key: string, options?: Record<string, unknown> | string) => string;

export function useTexts(): { t: BuilderT } {
  const { t } = useTranslation();
  return { t: t as unknown as BuilderT };
}
