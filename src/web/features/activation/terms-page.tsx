import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ZAcceptTermsRequest, type TTermsFormField, type TTermsResponse } from "../../../domain/identity/activation/terms-form.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryView } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { TermsText } from "./activation-page.tsx";
import { fieldErrorsOf } from "./field-errors.ts";
import { formatDate } from "../../lib/format.ts";

type FormInput = z.input<typeof ZAcceptTermsRequest>;
type FormOutput = z.output<typeof ZAcceptTermsRequest>;
type FormValues = { accept: boolean; userType: string; email: string; firstName: string; lastName: string; moveDate: string; fields: Record<string, string | boolean> };

const OWN_FIELDS = ["userType", "email", "firstName", "lastName", "moveDate", "accept"] as const;

/**
 * /user/terms-and-conditions (part 2 §2, §3, §5, §7, §8): the terms text and the terms form —
 * user type and email address (the account's, read-only), first and last name, move date and the
 * group's configurable fields, and the accept box. The server checks the form; its field errors
 * appear next to the named fields and, with the spec's failure text, in the list above the button.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const status = useQuery(trpc.account.terms.queryOptions());

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("terms.title")} description={t("terms.intro")} />
      <QueryView query={status}>
        {(data) => (
          <Card>
            <CardContent className="pt-6">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("terms.version", { version: data.version })}</p>
              <TermsText />
              {data.accepted && data.acceptedAt ? (
                <div className="mt-6 flex flex-col gap-4">
                  <Alert variant="success">
                    {t("terms.acceptedOn", {
                      version: data.acceptedVersion ?? data.version,
                      date: formatDate(data.acceptedAt),
                    })}
                  </Alert>
                </div>
              ) : (
                <TermsForm data={data} />
              )}
            </CardContent>
          </Card>
        )}
      </QueryView>
    </div>
  );
}

function TermsForm({ data }: { data: TTermsResponse }) {
  const { t } = useTranslation();
  const accept = useMutation(trpc.account.acceptTerms.mutationOptions());
  const [failure, setFailure] = useState<{ message: string; listed: string[] } | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZAcceptTermsRequest),
    defaultValues: {
      accept: false,
      userType: data.userType,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      moveDate: data.moveDate,
      fields: Object.fromEntries(
        data.fields.map((f) => [f.modelName, f.type === "checkbox" ? data.values[f.modelName] === "true" : (data.values[f.modelName] ?? "")]),
      ),
    } satisfies FormValues,
  });
  const errors = formState.errors;
  const fieldErrors = (errors.fields ?? {}) as Record<string, { message?: string } | undefined>;
  const labelOf = (name: string) => {
    if ((OWN_FIELDS as readonly string[]).includes(name)) return name === "accept" ? t("terms.accept") : t(`termsForm.${name as Exclude<(typeof OWN_FIELDS)[number], "accept">}`);
    return data.fields.find((f) => f.modelName === name)?.label ?? name;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const result = await accept.mutateAsync(values);
        window.location.assign(result.redirectUrl ?? "/");
      } catch (error) {
        const fields = fieldErrorsOf(error);
        const names = Object.keys(fields);
        // Each error next to its field (the own fields by name, the configurable ones under `fields.`).
        for (const name of names) {
          const path = ((OWN_FIELDS as readonly string[]).includes(name) ? name : `fields.${name}`) as FieldPath<FormInput>;
          setError(path, { message: fields[name] });
        }
        setFailure({ message: serverMessage(error) ?? t("termsForm.signupFailed"), listed: names.map((n) => `${labelOf(n)}: ${fields[n]}`) });
        const first = names.find((n) => n !== "userType" && n !== "email");
        if (first) setFocus(((OWN_FIELDS as readonly string[]).includes(first) ? first : `fields.${first}`) as FieldPath<FormInput>);
      }
    },
    () => setFailure({ message: t("termsForm.signupFailed"), listed: [] }),
  );
  const busy = accept.isPending || accept.isSuccess;
  const describe = (id: string, error: unknown, hint?: string) => [hint, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5 border-t border-border pt-6" aria-labelledby="terms-details-title" data-testid="terms-form">
      <div>
        <h2 id="terms-details-title" className="text-base font-semibold">
          {t("termsForm.detailsTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("termsForm.detailsIntro")}</p>
      </div>
      <div className="grid gap-5 tablet:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="terms-userType-shown">{t("termsForm.userType")}</Label>
          <Input id="terms-userType-shown" readOnly value={t(`termsForm.userType.${data.userType}`)} aria-describedby={describe("terms-userType", errors.userType)} />
          <input type="hidden" {...register("userType")} />
          <FieldError id="terms-userType-error">{errors.userType?.message}</FieldError>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="terms-email">{t("termsForm.email")}</Label>
          <Input id="terms-email" type="email" autoComplete="email" readOnly aria-invalid={errors.email ? true : undefined} aria-describedby={describe("terms-email", errors.email)} {...register("email")} />
          <FieldError id="terms-email-error">{errors.email?.message}</FieldError>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="terms-firstName">{t("termsForm.firstName")}</Label>
          <Input id="terms-firstName" autoComplete="given-name" aria-invalid={errors.firstName ? true : undefined} aria-describedby={describe("terms-firstName", errors.firstName)} {...register("firstName")} />
          <FieldError id="terms-firstName-error">{errors.firstName?.message}</FieldError>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="terms-lastName">{t("termsForm.lastName")}</Label>
          <Input id="terms-lastName" autoComplete="family-name" aria-invalid={errors.lastName ? true : undefined} aria-describedby={describe("terms-lastName", errors.lastName)} {...register("lastName")} />
          <FieldError id="terms-lastName-error">{errors.lastName?.message}</FieldError>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="terms-moveDate">
            {t("termsForm.moveDate")} <span className="font-normal text-muted-foreground">({t("termsForm.optional")})</span>
          </Label>
          <Input
            id="terms-moveDate"
            inputMode="numeric"
            placeholder="dd/MM/yyyy"
            aria-invalid={errors.moveDate ? true : undefined}
            aria-describedby={describe("terms-moveDate", errors.moveDate, "terms-moveDate-hint")}
            {...register("moveDate")}
          />
          <p id="terms-moveDate-hint" className="text-xs text-muted-foreground">
            {t("termsForm.dateHint")}
          </p>
          <FieldError id="terms-moveDate-error">{errors.moveDate?.message}</FieldError>
        </div>
        {data.fields.map((field) => (
          <ConfigurableField key={field.modelName} field={field} error={fieldErrors[field.modelName]?.message} register={register} />
        ))}
      </div>

      <div className="flex flex-col gap-2 border-t border-border pt-5">
        <div className="flex items-start gap-3">
          <input
            id="terms-accept"
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--color-primary)]"
            aria-invalid={errors.accept ? true : undefined}
            aria-describedby={errors.accept ? "terms-accept-error" : undefined}
            {...register("accept")}
          />
          <Label htmlFor="terms-accept" className="font-normal">
            {t("terms.accept")}
          </Label>
        </div>
        <FieldError id="terms-accept-error">{errors.accept?.message}</FieldError>
      </div>
      {failure ? (
        <Alert variant="destructive" role="alert" data-testid="terms-error">
          <p>{failure.message}</p>
          {failure.listed.length > 0 ? (
            <>
              <p className="mt-2 font-medium">{t("termsForm.errorsTitle")}</p>
              <ul className="mt-1 list-disc pl-5" data-testid="terms-error-list">
                {failure.listed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" className="self-start" busy={busy}>
        {busy ? t("terms.submitting") : t("terms.submit")}
      </Button>
    </form>
  );
}

function ConfigurableField({
  field,
  error,
  register,
}: {
  field: TTermsFormField;
  error: string | undefined;
  register: ReturnType<typeof useForm<FormInput, unknown, FormOutput>>["register"];
}) {
  const { t } = useTranslation();
  const id = `terms-field-${field.modelName}`;
  const name = `fields.${field.modelName}` as FieldPath<FormInput>;
  const common = {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-required": field.mandatory ? (true as const) : undefined,
  };
  const hintId = field.type === "date" ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const label = (
    <>
      {field.label}
      {field.mandatory ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </>
  );

  if (field.type === "checkbox") {
    return (
      <div className="flex min-w-0 flex-col gap-2 tablet:col-span-2">
        <div className="flex items-start gap-3">
          <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-primary)]" aria-describedby={describedBy} {...common} {...register(name)} />
          <Label htmlFor={id} className="font-normal">
            {label}
          </Label>
        </div>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {field.type === "select" ? (
        <NativeSelect aria-describedby={describedBy} {...common} {...register(name)}>
          <option value="">{t("termsForm.choose")}</option>
          {field.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input
          aria-describedby={describedBy}
          {...(field.type === "date" ? { inputMode: "numeric" as const, placeholder: "dd/MM/yyyy" } : {})}
          {...common}
          {...register(name)}
        />
      )}
      {hintId ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("termsForm.dateHint")}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
