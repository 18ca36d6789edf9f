import i18next from "i18next";
import { useEffect } from "react";
import { initReactI18next } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { en } from "../../domain/i18n/en.ts";
import { trpc } from "./trpc.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
    keySeparator: false;
    nsSeparator: false;
  }
}

/** The shipped English texts are there from the first render; the translations table's texts replace them when they arrive. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
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
