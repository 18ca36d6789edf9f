import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Building2, CalendarCheck2, Wallet } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ZCheckUserRequest, ZLoginRequest } from "../../../domain/auth/schemas.ts";
import { Brand } from "../../components/brand.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { LoadingBlock } from "../../components/ui/spinner.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { safeRedirectPath } from "../../lib/utils.ts";

type Step = { kind: "email" } | { kind: "password"; email: string } | { kind: "sso" };

const ZEmailStep = ZCheckUserRequest;
const ZPasswordStep = ZLoginRequest.pick({ password: true });

/**
 * part 2 §7 login: the email step sends SSO users to their provider and everyone else to the
 * password step. A failed sign-in shows the server's text under the form; anything else shows
 * the spec's "Error!. Please contact our customer support."
 */
export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [formError, setFormError] = useState<string | null>(null);
  const failureText = (error: unknown) => serverMessage(error) ?? t("error.loginUnexpected");

  const checkUser = useMutation({ ...trpc.auth.checkUser.mutationOptions(), meta: { signInFlow: true } });
  const login = useMutation({ ...trpc.auth.login.mutationOptions(), meta: { signInFlow: true } });

  const emailForm = useForm({ resolver: zodResolver(ZEmailStep), defaultValues: { userEmail: "" } });
  const passwordForm = useForm({ resolver: zodResolver(ZPasswordStep), defaultValues: { password: "" } });
  const emailRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const firstRender = useRef(true);

  // Move focus to the field of the step the user is on (not on first load: autoFocus handles that).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step.kind === "password") passwordRef.current?.focus();
    if (step.kind === "email") emailRef.current?.focus();
  }, [step]);

  const submitEmail = emailForm.handleSubmit(async ({ userEmail }) => {
    setFormError(null);
    try {
      const result = await checkUser.mutateAsync({ userEmail });
      if (!result.success) {
        setFormError(t("error.loginUnexpected"));
      } else if (result.isSsoUser && result.ssoUrl) {
        setStep({ kind: "sso" });
        window.location.assign(result.ssoUrl);
      } else {
        passwordForm.reset({ password: "" });
        setStep({ kind: "password", email: userEmail });
      }
    } catch (error) {
      setFormError(failureText(error));
    }
  });

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    if (step.kind !== "password") return;
    setFormError(null);
    try {
      const result = await login.mutateAsync({ email: step.email, password });
      if (result.success) {
        window.location.assign(safeRedirectPath(redirect) ?? result.targetUrl ?? "/");
        return;
      }
      setFormError(result.exception ?? t("error.loginUnexpected"));
    } catch (error) {
      setFormError(failureText(error));
      passwordForm.reset({ password: "" });
      passwordRef.current?.focus();
    }
  });

  const backToEmail = () => {
    setFormError(null);
    setStep({ kind: "email" });
  };

  const emailError = emailForm.formState.errors.userEmail ? t("login.emailInvalid") : undefined;
  const passwordError = passwordForm.formState.errors.password ? t("login.passwordRequired") : undefined;
  const signedInRedirecting = login.isSuccess;
  const { ref: emailFieldRef, ...emailField } = emailForm.register("userEmail");
  const { ref: passwordFieldRef, ...passwordField } = passwordForm.register("password");

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

          {step.kind === "sso" ? (
            <LoadingBlock label={t("login.redirectingSso")} className="justify-start py-8" />
          ) : step.kind === "email" ? (
            <>
              <p className="mt-2 text-[15px] text-muted-foreground">{t("login.subtitle")}</p>
              <form noValidate onSubmit={submitEmail} className="mt-8 flex flex-col gap-5">
                <div className="flex flex-col gap-2">
                  <Label htmlFor="login-email">{t("login.emailLabel")}</Label>
                  <Input
                    id="login-email"
                    type="email"
                    inputMode="email"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    autoFocus
                    placeholder={t("login.emailPlaceholder")}
                    aria-invalid={emailError ? true : undefined}
                    aria-describedby={emailError ? "login-email-error" : undefined}
                    ref={(el) => {
                      emailFieldRef(el);
                      emailRef.current = el;
                    }}
                    {...emailField}
                  />
                  <FieldError id="login-email-error">{emailError}</FieldError>
                </div>
                <Button type="submit" size="lg" className="w-full" busy={checkUser.isPending}>
                  {checkUser.isPending ? t("login.checking") : t("login.continue")}
                </Button>
              </form>
            </>
          ) : (
            <>
              <p className="mt-2 text-[15px] text-muted-foreground">{t("login.passwordSubtitle")}</p>
              <div className="mt-6 flex items-center justify-between gap-3 rounded-lg border border-border bg-surface px-4 py-3">
                <div className="min-w-0">
                  <p className="text-xs text-muted-foreground">{t("login.signingInAs")}</p>
                  <p className="truncate text-sm font-medium" data-testid="login-email-shown">
                    {step.email}
                  </p>
                </div>
              </div>
              <form noValidate onSubmit={submitPassword} className="mt-6 flex flex-col gap-5">
                <input type="email" name="username" autoComplete="username" value={step.email} readOnly hidden />
                <div className="flex flex-col gap-2">
                  <Label htmlFor="login-password">{t("login.passwordLabel")}</Label>
                  <Input
                    id="login-password"
                    type="password"
                    autoComplete="current-password"
                    aria-invalid={passwordError ? true : undefined}
                    aria-describedby={passwordError ? "login-password-error" : undefined}
                    ref={(el) => {
                      passwordFieldRef(el);
                      passwordRef.current = el;
                    }}
                    {...passwordField}
                  />
                  <FieldError id="login-password-error">{passwordError}</FieldError>
                  <Link to="/user/account-recovery" className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {t("recovery.forgotPassword")}
                  </Link>
                </div>
                <Button type="submit" size="lg" className="w-full" busy={login.isPending || signedInRedirecting}>
                  {login.isPending || signedInRedirecting ? t("login.signingIn") : t("login.signIn")}
                </Button>
                <button
                  type="button"
                  onClick={backToEmail}
                  className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  {t("login.notYou")}
                </button>
              </form>
            </>
          )}

          {formError ? (
            <Alert variant="destructive" role="alert" className="mt-6" data-testid="login-error">
              {formError}
            </Alert>
          ) : null}

          <p className="mt-10 border-t border-border pt-6 text-sm text-muted-foreground">{t("login.help")}</p>
        </div>
      </main>
    </div>
  );
}
