/**
 * The form of wizard stage 6, the advanced cost estimate inputs (part 1 §2 stage 6, §3 advanced
 * tax settings, §5 date of birth, §8 "a provider message at stage 6 shows a warning and offers
 * skipping"): the assignment (years, tax method, filing status, tax rate), the family with dates of
 * birth, and the home and host details (advanced-inputs-location.tsx). Save & continue checks the
 * form (advanced-inputs-state.ts), stores it (advance-ce-details) and shows problems per field.
 */
import { ArrowLeft, ArrowRight, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { FILING_STATUS_VALUES, MAX_YEARS, MIN_YEARS, TAX_METHODS, type TAdvanceCeDetailsResponse } from "../../../domain/estimate/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { LocationFields, type Countries } from "./advanced-inputs-location.tsx";
import {
  addMember,
  checkAdvancedForm,
  earliestBirthDate,
  formFromDetails,
  removeMember,
  setLocation,
  toSaveDetailsRequest,
  updateMember,
  type AdvancedForm,
  type Relationship,
  type Side,
} from "./advanced-inputs-state.ts";
import { fieldErrorsOf, isConnectionFailure } from "./calls.ts";
import { methodKey } from "./estimate-settings.tsx";
import { PercentInput } from "./estimate-parts.tsx";

export type AdvancedInputsStageProps = {
  group: string;
  employeeId: number;
  moveId: number;
  onBack: () => void;
  /** Saved: on to the estimate (stage 4). */
  onNext: () => void;
  onSkip: () => void;
};

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Field keys the form shows next to a field; any other key the server answers is a message for the whole stage. */
function isFormKey(key: string): boolean {
  return /^(years|filingStatus|marginalTaxRate|taxMethod|taxCategories|familyMembers\.\d+\.(dateOfBirth|firstName|relationship)|(home|host)\.(countryCode|region|routeOption|specialRules|taxPosition|residencyList|familySize|numberOfDependants))$/.test(key);
}

export function AdvancedInputsForm({
  group,
  employeeId,
  moveId,
  onBack,
  onNext,
  onSkip,
  data,
  countries,
}: AdvancedInputsStageProps & { data: TAdvanceCeDetailsResponse; countries: Countries }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AdvancedForm>(() => formFromDetails(data.details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; provider: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const today = useMemo(todayIso, []);

  useEffect(() => {
    if (focusErrors === 0) return;
    const el = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (el) el.focus();
    else messageRef.current?.focus();
  }, [focusErrors]);

  const change = (next: AdvancedForm, ...clear: string[]) => {
    setForm(next);
    if (clear.length > 0)
      setErrors((cur) => {
        if (!clear.some((k) => k in cur)) return cur;
        const copy = { ...cur };
        for (const k of clear) delete copy[k];
        return copy;
      });
  };

  const show = (fields: Record<string, string>, text: string | null, provider = false) => {
    setErrors(fields);
    setMessage(text ? { text, provider } : null);
    setFocusErrors((n) => n + 1);
  };

  const submit = async () => {
    setMessage(null);
    const problems = checkAdvancedForm(form, today, {
      memberName: (i) => t("estimate.inputs.memberN", { n: i + 1 }),
      familySize: t("estimate.inputs.familySizeRange"),
      dependants: t("estimate.inputs.dependantsRange"),
      sideName: (side) => t(side === "home" ? "estimate.inputs.homeWord" : "estimate.inputs.hostWord"),
    });
    if (Object.keys(problems).length > 0) {
      show(problems, estimateMessages.fillRequired);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await trpcClient.estimate.saveAdvanceCeDetails.mutate(toSaveDetailsRequest(form, { group, employeeId, moveId }));
      setSaving(false);
      const fieldEntries = Object.entries(res.errors);
      if (!res.success || fieldEntries.length > 0) {
        const fields = Object.fromEntries(fieldEntries.filter(([k]) => isFormKey(k)));
        const other = fieldEntries.filter(([k]) => !isFormKey(k)).map(([, v]) => v);
        // A message that belongs to no field (the estimate provider's) is a warning that offers skipping (§8).
        if (other.length > 0) show(fields, other.join(" "), true);
        else show(fields, Object.keys(fields).length > 0 ? estimateMessages.fillRequired : estimateMessages.initiatingEmployee);
        return;
      }
      onNext();
    } catch (error) {
      setSaving(false);
      const fields = fieldErrorsOf(error);
      if (fields) {
        const known = Object.fromEntries(Object.entries(fields).filter(([k]) => isFormKey(k)));
        const other = Object.entries(fields).filter(([k]) => !isFormKey(k)).map(([, v]) => v);
        show(known, other.length > 0 ? other.join(" ") : estimateMessages.fillRequired, other.length > 0);
      } else if (isConnectionFailure(error)) show({}, estimateMessages.saveTimeout);
      else {
        const text = serverMessage(error);
        show({}, text ?? estimateMessages.initiatingEmployee, text !== null);
      }
    }
  };

  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const regionsFor = (side: Side): Array<{ code: string; name: string }> => {
    const code = form[side].countryCode;
    const loaded = side === "home" ? data.details.home.countryCode : data.details.host.countryCode;
    const offered = side === "home" ? data.homeRegions : data.hostRegions;
    if (code && code === loaded && offered.length > 0) return offered;
    return countries.find((c) => c.code === code)?.states ?? [];
  };

  return (
    <div ref={rootRef}>
      <Card data-testid="estimate-inputs">
        <CardHeader className="gap-1 border-b border-border pb-5">
          <CardTitle>{t("estimate.inputs.title")}</CardTitle>
          <CardDescription>{t("estimate.inputs.description", { name: data.employeeName })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-8">
          <div ref={messageRef} tabIndex={-1} className="empty:hidden focus:outline-none">
            {message ? (
              message.provider ? (
                <Alert variant="info" role="alert" title={t("estimate.inputs.providerTitle")} data-testid="inputs-message">
                  <p>{message.text}</p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={onSkip}>
                    {t("estimate.skip")}
                  </Button>
                </Alert>
              ) : (
                <Alert variant="destructive" role="alert" data-testid="inputs-message">
                  {message.text}
                </Alert>
              )
            ) : null}
          </div>

          <Section title={t("estimate.inputs.assignment")} id="ai-assignment">
            <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-4">
              <FormField id="years" label={t("estimate.inputs.years")} hint={t("estimate.inputs.yearsHint")} error={errors.years} required>
                {(field) => (
                  <NativeSelect {...field} value={form.years} disabled={saving} onChange={(e) => change({ ...form, years: e.target.value }, "years")}>
                    {Array.from({ length: MAX_YEARS - MIN_YEARS + 1 }, (_, i) => String(MIN_YEARS + i)).map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField id="taxMethod" label={t("estimate.tax.methodLabel")} error={errors.taxMethod}>
                {(field) => (
                  <NativeSelect {...field} value={form.taxMethod} disabled={saving} onChange={(e) => change({ ...form, taxMethod: e.target.value as AdvancedForm["taxMethod"] })}>
                    {TAX_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {t(methodKey(m))}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField id="filingStatus" label={t("estimate.inputs.filingStatus")} error={errors.filingStatus}>
                {(field) => (
                  <NativeSelect {...field} value={form.filingStatus} disabled={saving} onChange={(e) => change({ ...form, filingStatus: e.target.value as AdvancedForm["filingStatus"] })}>
                    {FILING_STATUS_VALUES.map((f) => (
                      <option key={f} value={f}>
                        {t(`estimate.inputs.filing.${f}` as FilingKey)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField id="marginalTaxRate" label={t("estimate.inputs.marginalRate")} hint={t("estimate.inputs.marginalRateHint")} error={errors.marginalTaxRate}>
                {(field) => <PercentInput field={field} value={form.marginalTaxRate} disabled={saving} onChange={(v) => change({ ...form, marginalTaxRate: v }, "marginalTaxRate")} />}
              </FormField>
            </div>
          </Section>

          <Section title={t("estimate.inputs.family")} id="ai-family" description={t("estimate.inputs.familyDescription")}>
            {form.familyMembers.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="family-empty">
                {t("estimate.inputs.noFamily")}
              </p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="family-members">
                {form.familyMembers.map((m, i) => {
                  const dobKey = `familyMembers.${i}.dateOfBirth`;
                  const label = m.firstName.trim() || t("estimate.inputs.memberN", { n: i + 1 });
                  return (
                    <li key={m.key} className="grid items-start gap-3 rounded-lg border border-border p-4 tablet:grid-cols-[10rem_1fr_12rem_auto]" data-testid="family-member">
                      <FormField id={`ai-${m.key}-relationship`} label={t("estimate.inputs.relationship")}>
                        {(field) => (
                          <NativeSelect {...field} value={m.relationship} disabled={saving} onChange={(e) => change(updateMember(form, m.key, { relationship: e.target.value as Relationship }))}>
                            <option value="PARTNER">{t("estimate.inputs.rel.PARTNER")}</option>
                            <option value="CHILD">{t("estimate.inputs.rel.CHILD")}</option>
                            <option value="OTHER">{t("estimate.inputs.rel.OTHER")}</option>
                          </NativeSelect>
                        )}
                      </FormField>
                      <FormField id={`ai-${m.key}-name`} label={t("estimate.inputs.firstName")}>
                        {(field) => (
                          <Input {...field} maxLength={100} autoComplete="off" value={m.firstName} disabled={saving} onChange={(e) => change(updateMember(form, m.key, { firstName: e.target.value }))} />
                        )}
                      </FormField>
                      <FormField id={`ai-${m.key}-dob`} label={t("estimate.inputs.dateOfBirth")} error={errors[dobKey]} required>
                        {(field) => (
                          <Input
                            {...field}
                            type="date"
                            min={earliestBirthDate(today)}
                            max={today}
                            value={m.dateOfBirth}
                            disabled={saving}
                            onChange={(e) => change(updateMember(form, m.key, { dateOfBirth: e.target.value }), dobKey)}
                          />
                        )}
                      </FormField>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive tablet:mt-7"
                        disabled={saving}
                        aria-label={t("estimate.inputs.removeMember", { name: label })}
                        onClick={() => {
                          change(removeMember(form, m.key));
                          setErrors({});
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                        <span className="tablet:sr-only">{t("estimate.custom.removeShort")}</span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={saving} onClick={() => change(addMember(form, "PARTNER"))}>
                <Plus aria-hidden="true" />
                {t("estimate.inputs.addPartner")}
              </Button>
              <Button variant="outline" size="sm" disabled={saving} onClick={() => change(addMember(form, "CHILD"))}>
                <Plus aria-hidden="true" />
                {t("estimate.inputs.addChild")}
              </Button>
            </div>
          </Section>

          <div className="grid gap-8 desktop:grid-cols-2">
            {(["home", "host"] as const).map((side) => (
              <LocationFields
                key={side}
                side={side}
                value={form[side]}
                errors={errors}
                disabled={saving}
                countries={countries}
                regions={regionsFor(side)}
                countryName={countryName}
                onChange={(patch, ...clear) => change(setLocation(form, side, patch), ...clear)}
              />
            ))}
          </div>
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch gap-3 tablet:flex-row tablet:items-center">
          <Button variant="outline" onClick={onBack} disabled={saving}>
            <ArrowLeft aria-hidden="true" />
            {t("estimate.back")}
          </Button>
          <div className="flex flex-col-reverse gap-3 tablet:ml-auto tablet:flex-row">
            <Button variant="secondary" onClick={onSkip} disabled={saving}>
              {t("estimate.skip")}
            </Button>
            <Button onClick={() => void submit()} busy={saving} data-testid="inputs-save">
              {t("estimate.inputs.save")}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardFooter>
      </Card>
    </div>
  );
}

function Section({ title, id, description, children }: { title: string; id: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-sm font-semibold text-foreground">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

type FilingKey = `estimate.inputs.filing.${(typeof FILING_STATUS_VALUES)[number]}`;
