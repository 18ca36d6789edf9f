import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ZCheckUserRequest, ZLoginRequest } from "../../domain/identity/auth/schemas.ts";
import { useCountedReload } from "../lib/counted-reload.ts";
import { serverMessage } from "../lib/errors.ts";
import { trpc } from "../lib/trpc.ts";
import { Alert } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";
import { FieldError, Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { LoadingBlock } from "./ui/spinner.tsx";

type SocialProviderOption = { id: string; name: string };

export type LoginStep =
  | { kind: "email" }
  | { kind: "password"; email: string; providers: SocialProviderOption[] }
  | { kind: "social"; email: string; providers: SocialProviderOption[] }
  | { kind: "sso" }
  | { kind: "redirecting"; name: string };

const ZEmailStep = ZCheckUserRequest;
const ZPasswordStep = ZLoginRequest.pick({ password: true });

/**
 * part 2 §2, §4, §7, §8 sign-in, shared by the /login page and the two login popups: the email step
 * (POST /check-user's procedure) sends SSO users to their provider's `ssoUrl` and everyone else to
 * the password step; the password step signs in (`success, targetUrl, exception`). A failure shows
 * the returned text under the form; anything else the spec's "Error!. Please contact our customer
 * support." Each failed answer is a counted event (src/web/lib/counted-reload.ts): the fifth reloads
 * the page. Social login (issue 23 item 18): when the answer allows it (`allowSocialLogin`, `loginType`
 * all or social) the next step offers "Continue with {provider}" for each provider it names; pressing
 * one starts the sign-in there (socialLogin.start). A failed social sign-in comes back to /login with
 * its text, passed in as `initialError`.
 */
export function LoginSteps({
  idPrefix,
  initialEmail = "",
  initialError = null,
  autoFocus = false,
  onStepChange,
  onSignedIn,
}: {
  /** Prefix of the fields' ids (two forms may share a page). */
  idPrefix: string;
  initialEmail?: string;
  /** A failure to show under the form on first render (a social sign-in that came back refused). */
  initialError?: string | null;
  /** Focus the email field on first render (the page; a dialog focuses its first field itself). */
  autoFocus?: boolean;
  onStepChange?: (step: LoginStep) => void;
  /** Called with the server's target and the address signed in with; the caller decides where to go. */
  onSignedIn: (targetUrl: string, email: string) => void;
}) {
  const { t } = useTranslation();
  const [step, setStepState] = useState<LoginStep>({ kind: "email" });
  const [formError, setFormError] = useState<string | null>(initialError);
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
  const socialStart = useMutation({ ...trpc.socialLogin.start.mutationOptions(), meta: { signInFlow: true } });

  const emailForm = useForm({ resolver: zodResolver(ZEmailStep), defaultValues: { userEmail: initialEmail } });
  const passwordForm = useForm({ resolver: zodResolver(ZPasswordStep), defaultValues: { password: "" } });
  const emailRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const socialRef = useRef<HTMLDivElement | null>(null);
  const firstRender = useRef(true);

  // Move focus to the field of the step the user is on (not on first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step.kind === "password") passwordRef.current?.focus();
    if (step.kind === "email") emailRef.current?.focus();
    if (step.kind === "social") socialRef.current?.querySelector("button")?.focus();
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
      } else if (result.allowSocialLogin && result.loginType === "social" && result.socialProviders.length > 0) {
        setStep({ kind: "social", email: userEmail, providers: result.socialProviders });
      } else {
        passwordForm.reset({ password: "" });
        setStep({ kind: "password", email: userEmail, providers: result.allowSocialLogin && result.loginType === "all" ? result.socialProviders : [] });
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

  const continueWith = async (provider: SocialProviderOption) => {
    if (step.kind !== "password" && step.kind !== "social") return;
    setFormError(null);
    try {
      const { redirectUrl } = await socialStart.mutateAsync({ provider: provider.id, email: step.email });
      setStep({ kind: "redirecting", name: provider.name });
      window.location.assign(redirectUrl);
    } catch (error) {
      fail(failureText(error));
    }
  };

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
      ) : step.kind === "redirecting" ? (
        <LoadingBlock label={t("login.redirectingSocial", { name: step.name })} className="justify-start py-8" />
      ) : step.kind === "social" ? (
        <div className="flex flex-col" ref={socialRef}>
          <p className="text-[15px] text-muted-foreground">{t("login.socialSubtitle")}</p>
          <SigningInAs email={step.email} />
          <SocialButtons providers={step.providers} busy={socialStart.isPending} onChoose={continueWith} className="mt-5" />
          <button
            type="button"
            onClick={backToEmail}
            className="mt-5 inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t("login.notYou")}
          </button>
        </div>
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
          <SigningInAs email={step.email} />
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
          {step.providers.length > 0 ? (
            <>
              <div className="mt-6 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
                <span className="h-px flex-1 bg-border" />
                {t("login.or")}
                <span className="h-px flex-1 bg-border" />
              </div>
              <SocialButtons providers={step.providers} busy={socialStart.isPending} onChoose={continueWith} className="mt-4" />
            </>
          ) : null}
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

function SigningInAs({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex items-center justify-between gap-3 rounded-lg border border-border bg-surface px-4 py-3">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{t("login.signingInAs")}</p>
        <p className="truncate text-sm font-medium" data-testid="login-email-shown">
          {email}
        </p>
      </div>
    </div>
  );
}

/** One "Continue with {name}" button per provider the check-user answer named (text only, no logos). */
function SocialButtons({
  providers,
  busy,
  onChoose,
  className,
}: {
  providers: SocialProviderOption[];
  busy: boolean;
  onChoose: (provider: SocialProviderOption) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={`flex flex-col gap-3 ${className ?? ""}`} data-testid="login-social-providers">
      {providers.map((provider) => (
        <li key={provider.id}>
          <Button variant="outline" size="lg" className="w-full" disabled={busy} onClick={() => onChoose(provider)}>
            {t("login.continueWith", { name: provider.name })}
          </Button>
        </li>
      ))}
    </ul>
  );
}
