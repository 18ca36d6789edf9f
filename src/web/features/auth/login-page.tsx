import { Building2, CalendarCheck2, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Brand } from "../../components/brand.tsx";
import { LoginSteps } from "../../components/login-steps.tsx";
import { safeRedirectPath } from "../../lib/utils.ts";
import { socialLoginErrorText } from "../../../domain/identity/social-login/messages.ts";

/**
 * part 2 §7 login: the email step sends SSO users to their provider and everyone else to
 * the password step (src/web/components/login-steps.tsx, shared with the login popups), with the
 * social sign-in buttons the answer allows. A social sign-in that failed comes back here with
 * `socialError`, whose text is shown under the form (part 2 §8).
 */
export function LoginPage({ redirect, socialError }: { redirect?: string; socialError?: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh desktop:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside aria-hidden="true" className="relative hidden overflow-hidden bg-brand-ink text-white desktop:flex desktop:flex-col desktop:justify-between desktop:p-12">
        <svg className="pointer-events-none absolute -right-40 -top-40 size-[36rem] opacity-[0.12]" viewBox="0 0 200 200">
          <circle cx="100" cy="100" r="98" fill="none" stroke="#ffffff" strokeWidth="0.6" />
          <ellipse cx="100" cy="100" rx="50" ry="98" fill="none" stroke="#ffffff" strokeWidth="0.6" />
          <ellipse cx="100" cy="100" rx="20" ry="98" fill="none" stroke="#ffffff" strokeWidth="0.6" />
          <path d="M2 100h196M14 55h172M14 145h172" stroke="#ffffff" strokeWidth="0.6" />
        </svg>
        <span className="flex items-center gap-2.5 text-lg font-semibold tracking-tight">
          <svg viewBox="0 0 32 32" className="size-8">
            <rect width="32" height="32" rx="8" fill="#1d5c8f" />
            <path d="M16 6.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Z" fill="none" stroke="#bcdaf2" strokeWidth="1.6" />
            <path d="M16 6.5v19" stroke="#ffffff" strokeWidth="1.8" strokeLinecap="round" />
            <path d="M16 6.5c-3 2.6-4.5 5.8-4.5 9.5s1.5 6.9 4.5 9.5" fill="none" stroke="#bcdaf2" strokeWidth="1.6" />
          </svg>
          {t("app.name")}
        </span>
        <div className="relative max-w-md">
          <p className="text-3xl font-semibold leading-tight tracking-tight">{t("login.brandHeadline")}</p>
          <p className="mt-4 text-base leading-relaxed text-[#c9d8e8]">{t("login.brandBody")}</p>
          <ul className="mt-10 flex flex-col gap-4 text-sm text-[#dbe6f1]">
            <li className="flex items-center gap-3">
              <Building2 className="size-5 text-[#8ec1ea]" /> {t("nav.groupHome")}
            </li>
            <li className="flex items-center gap-3">
              <CalendarCheck2 className="size-5 text-[#8ec1ea]" /> {t("nav.myMove")}
            </li>
            <li className="flex items-center gap-3">
              <Wallet className="size-5 text-[#8ec1ea]" /> {t("nav.financeHome")}
            </li>
          </ul>
        </div>
        <p className="text-xs text-[#a9bfd4]">{t("app.tagline")}</p>
      </aside>

      <main id="main" className="flex flex-col items-center justify-center bg-background px-4 py-12 tablet:px-8">
        <div className="w-full max-w-[400px]">
          <div className="mb-10 desktop:hidden">
            <Brand />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>

          <div className="mt-2">
            <LoginSteps
              idPrefix="login"
              autoFocus
              initialError={socialLoginErrorText(socialError)}
              onSignedIn={(target) => window.location.assign(safeRedirectPath(redirect) ?? target)}
            />
          </div>

          <p className="mt-10 border-t border-border pt-6 text-sm text-muted-foreground">{t("login.help")}</p>
        </div>
      </main>
    </div>
  );
}
