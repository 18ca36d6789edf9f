import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ZCheckUserRequest, ZLoginRequest } from "../../domain/auth/schemas.ts";
import { useCountedReload } from "../lib/counted-reload.ts";
import { serverMessage } from "../lib/errors.ts";
import { trpc } from "../lib/trpc.ts";
import { Alert } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";
import { FieldError, Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { LoadingBlock } from "./ui/spinner.tsx";

export type LoginStep = { kind: "email" } | { kind: "password"; email: string } | { kind: "sso" };

const ZEmailStep = ZCheckUserRequest;
const ZPasswordStep = ZLoginRequest.pick({ password: true });

/**
 * part 2 §2, §4, §7, §8 sign-in, shared by the /login page and the two login popups: the email step
 * (POST /check-user's procedure) sends SSO users to their provider's `ssoUrl` and everyone else to
 * the password step; the password step signs in (`success, targetUrl, exception`). A failure shows
 * the returned text under the form; anything else the spec's "Error!. Please contact our customer
 * support." Each failed answer is a counted event (src/web/lib/counted-reload.ts): the fifth reloads
 * the page.
 */
export function LoginSteps({
  idPrefix,
  initialEmail = "",
  autoFocus = false,
  onStepChange,
  onSignedIn,
}: {
  /** Prefix of the fields' ids (two forms may share a page). */
  idPrefix: string;
  initialEmail?: string;
  /** Focus the email field on first render (the page; a dialog focuses its first field itself). */
  autoFocus?: boolean;
  onStepChange?: (step: LoginStep) => void;
  /** Called with the server's target and the address signed in with; the caller decides where to go. */
  onSignedIn: (targetUrl: string, email: string) => void;
}) {
  const { t } = useTranslation();
  const [step, setStepState] = useState<LoginStep>({ kind: "email" });
  const [formError, setFormError] = useState<string | null>(null);
  const countFailure = useCountedReload();
  const failureText = (error: unknown) => serverMessage(error) ?? t("error.loginUnexpected");
  const setStep = (next: LoginStep) => {
    setStepState(next);
    onStepChange?.(next);
  };
  /** A failed answer: counted; shown unless the count reloads the page. */
  const fail = (text: string) => {
    if (!countFailure()) setFormError(text);
  };

  const checkUser = useMutation({ ...trpc.auth.checkUser.mutationOptions(), meta: { signInFlow: true } });
  const login = useMutation({ ...trpc.auth.login.mutationOptions(), meta: { signInFlow: true } });

  const emailForm = useForm({ resolver: zodResolver(ZEmailStep), defaultValues: { userEmail: initialEmail } });
  const passwordForm = useForm({ resolver: zodResolver(ZPasswordStep), defaultValues: { password: "" } });
  const emailRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const firstRender = useRef(true);

  // Move focus to the field of the step the user is on (not on first load).
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
        fail(t("error.loginUnexpected"));
      } else if (result.isSsoUser && result.ssoUrl) {
        setStep({ kind: "sso" });
        window.location.assign(result.ssoUrl);
      } else {
        passwordForm.reset({ password: "" });
        setStep({ kind: "password", email: userEmail });
      }
    } catch (error) {
      fail(failureText(error));
    }
  });

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    if (step.kind !== "password") return;
    setFormError(null);
    try {
      const result = await login.mutateAsync({ email: step.email, password });
      if (result.success) {
        onSignedIn(result.targetUrl ?? "/", step.email);
        return;
      }
      fail(result.exception ?? t("error.loginUnexpected"));
    } catch (error) {
      fail(failureText(error));
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
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div data-testid={`${idPrefix}-steps`} data-step={step.kind}>
      {step.kind === "sso" ? (
        <LoadingBlock label={t("login.redirectingSso")} className="justify-start py-8" />
      ) : step.kind === "email" ? (
        <>
          <p className="text-[15px] text-muted-foreground">{t("login.subtitle")}</p>
          <form noValidate onSubmit={submitEmail} className="mt-6 flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor={id("email")}>{t("login.emailLabel")}</Label>
              <Input
                id={id("email")}
                type="email"
                inputMode="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus={autoFocus}
                placeholder={t("login.emailPlaceholder")}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? id("email-error") : undefined}
                ref={(el) => {
                  emailFieldRef(el);
                  emailRef.current = el;
                }}
                {...emailField}
              />
              <FieldError id={id("email-error")}>{emailError}</FieldError>
            </div>
            <Button type="submit" size="lg" className="w-full" busy={checkUser.isPending}>
              {checkUser.isPending ? t("login.checking") : t("login.continue")}
            </Button>
          </form>
        </>
      ) : (
        <>
          <p className="text-[15px] text-muted-foreground">{t("login.passwordSubtitle")}</p>
          <div className="mt-5 flex items-center justify-between gap-3 rounded-lg border border-border bg-surface px-4 py-3">
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">{t("login.signingInAs")}</p>
              <p className="truncate text-sm font-medium" data-testid="login-email-shown">
                {step.email}
              </p>
            </div>
          </div>
          <form noValidate onSubmit={submitPassword} className="mt-5 flex flex-col gap-5">
            <input type="email" name="username" autoComplete="username" value={step.email} readOnly hidden />
            <div className="flex flex-col gap-2">
              <Label htmlFor={id("password")}>{t("login.passwordLabel")}</Label>
              <Input
                id={id("password")}
                type="password"
                autoComplete="current-password"
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? id("password-error") : undefined}
                ref={(el) => {
                  passwordFieldRef(el);
                  passwordRef.current = el;
                }}
                {...passwordField}
              />
              <FieldError id={id("password-error")}>{passwordError}</FieldError>
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
    </div>
  );
}
