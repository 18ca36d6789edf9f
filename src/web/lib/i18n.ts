import i18next from "i18next";
import { useEffect } from "react";
import { initReactI18next } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import type { en } from "../../domain/i18n/en.ts";
import { enApp } from "../../domain/i18n/en-app.ts";
import { enRecovery } from "../../domain/i18n/en-recovery.ts";
import { trpc } from "./trpc.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
    keySeparator: false;
    nsSeparator: false;
  }
}

/**
 * The shipped English texts: the app frame's (en-app.ts: frame, navigation, errors, sign-in, the
 * role homes; en-recovery.ts: "forgot password", the inactivity dialog) are in the entry chunk and
 * there from the first render; every other area's arrive with the pages that use them
 * (`shippedTexts`, `textsChunk`). The translations table's texts replace them.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: { ...enRecovery, ...enApp } } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  react: { bindI18nStore: "added", useSuspense: false },
  initAsync: false,
});

/** Loads the translations table's texts (global, then the group's overrides) into i18next. */
export function useServerMessages(group: string | undefined): void {
  const lang = i18n.language || "en";
  const { data } = useQuery({
    ...trpc.i18n.messages.queryOptions(group ? { lang, group } : { lang }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (data) i18n.addResourceBundle(data.lang, "translation", data.messages, true, true);
  }, [data]);
}

/**
 * Shipped English texts loaded on demand as their own chunk. A route lists them with its pages
 * (`withPages(…, shippedTexts)`) so they arrive together; texts already there (the entry's, or the
 * translations table's) are kept.
 */
export function textsChunk(load: () => Promise<Record<string, string>>): { preload: () => Promise<void> } {
  let loaded: Promise<void> | undefined;
  return {
    preload() {
      loaded ??= load().then(
        (texts) => void i18n.addResourceBundle("en", "translation", texts, true, false),
        (error: unknown) => {
          loaded = undefined;
          throw error;
        },
      );
      return loaded;
    },
  };
}

/** Every area's texts (src/domain/i18n/en.ts): what a feature page needs. */
export const shippedTexts = textsChunk(() => import("../../domain/i18n/en.ts").then((m) => m.en));
