/**
 * The policy setup page's shared pieces (part 2 §2 "Policy setup"): its loading skeleton, the titled
 * sections, the warnings, a select of options, a label with its save state, the per-field save
 * state, and the note on estimate authorisation.
 */
import { Check, CircleAlert, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/utils.ts";

export type Option = { value: string; label: string };
export type SaveState = { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string };

export function SetupSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-6">
      <span className="sr-only">{t("app.loading")}</span>
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `setup-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <CardHeader className="border-b border-border pb-4">
          <CardTitle id={id}>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 tablet:grid-cols-2">{children}</CardContent>
      </section>
    </Card>
  );
}

export function Warnings({ warnings }: { warnings: string[] }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="empty:hidden">
      {warnings.length > 0 ? (
        <div role="status" className="flex gap-3 rounded-lg border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning-foreground" data-testid="setup-warnings">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{t("policy.setup.warnings")}</p>
            <ul className="flex flex-col gap-1">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function OptionSelect({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  allowNone,
  disabled,
  status,
}: {
  label: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  allowNone?: boolean;
  disabled?: boolean;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  // A stored value the options no longer list still shows (and stays selected).
  const known = value === "" || options.some((o) => o.value === value);
  return (
    <FormField label={<LabelWithStatus label={label} status={status} />} error={error} hint={hint}>
      {(field) => (
        <NativeSelect {...field} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          {allowNone || value === "" ? <option value="">{allowNone ? t("policy.none") : t("policy.notSet")}</option> : null}
          {known ? null : <option value={value}>{value}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function LabelWithStatus({ label, status }: { label: string; status?: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      {label}
      {status}
    </span>
  );
}

/** The per-field save state: a spinner while saving, a tick once saved, an icon on failure (the text shows below the field). */
export function SaveStatus({ state }: { state: SaveState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state.kind === "saving") return <Spinner className="size-3.5 text-muted-foreground" />;
  if (state.kind === "saved")
    return (
      <span className={cn("inline-flex items-center text-success-foreground")}>
        <Check aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t("policy.saved")}</span>
      </span>
    );
  return <CircleAlert aria-hidden="true" className="size-3.5 text-destructive" />;
}

/** Why the estimate types are limited: the group is not authorised, or the check failed (part 1 §8 text). */
export function EstimateAuthorisationNote({ authorisation }: { authorisation: { isError: boolean; data?: { authorised: boolean } } }) {
  const { t } = useTranslation();
  if (authorisation.isError) {
    return (
      <Alert variant="destructive" className="tablet:col-span-2 desktop:col-span-3" data-testid="estimate-authorisation">
        {estimateMessages.authorisationFailure}
      </Alert>
    );
  }
  if (authorisation.data && !authorisation.data.authorised) {
    return (
      <Alert variant="info" className="tablet:col-span-2 desktop:col-span-3" data-testid="estimate-authorisation">
        {t("policy.setup.estimateNotAuthorised")}
      </Alert>
    );
  }
  return null;
}
