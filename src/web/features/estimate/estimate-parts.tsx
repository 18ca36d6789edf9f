/**
 * Small pieces shared by the estimate stage and the version page: the progress bar of a
 * recalculation, an item's working steps, the export links, the taxability select.
 */
import { Download, FileSpreadsheet, FileText } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TAXABILITIES, type TCostEstimateType, type TTaxability, type TWorkingStep } from "../../../domain/estimate/schemas.ts";
import { formatDecimalText, formatMajorMoney, formatNumber } from "../../lib/format.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { cn } from "../../lib/utils.ts";

/** A determinate progress bar with a visible label ("Recalculating… poll 3 of 60"). */
export function ProgressBar({ value, max, label, className }: { value: number; max: number; label: string; className?: string }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div className={cn("flex flex-col gap-2", className)} data-testid="recalc-progress">
      <p className="text-sm font-medium text-foreground" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
    </div>
  );
}

/** "How is this calculated?": each step's label, formula, inputs and result. */
export function WorkingSteps({ steps, id }: { steps: TWorkingStep[]; id: string }) {
  const { t } = useTranslation();
  return (
    <ol id={id} className="flex flex-col gap-3 text-sm" data-testid="working-steps">
      {steps.map((step, i) => (
        <li key={`${step.label}-${i}`} className="rounded-md border border-border bg-surface p-3">
          <p className="font-medium text-foreground">
            {i + 1}. {step.label}
          </p>
          {step.formula ? (
            <p className="mt-1 text-muted-foreground">
              {t("estimate.working.formula")}: <code className="rounded bg-muted px-1 py-0.5 font-mono text-[12.5px] text-foreground">{step.formula}</code>
            </p>
          ) : null}
          {Object.keys(step.inputs).length > 0 ? (
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
              {Object.entries(step.inputs).map(([name, value]) => (
                <div key={name} className="flex gap-1">
                  <dt className="font-mono text-[12.5px]">{name}</dt>
                  <dd className="tabular-nums text-foreground">= {formatNumber(value)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p className="mt-1 text-foreground">
            {t("estimate.working.result")}:{" "}
            <span className="font-semibold tabular-nums">
              {step.currency ? formatMajorMoney(step.result, step.currency) : formatDecimalText(step.result)}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The spreadsheet and PDF downloads (a plain link: the browser sends the session cookie). Off while edits wait. */
export function ExportLinks({
  group,
  employeeId,
  moveId,
  balanceSheet,
  costEstimateId,
  disabled,
  disabledReason,
}: {
  group: string;
  employeeId: number;
  moveId: number;
  balanceSheet: boolean;
  costEstimateId?: number;
  disabled?: boolean;
  disabledReason?: string;
}) {
  const { t } = useTranslation();
  const href = (format: "xlsx" | "pdf") => {
    const q = new URLSearchParams({ userId: String(employeeId), moveId: String(moveId), isBalanceSheetView: String(balanceSheet), format });
    if (costEstimateId !== undefined) q.set("costEstimateId", String(costEstimateId));
    return `/${encodeURIComponent(group)}/generateCostEstimateExport?${q.toString()}`;
  };
  const items = [
    { format: "xlsx" as const, label: t("estimate.export.spreadsheet"), icon: FileSpreadsheet },
    { format: "pdf" as const, label: t("estimate.export.pdf"), icon: FileText },
  ];
  return (
    <div role="group" aria-label={t("estimate.export.label")} className="flex flex-wrap items-center gap-2" data-testid="export-links">
      <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Download className="size-4" aria-hidden="true" />
        {t("estimate.export.label")}
      </span>
      {items.map(({ format, label, icon: Icon }) =>
        disabled ? (
          <Button key={format} variant="outline" size="sm" disabled title={disabledReason}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ) : (
          <Button key={format} variant="outline" size="sm" asChild>
            <a href={href(format)} download>
              <Icon aria-hidden="true" />
              {label}
            </a>
          </Button>
        ),
      )}
    </div>
  );
}

type TaxabilityKey = "estimate.taxability.TAXABLE" | "estimate.taxability.NON_TAXABLE" | "estimate.taxability.MAYBE";
export const taxabilityKey = (t: TTaxability) => `estimate.taxability.${t}` as TaxabilityKey;

/** Taxable / Non-taxable / Maybe (a custom row may start without a choice). */
export function TaxabilitySelect({
  value,
  onChange,
  allowEmpty = false,
  ...props
}: Omit<ComponentProps<"select">, "value" | "onChange"> & { value: TTaxability | ""; onChange: (value: TTaxability | "") => void; allowEmpty?: boolean }) {
  const { t } = useTranslation();
  return (
    <NativeSelect value={value} onChange={(e) => onChange(e.target.value as TTaxability | "")} {...props}>
      {allowEmpty || value === "" ? <option value="">{t("estimate.choose")}</option> : null}
      {TAXABILITIES.map((x) => (
        <option key={x} value={x}>
          {t(taxabilityKey(x))}
        </option>
      ))}
    </NativeSelect>
  );
}

type TypeKey = "estimate.type.ADVANCED" | "estimate.type.LTA" | "estimate.type.STA" | "estimate.type.NO_PROVIDER";
export const typeKey = (type: TCostEstimateType) => `estimate.type.${type}` as TypeKey;

export function TypeBadge({ type }: { type: TCostEstimateType }) {
  const { t } = useTranslation();
  return (
    <Badge variant="info" data-testid="estimate-type">
      {t(typeKey(type))}
    </Badge>
  );
}

/** A whole-percent text box with its "%" sign (tax rate overrides); `field` comes from FormField. */
export function PercentInput({ field, value, disabled, onChange }: { field: Record<string, unknown>; value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Input
        {...field}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        className="w-24 text-right tabular-nums"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        %
      </span>
    </div>
  );
}
