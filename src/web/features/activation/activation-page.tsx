import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { activationMessages } from "../../../domain/identity/activation/messages.ts";
import type { ActivationPathType } from "../../../domain/identity/activation/rules.ts";
import { ZActivateRequest, type TActivationFormResponse } from "../../../domain/identity/activation/schemas.ts";
import { Brand } from "../../components/brand.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { LoadingBlock } from "../../components/ui/spinner.tsx";
import { errorText, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useAutoHide } from "../../lib/use-auto-hide.ts";
import { fieldErrorsOf } from "./field-errors.ts";
import { PasswordChecklist } from "../../components/password-checklist.tsx";

type FormInput = z.input<typeof ZActivateRequest>;
type FormOutput = z.output<typeof ZActivateRequest>;
const FIELDS = ["firstName", "lastName", "moveDate", "password", "confirmPassword", "acceptTerms"] as const;

/** /{employee|group|adminuser|supplier}/activate?ac=…: the activation form (part 2 §2, §5, §7). */
export function ActivationPage({ type, ac }: { type: ActivationPathType; ac: string }) {
  const { t } = useTranslation();
  const form = useQuery({ ...trpc.account.activationForm.queryOptions({ type, ac }), retry: false, enabled: ac.length > 0 });

  return (
    <main id="main" className="min-h-dvh bg-background px-4 py-10 tablet:py-16">
      <div className="mx-auto w-full max-w-lg">
        <div className="mb-8">
          <Brand />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("activation.title")}</h1>
        {ac.length === 0 || form.isError ? (
          <div className="mt-6 flex flex-col gap-4">
            <Alert variant="destructive" role="alert" title={t("activation.invalidTitle")} data-testid="activation-invalid">
              {ac.length === 0 ? t("activation.invalidHelp") : errorText(form.error, t("error.generic"))}
            </Alert>
            <p className="text-sm text-muted-foreground">{t("activation.invalidHelp")}</p>
            <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t("activation.goToLogin")}
            </Link>
          </div>
        ) : form.data ? (
          <ActivationForm type={type} data={form.data} />
        ) : (
          <LoadingBlock label={t("app.loading")} className="justify-start py-8" />
        )}
      </div>
    </main>
  );
}

function ActivationForm({ type, data }: { type: ActivationPathType; data: TActivationFormResponse }) {
  const { t } = useTranslation();
  // part 2 §9: the form error helper hides after 10 s (the field errors stay).
  const [formError, setFormError] = useAutoHide();
  const activate = useMutation({ ...trpc.account.activate.mutationOptions(), meta: { signInFlow: true } });
  const { register, handleSubmit, watch, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZActivateRequest),
    defaultValues: {
      ac: data.activationCode,
      group: data.group ?? "",
      email: data.email,
      directSignup: "true",
      firstName: data.fname,
      lastName: data.lname,
      moveDate: data.moveDate ?? "",
      password: "",
      confirmPassword: "",
      acceptTerms: false,
    },
  });
  const password = watch("password") ?? "";
  const errors = formState.errors;
  const isEmployee = data.userType === "employee";

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      if (data.requireTNC && values.acceptTerms !== true) {
        setError("acceptTerms", { message: activationMessages.termsRequired });
        setFormError(t("activation.formHasErrors"));
        return;
      }
      try {
        const result = await activate.mutateAsync({
          type,
          ac: values.ac,
          directSignup: "true",
          group: values.group,
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          moveDate: isEmployee ? values.moveDate || undefined : undefined,
          password: values.password,
          confirmPassword: values.confirmPassword,
          acceptTerms: values.acceptTerms === true,
        });
        if (result.success) window.location.assign(result.redirectUrl ?? "/");
        else setFormError(result.message ?? t("activation.signupFailed"));
      } catch (error) {
        const fields = fieldErrorsOf(error);
        for (const name of FIELDS) if (fields[name]) setError(name, { message: fields[name] });
        const extra = Object.entries(fields).filter(([k]) => !(FIELDS as readonly string[]).includes(k)).map(([, v]) => v);
        setFormError([serverMessage(error) ?? t("activation.signupFailed"), ...extra].join(" "));
      }
    },
    () => setFormError(t("activation.formHasErrors")),
  );

  const describe = (name: string) => (errors[name as keyof typeof errors] ? `activation-${name}-error` : undefined);
  const busy = activate.isPending || activate.isSuccess;

  return (
    <>
      <p className="mt-2 text-[15px] text-muted-foreground">{t("activation.intro")}</p>
      {data.groupDisplayName ? <p className="mt-1 text-sm text-muted-foreground">{t("activation.groupLine", { group: data.groupDisplayName })}</p> : null}
      <form noValidate onSubmit={onSubmit} className="mt-8 flex flex-col gap-5" aria-label={t("activation.title")}>
        <input type="hidden" {...register("ac")} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="activation-email">{t("activation.email")}</Label>
          <Input id="activation-email" type="email" autoComplete="username" readOnly value={data.email} />
        </div>
        <div className="grid gap-5 tablet:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="activation-firstName">{t("activation.firstName")}</Label>
            <Input id="activation-firstName" autoComplete="given-name" aria-invalid={errors.firstName ? true : undefined} aria-describedby={describe("firstName")} {...register("firstName")} />
            <FieldError id="activation-firstName-error">{errors.firstName?.message}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="activation-lastName">{t("activation.lastName")}</Label>
            <Input id="activation-lastName" autoComplete="family-name" aria-invalid={errors.lastName ? true : undefined} aria-describedby={describe("lastName")} {...register("lastName")} />
            <FieldError id="activation-lastName-error">{errors.lastName?.message}</FieldError>
          </div>
        </div>
        {isEmployee ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor="activation-moveDate">{t("activation.moveDate")}</Label>
            <Input
              id="activation-moveDate"
              inputMode="numeric"
              placeholder="dd/MM/yyyy"
              aria-invalid={errors.moveDate ? true : undefined}
              aria-describedby={["activation-moveDate-hint", describe("moveDate")].filter(Boolean).join(" ")}
              {...register("moveDate")}
            />
            <p id="activation-moveDate-hint" className="text-xs text-muted-foreground">
              {t("activation.moveDateHint")}
            </p>
            <FieldError id="activation-moveDate-error">{errors.moveDate?.message}</FieldError>
          </div>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor="activation-password">{t("activation.password")}</Label>
          <Input
            id="activation-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={["activation-rules", describe("password")].filter(Boolean).join(" ")}
            {...register("password")}
          />
          <FieldError id="activation-password-error">{errors.password?.message}</FieldError>
        </div>
        <PasswordChecklist id="activation-rules" password={password} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="activation-confirmPassword">{t("activation.confirmPassword")}</Label>
          <Input
            id="activation-confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={describe("confirmPassword")}
            {...register("confirmPassword")}
          />
          <FieldError id="activation-confirmPassword-error">{errors.confirmPassword?.message}</FieldError>
        </div>
        {data.requireTNC ? (
          <div className="flex flex-col gap-2">
            <div className="flex items-start gap-3">
              <input
                id="activation-acceptTerms"
                type="checkbox"
                className="mt-0.5 size-4 accent-[var(--color-primary)]"
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={describe("acceptTerms")}
                {...register("acceptTerms")}
              />
              <Label htmlFor="activation-acceptTerms" className="font-normal">
                {t("activation.acceptTerms")}
              </Label>
            </div>
            <details className="rounded-lg border border-border bg-surface px-4 py-3 text-sm">
              <summary className="cursor-pointer font-medium text-primary">{t("activation.readTerms")}</summary>
              <TermsText compact />
            </details>
            <FieldError id="activation-acceptTerms-error">{errors.acceptTerms?.message}</FieldError>
          </div>
        ) : null}
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? t("activation.submitting") : t("activation.submit")}
        </Button>
      </form>
      {formError ? (
        <Alert variant="destructive" role="alert" className="mt-6" data-testid="activation-error">
          {formError}
        </Alert>
      ) : null}
    </>
  );
}

const TERMS_SECTIONS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"] as const;

/** The terms and conditions text (translatable, from en-activation.ts). */
export function TermsText({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const Heading = compact ? "h3" : "h2";
  return (
    <div className="mt-3 flex flex-col gap-4 text-sm leading-relaxed text-foreground">
      {TERMS_SECTIONS.map((s) => (
        <section key={s} aria-labelledby={`terms-${s}-${compact ? "c" : "p"}`}>
          <Heading id={`terms-${s}-${compact ? "c" : "p"}`} className="font-semibold">
            {t(`terms.${s}.title`)}
          </Heading>
          <p className="mt-1 text-muted-foreground">{t(`terms.${s}.body`)}</p>
        </section>
      ))}
    </div>
  );
}
