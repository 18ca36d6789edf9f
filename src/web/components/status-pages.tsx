import { useQuery } from "@tanstack/react-query";
import { Compass, ShieldAlert, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { meQueryOptions } from "../lib/session.ts";
import { buttonVariants } from "./ui/button.tsx";

function StatusPage({ icon: Icon, code, title, body, action }: { icon: LucideIcon; code: string; title: string; body: string; action: { href: string; label: string } }) {
  return (
    <section aria-labelledby="status-title" className="mx-auto flex max-w-xl flex-col items-center py-16 text-center desktop:py-24">
      <span className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{code}</p>
      <h1 id="status-title" className="mt-2 text-2xl font-semibold tracking-tight desktop:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-[15px] leading-relaxed text-muted-foreground">{body}</p>
      {/* A full page load: the server decides again where this user may go. */}
      <a href={action.href} className={buttonVariants({ className: "mt-8" })}>
        {action.label}
      </a>
    </section>
  );
}

/** Where the "home" button of an error page leads: the user's home page, or sign-in. */
function useHomeAction() {
  const { t } = useTranslation();
  const { data: me } = useQuery({ ...meQueryOptions(), retry: false });
  return me ? { href: me.homePath, label: t("error.goHome") } : { href: "/login", label: t("error.signIn") };
}

/** 403: the page exists but this account may not open it (wrong role or another group). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const action = useHomeAction();
  return <StatusPage icon={ShieldAlert} code={t("error.forbiddenCode")} title={t("error.forbiddenTitle")} body={t("error.forbiddenBody")} action={action} />;
}

/** 404: no such page (or no such group). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const action = useHomeAction();
  return <StatusPage icon={Compass} code={t("error.notFoundCode")} title={t("error.notFoundTitle")} body={t("error.notFoundBody")} action={action} />;
}
