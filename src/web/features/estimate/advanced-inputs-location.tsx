/**
 * The home or host details of wizard stage 6, the advanced cost estimate inputs (part 1 §2 stage 6,
 * §3 advanced tax settings): country and region, route option, tax position, family size and
 * dependants, special rules and the countries of residency. The form (advanced-inputs-form.tsx)
 * shows one for each side.
 */
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ROUTE_OPTIONS, SPECIAL_RULES, TAX_POSITIONS } from "../../../domain/estimate/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toggleListValue, type LocationForm, type Side } from "./advanced-inputs-state.ts";

/** The countries the pickers offer, with their states or regions where the country has them. */
export type Countries = Array<{ code: string; name: string; states: Array<{ code: string; name: string }> | null }>;

type RouteKey = `estimate.inputs.route.${(typeof ROUTE_OPTIONS)[number]}`;
type PositionKey = `estimate.inputs.position.${(typeof TAX_POSITIONS)[number]}`;
type RuleKey = `estimate.inputs.rule.${(typeof SPECIAL_RULES)[number]}`;

export function LocationFields({
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
