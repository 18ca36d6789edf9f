import { useTranslation } from "react-i18next";

/** The product mark and name. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#0f2b46" />
        <path d="M16 6.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Z" fill="none" stroke="#7fb6e3" strokeWidth="1.6" />
        <path d="M16 6.5v19" stroke="#ffffff" strokeWidth="1.8" strokeLinecap="round" />
        <path d="M16 6.5c-3 2.6-4.5 5.8-4.5 9.5s1.5 6.9 4.5 9.5" fill="none" stroke="#7fb6e3" strokeWidth="1.6" />
      </svg>
      <span className="text-[17px] font-semibold tracking-tight text-brand-ink">{t("app.name")}</span>
    </span>
  );
}
