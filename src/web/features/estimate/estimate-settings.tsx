/**
 * The tax settings and the approval block of stage 4 (part 1 §3 save payload: taxCategory,
 * annualSalaryAmount/Currency, taxRateOverride; employeeInformation's approval fields; §5
 * approval rules). Controlled: the page owns the state.
 */
import { Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ESTIMATE_TAX_CATEGORIES, TAX_METHODS, type TCostEstimateView } from "../../../domain/estimate/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import type { TApprovalState } from "../../../domain/estimate/approval-link.ts";
import type { Approval, TaxCategory, TaxSettings } from "./estimate-state.ts";
import { formatDate } from "./format.ts";
import { PercentInput } from "./estimate-parts.tsx";
import { TaxTablesList } from "./tax-tables.tsx";
import { currencyLabel } from "../../lib/format.ts";

type MethodKey = "estimate.tax.method.SUPPLEMENTAL" | "estimate.tax.method.MARGINAL" | "estimate.tax.method.GROSS_UP";
type CategoryKey = "estimate.tax.category.MARGINAL" | "estimate.tax.category.SUPPLEMENTAL" | "estimate.tax.category.EFFECTIVE" | "estimate.tax.category.NON_TAXABLE";
export const methodKey = (m: TaxSettings["taxMethod"]) => `estimate.tax.method.${m}` as MethodKey;
export const categoryKey = (c: TaxCategory) => `estimate.tax.category.${c}` as CategoryKey;

export function TaxPanel({
  view,
  tax,
  appliedRate,
  errors,
  disabled,
  showSalary,
  onChange,
}: {
  view: TCostEstimateView;
  tax: TaxSettings;
  appliedRate: number;
  errors: Record<string, string>;
  disabled: boolean;
  showSalary: boolean;
  onChange: (patch: Partial<TaxSettings>) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ce-tax-title" className="flex flex-col gap-4 rounded-lg border border-border p-5" data-testid="tax-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ce-tax-title" className="text-sm font-semibold text-foreground">
          {t("estimate.tax.title")}
        </h3>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {t("estimate.tax.applied")}
          <Badge variant="info" data-testid="applied-rate">
            {t("estimate.tax.percent", { rate: appliedRate })}
          </Badge>
          {view.manualTax ? <Badge variant="neutral">{t("estimate.tax.manual")}</Badge> : null}
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 tablet:grid-cols-2">
        <FormField label={t("estimate.tax.methodLabel")}>
          {(field) => (
            <NativeSelect {...field} value={tax.taxMethod} disabled={disabled} onChange={(e) => onChange({ taxMethod: e.target.value as TaxSettings["taxMethod"] })}>
              {TAX_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(methodKey(m))}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("estimate.tax.categoryLabel")}>
          {(field) => (
            <NativeSelect {...field} value={tax.taxCategory} disabled={disabled} onChange={(e) => onChange({ taxCategory: e.target.value as TaxCategory })}>
              {ESTIMATE_TAX_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(categoryKey(c))}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="taxRateOverride" label={t("estimate.tax.overrideLabel")} hint={t("estimate.tax.overrideHint")} error={errors.taxRateOverride}>
          {(field) => <PercentInput field={field} value={tax.taxRateOverride} disabled={disabled} onChange={(v) => onChange({ taxRateOverride: v })} />}
        </FormField>
        {showSalary ? (
          <div className="flex flex-col gap-2">
            <div className="flex items-end gap-2">
              <FormField id="annualSalaryAmount" label={t("estimate.tax.salaryLabel")} className="min-w-0 flex-1" error={errors.annualSalaryAmount}>
                {(field) => (
                  <Input
                    {...field}
                    inputMode="decimal"
                    autoComplete="off"
                    className="text-right tabular-nums"
                    value={tax.annualSalaryAmount}
                    disabled={disabled}
                    onChange={(e) => onChange({ annualSalaryAmount: e.target.value })}
                  />
                )}
              </FormField>
              <FormField id="annualSalaryCurrency" label={t("estimate.tax.salaryCurrency")} className="w-28" error={errors.annualSalaryCurrency}>
                {(field) => (
                  <NativeSelect {...field} value={tax.annualSalaryCurrency} disabled={disabled} onChange={(e) => onChange({ annualSalaryCurrency: e.target.value })}>
                    <option value="">{t("estimate.choose")}</option>
                    {currencyChoices(view, tax.annualSalaryCurrency).map((c) => (
                      <option key={c} value={c}>
                        {currencyLabel(c)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
          </div>
        ) : null}
      </div>
      <TaxTablesList tables={view.taxTables} />
    </section>
  );
}

function currencyChoices(view: TCostEstimateView, current: string): string[] {
  const list = [...view.displayCurrencies];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

/**
 * Issue 13 item 6: approval is the approver's. HR records the approver's name and e-mail and sends
 * for approval; the approval itself reads as a status. Only an ADMIN (`canRecordApproval`) records an
 * approval received outside Meridian (the Approved box and the date); the server refuses it from HR.
 */
export function ApprovalPanel({
  approval,
  recorded,
  canRecordApproval,
  errors,
  disabled,
  sending,
  onChange,
  onSend,
  state,
}: {
  approval: Approval;
  /** The approval as stored on the version shown. */
  recorded: Approval;
  canRecordApproval: boolean;
  errors: Record<string, string>;
  disabled: boolean;
  sending: boolean;
  onChange: (patch: Partial<Approval>) => void;
  onSend: () => void;
  /** The approver's decision, or pending since sent (issue 13 item 6). */
  state?: TApprovalState | undefined;
}) {
  const { t } = useTranslation();
  // HR cannot rename the approver of a recorded approval (the server keeps it as recorded).
  const nameLocked = !canRecordApproval && recorded.isApproved;
  return (
    <section aria-labelledby="ce-approval-title" className="flex flex-col gap-4 rounded-lg border border-border p-5" data-testid="approval-panel">
      <h3 id="ce-approval-title" className="text-sm font-semibold text-foreground">
        {t("estimate.approval.title")}
      </h3>
      {state?.state === "REJECTED" || state?.state === "PENDING" ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="approval-decision">
          {state.state === "REJECTED" ? (
            <>
              <Badge variant="destructive">{t("estimate.approval.rejected")}</Badge>
              {t("estimate.approval.rejectedBy", { name: state.decidedBy ?? "—", date: formatDate(state.decidedAt) || "—", comment: state.comment ?? "" })}
            </>
          ) : (
            <>
              <Badge variant="info">{t("estimate.approval.pending")}</Badge>
              {t("estimate.approval.pendingSince", { email: state.sentTo ?? "—", date: formatDate(state.sentAt) || "—" })}
            </>
          )}
        </p>
      ) : null}
      {canRecordApproval ? (
        <div className="flex items-center gap-3">
          <Checkbox id="ce-approved" checked={approval.isApproved} disabled={disabled} onCheckedChange={(v) => onChange({ isApproved: v === true })} />
          <Label htmlFor="ce-approved">{t("estimate.approval.recordOutside")}</Label>
        </div>
      ) : state?.state === "REJECTED" || state?.state === "PENDING" ? null : (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="approval-status">
          {recorded.isApproved ? (
            <>
              <Badge variant="success">{t("estimate.approval.approved")}</Badge>
              {t("estimate.approval.recordedBy", { name: recorded.approverName || recorded.approverEmail, date: formatDate(recorded.approvalDate) })}
            </>
          ) : (
            <>
              <Badge variant="neutral">{t("estimate.approval.notApproved")}</Badge>
              {t("estimate.approval.approverApproves")}
            </>
          )}
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 tablet:grid-cols-2">
        <FormField id="approverName" label={t("estimate.approval.name")} required={canRecordApproval && approval.isApproved} error={errors.approverName}>
          {(field) => (
            <Input {...field} autoComplete="name" maxLength={200} value={approval.approverName} disabled={disabled || nameLocked} onChange={(e) => onChange({ approverName: e.target.value })} />
          )}
        </FormField>
        <FormField id="approverEmail" label={t("estimate.approval.email")} hint={t("estimate.approval.emailHint")} error={errors.approverEmail}>
          {(field) => (
            <Input {...field} type="email" autoComplete="email" maxLength={254} value={approval.approverEmail} disabled={disabled} onChange={(e) => onChange({ approverEmail: e.target.value })} />
          )}
        </FormField>
        {canRecordApproval ? (
          <FormField id="approvalDate" label={t("estimate.approval.date")} required={approval.isApproved} error={errors.approvalDate}>
            {(field) => <Input {...field} type="date" value={approval.approvalDate} disabled={disabled} onChange={(e) => onChange({ approvalDate: e.target.value })} className="w-48" />}
          </FormField>
        ) : null}
      </div>
      <div>
        <Button variant="secondary" onClick={onSend} busy={sending} disabled={disabled} data-testid="send-for-approval">
          <Send aria-hidden="true" />
          {t("estimate.approval.send")}
        </Button>
      </div>
    </section>
  );
}
