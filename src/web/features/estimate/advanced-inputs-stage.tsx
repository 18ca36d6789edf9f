/**
 * Wizard stage 6, the advanced cost estimate inputs, shown before stage 4 for ADVANCED policies
 * (part 1 §2 stage 6, §3 advanced tax settings, §5 date of birth, §8 "a provider message at
 * stage 6 shows a warning and offers skipping", "Stage 5 or 6 failure"): the family with dates of
 * birth, home and host details, filing status, tax rate, years and tax method. Save & continue
 * stores them (advance-ce-details) and goes on to the estimate; problems show per field.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Plus, Trash2, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import {
  FILING_STATUS_VALUES,
  MAX_YEARS,
  MIN_YEARS,
  ROUTE_OPTIONS,
  SPECIAL_RULES,
  TAX_METHODS,
  TAX_POSITIONS,
  type TAdvanceCeDetailsResponse,
} from "../../../domain/estimate/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import {
  addMember,
  checkAdvancedForm,
  earliestBirthDate,
  formFromDetails,
  removeMember,
  setLocation,
  toggleListValue,
  toSaveDetailsRequest,
  updateMember,
  type AdvancedForm,
  type LocationForm,
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

type Countries = Array<{ code: string; name: string; states: Array<{ code: string; name: string }> | null }>;

const todayIso = () => new Date().toISOString().slice(0, 10);

export function AdvancedInputsStage(props: AdvancedInputsStageProps) {
  const { t } = useTranslation();
  const { group, employeeId, moveId } = props;
  const details = useQuery({
    ...trpc.estimate.advanceCeDetails.queryOptions({ group, employeeId, moveId }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const countries = useQuery({ ...trpc.wizard.countriesStates.queryOptions(), staleTime: 30 * 60_000 });

  if (details.isPending || countries.isPending) {
    return (
      <Card aria-busy="true" role="status" className="flex flex-col gap-4 p-6">
        <span className="sr-only">{t("estimate.inputs.loading")}</span>
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </Card>
    );
  }
  if (details.isError || countries.isError || !details.data.success) {
    const error = details.error ?? countries.error;
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t("estimate.inputs.title")}</CardTitle>
        </CardHeader>
        <ErrorState
          message={error && isConnectionFailure(error) ? estimateMessages.saveTimeout : (serverMessage(error) ?? estimateMessages.initiatingEmployee)}
          retryLabel={t("app.retry")}
          onRetry={() => {
            void details.refetch();
            void countries.refetch();
          }}
        />
        <CardFooter className="justify-between">
          <Button variant="outline" onClick={props.onBack}>
            <ArrowLeft aria-hidden="true" />
            {t("estimate.back")}
          </Button>
          <Button variant="secondary" onClick={props.onSkip}>
            {t("estimate.skip")}
          </Button>
        </CardFooter>
      </Card>
    );
  }
  return <AdvancedInputsForm {...props} data={details.data} countries={countries.data.countries} />;
}

/** Field keys the form shows next to a field; any other key the server answers is a message for the whole stage. */
function isFormKey(key: string): boolean {
  return /^(years|filingStatus|marginalTaxRate|taxMethod|taxCategories|familyMembers\.\d+\.(dateOfBirth|firstName|relationship)|(home|host)\.(countryCode|region|routeOption|specialRules|taxPosition|residencyList|familySize|numberOfDependants))$/.test(key);
}

function AdvancedInputsForm({
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
type RouteKey = `estimate.inputs.route.${(typeof ROUTE_OPTIONS)[number]}`;
type PositionKey = `estimate.inputs.position.${(typeof TAX_POSITIONS)[number]}`;
type RuleKey = `estimate.inputs.rule.${(typeof SPECIAL_RULES)[number]}`;

function LocationFields({
  side,
  value,
  errors,
  disabled,
  countries,
  regions,
  countryName,
  onChange,
}: {
  side: Side;
  value: LocationForm;
  errors: Record<string, string>;
  disabled: boolean;
  countries: Countries;
  regions: Array<{ code: string; name: string }>;
  countryName: (code: string) => string;
  onChange: (patch: Partial<LocationForm>, ...clear: string[]) => void;
}) {
  const { t } = useTranslation();
  const [residency, setResidency] = useState("");
  const title = side === "home" ? t("estimate.inputs.home") : t("estimate.inputs.host");
  const key = (f: string) => `${side}.${f}`;
  const rulesId = `ai-${side}-rules`;
  const residencyErrorId = `ai-${side}-residency-error`;
  return (
    <section aria-labelledby={`ai-${side}`} className="flex flex-col gap-4 rounded-lg border border-border p-5" data-testid={`location-${side}`}>
      <h3 id={`ai-${side}`} className="text-sm font-semibold text-foreground">
        {title}
      </h3>
      <div className="grid gap-4 tablet:grid-cols-2">
        <FormField id={`${side}.countryCode`} label={t("estimate.inputs.country", { side: title })} error={errors[key("countryCode")]} required>
          {(field) => (
            <NativeSelect {...field} value={value.countryCode} disabled={disabled} onChange={(e) => onChange({ countryCode: e.target.value }, key("countryCode"), key("region"))}>
              <option value="">{t("estimate.choose")}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {regions.length > 0 ? (
          <FormField id={`${side}.region`} label={t("estimate.inputs.region", { side: title })} error={errors[key("region")]}>
            {(field) => (
              <NativeSelect {...field} value={value.region} disabled={disabled} onChange={(e) => onChange({ region: e.target.value }, key("region"))}>
                <option value="">{t("estimate.choose")}</option>
                {regions.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}
        <FormField id={`${side}.routeOption`} label={t("estimate.inputs.routeOption", { side: title })} error={errors[key("routeOption")]}>
          {(field) => (
            <NativeSelect {...field} value={value.routeOption} disabled={disabled} onChange={(e) => onChange({ routeOption: e.target.value as LocationForm["routeOption"] })}>
              {ROUTE_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`estimate.inputs.route.${r}` as RouteKey)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${side}.taxPosition`} label={t("estimate.inputs.taxPosition", { side: title })} error={errors[key("taxPosition")]}>
          {(field) => (
            <NativeSelect {...field} value={value.taxPosition} disabled={disabled} onChange={(e) => onChange({ taxPosition: e.target.value as LocationForm["taxPosition"] })}>
              {TAX_POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {t(`estimate.inputs.position.${p}` as PositionKey)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${side}.familySize`} label={t("estimate.inputs.familySize", { side: title })} error={errors[key("familySize")]} required>
          {(field) => (
            <Input {...field} inputMode="numeric" maxLength={2} className="w-24" value={value.familySize} disabled={disabled} onChange={(e) => onChange({ familySize: e.target.value }, key("familySize"))} />
          )}
        </FormField>
        <FormField id={`${side}.numberOfDependants`} label={t("estimate.inputs.dependants", { side: title })} error={errors[key("numberOfDependants")]} required>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              maxLength={2}
              className="w-24"
              value={value.numberOfDependants}
              disabled={disabled}
              onChange={(e) => onChange({ numberOfDependants: e.target.value }, key("numberOfDependants"))}
            />
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors[key("specialRules")] ? `${rulesId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-foreground">{t("estimate.inputs.specialRules", { side: title })}</legend>
        <div className="grid gap-2 tablet:grid-cols-2">
          {SPECIAL_RULES.filter((r) => r !== "NONE").map((rule) => {
            const id = `${rulesId}-${rule}`;
            return (
              <div key={rule} className="flex items-start gap-2.5">
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={value.specialRules.includes(rule)}
                  disabled={disabled}
                  onCheckedChange={(on) => onChange({ specialRules: toggleListValue(value.specialRules.filter((r) => r !== "NONE"), rule, on === true) }, key("specialRules"))}
                />
                <Label htmlFor={id} className="font-normal leading-snug">
                  {t(`estimate.inputs.rule.${rule}` as RuleKey)}
                </Label>
              </div>
            );
          })}
        </div>
        <FieldError id={`${rulesId}-error`}>{errors[key("specialRules")]}</FieldError>
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`ai-${side}-residency`}>{t("estimate.inputs.residency", { side: title })}</Label>
        {value.residencyList.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t("estimate.inputs.residencyChosen", { side: title })}>
            {value.residencyList.map((code) => (
              <li key={code} className="flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pl-3 pr-1 text-sm">
                {countryName(code)}
                <button
                  type="button"
                  className="rounded-full p-1 text-muted-foreground hover:bg-muted-hover hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={t("estimate.inputs.removeResidency", { country: countryName(code) })}
                  disabled={disabled}
                  onClick={() => onChange({ residencyList: toggleListValue(value.residencyList, code, false) }, key("residencyList"))}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          <NativeSelect
            id={`ai-${side}-residency`}
            value={residency}
            disabled={disabled}
            aria-invalid={errors[key("residencyList")] ? true : undefined}
            aria-describedby={errors[key("residencyList")] ? residencyErrorId : undefined}
            onChange={(e) => setResidency(e.target.value)}
          >
            <option value="">{t("estimate.inputs.residencyPick")}</option>
            {countries
              .filter((c) => !value.residencyList.includes(c.code))
              .map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
          </NativeSelect>
          <Button
            variant="outline"
            disabled={disabled || residency === "" || value.residencyList.length >= 10}
            onClick={() => {
              onChange({ residencyList: toggleListValue(value.residencyList, residency, true) }, key("residencyList"));
              setResidency("");
            }}
          >
            <Plus aria-hidden="true" />
            <span aria-hidden="true">{t("estimate.inputs.residencyAdd")}</span>
            <span className="sr-only">{t("estimate.inputs.residencyAddFor", { side: title })}</span>
          </Button>
        </div>
        <FieldError id={residencyErrorId}>{errors[key("residencyList")]}</FieldError>
      </div>
    </section>
  );
}
