/**
 * One input per initiation-form type (part 1 §3 form component item): text, select, checkbox,
 * radio, money, numeric, read-only money, date of birth (day / month / year), country-state-city
 * and hidden (not rendered). Every control has a visible label; the field's error is tied to it
 * by aria-invalid and aria-describedby, and its tooltip is shown as a hint.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isDateField } from "../../../domain/moves/wizard/validation.ts";
import type { TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { readerLocale } from "../../lib/format.ts";
import { CityField } from "./city-field.tsx";
import { controlId, Group, Hint, Required, type Countries, type FieldValue } from "./field-frame.tsx";
import { MoneyInput } from "./money-input.tsx";

/** Move dates (and end-date fields) take a calendar date, whatever their form type. */

type FieldProps = {
  component: TInitiationComponent;
  value: FieldValue;
  error: string | undefined;
  onChange: (patch: Partial<FieldValue>) => void;
  currencyCodes: string[];
  countries: Countries | undefined;
  disabled?: boolean;
};

/** aria attributes of a control: invalid when the field has an error, described by the error and the hint. */
function aria(id: string, c: TInitiationComponent, error: string | undefined) {
  const described = [error ? `${id}-error` : null, c.tooltip ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(described ? { "aria-describedby": described } : {}),
    ...(c.mandatory ? { "aria-required": true as const } : {}),
  };
}

/** A labelled single control. */
function Simple({ c, error, children, inline = false }: { c: TInitiationComponent; error: string | undefined; children: ReactNode; inline?: boolean }) {
  const id = controlId(c);
  const label = (
    <Label htmlFor={id}>
      {c.label}
      <Required on={c.mandatory} />
    </Label>
  );
  return (
    <div className="flex flex-col gap-2" data-model={c.modelName}>
      {inline ? (
        <div className="flex items-center gap-3">
          {children}
          {label}
        </div>
      ) : (
        <>
          {label}
          {children}
        </>
      )}
      <Hint id={`${id}-hint`} text={c.tooltip} />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, "0"));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** "YYYY-MM-DD" (or a partial "YYYY--DD") split into its parts. */
function dateParts(text: string | null): { y: string; m: string; d: string } {
  const [y = "", m = "", d = ""] = (text ?? "").split("-");
  return { y, m, d };
}
/** The parts back into text; all empty → null, partial → "Y-M-D" with gaps (the rules say "day, month and year"). */
function joinDate(p: { y: string; m: string; d: string }): string | null {
  if (!p.y && !p.m && !p.d) return null;
  return `${p.y}-${p.m}-${p.d}`;
}

export function InitiationField({ component: c, value, error, onChange, currencyCodes, countries, disabled }: FieldProps) {
  const { t } = useTranslation();
  const id = controlId(c);
  const a = aria(id, c, error);
  const text = value.formValue ?? "";

  if (c.formType === "hidden") return null;

  if (c.formType === "read-only-money" || (c.readOnly && c.formType === "money")) {
    return (
      <div className="flex flex-col gap-2" data-model={c.modelName}>
        <span className="text-sm font-medium leading-none text-foreground" id={`${id}-label`}>
          {c.label}
        </span>
        <output id={id} aria-labelledby={`${id}-label`} className="text-sm text-foreground tabular-nums">
          {text ? `${text} ${value.currency ?? ""}`.trim() : t("wizard.form.notSet")}
        </output>
        <Hint id={`${id}-hint`} text={c.tooltip} />
      </div>
    );
  }

  if (isDateField(c)) {
    return (
      <Simple c={c} error={error}>
        <Input id={id} type="date" value={text} onChange={(e) => onChange({ formValue: e.target.value || null })} readOnly={c.readOnly} disabled={disabled} {...a} />
      </Simple>
    );
  }

  switch (c.formType) {
    case "select":
      return (
        <Simple c={c} error={error}>
          <NativeSelect id={id} value={text} onChange={(e) => onChange({ formValue: e.target.value || null })} disabled={disabled || c.readOnly} {...a}>
            <option value="">{c.placeholder || t("wizard.form.select")}</option>
            {c.availableValues.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
            {text && !c.availableValues.includes(text) ? <option value={text}>{text}</option> : null}
          </NativeSelect>
        </Simple>
      );
    case "checkbox":
      return (
        <Simple c={c} error={error} inline>
          <Checkbox
            id={id}
            checked={text.toLowerCase() === "true"}
            onCheckedChange={(checked) => onChange({ formValue: checked === true ? "true" : "false" })}
            disabled={disabled || c.readOnly}
            {...a}
          />
        </Simple>
      );
    case "radio":
      return (
        <Group c={c} error={error}>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {c.availableValues.map((v, i) => {
              const rid = i === 0 ? id : `${id}-${i}`;
              return (
                <label key={v} htmlFor={rid} className="flex items-center gap-2 text-sm">
                  <input
                    id={rid}
                    type="radio"
                    name={id}
                    value={v}
                    checked={text === v}
                    onChange={() => onChange({ formValue: v })}
                    disabled={disabled || c.readOnly}
                    className="size-4 accent-primary"
                    {...a}
                    aria-required={undefined}
                  />
                  {v}
                </label>
              );
            })}
          </div>
        </Group>
      );
    case "money":
      return (
        <Group c={c} error={error}>
          <MoneyInput
            compact
            id={id}
            amount={text}
            currency={value.currency ?? ""}
            currencyCodes={currencyCodes}
            onAmount={(amount) => onChange({ formValue: amount === "" ? null : amount })}
            onCurrency={(currency) => onChange({ currency: currency || null })}
            amountLabel={c.label}
            currencyLabel={t("wizard.form.currency", { label: c.label })}
            emptyOption={t("wizard.form.currencyShort")}
            placeholder={c.placeholder || t("wizard.form.amount")}
            disabled={disabled}
            readOnly={c.readOnly}
            aria={a}
          />
        </Group>
      );
    case "dateOfBirth": {
      const parts = dateParts(value.formValue);
      const thisYear = new Date().getFullYear();
      const years = Array.from({ length: 101 }, (_, i) => String(thisYear - i));
      const set = (patch: Partial<typeof parts>) => onChange({ formValue: joinDate({ ...parts, ...patch }) });
      const monthName = (m: string) => new Date(Date.UTC(2000, Number(m) - 1, 1)).toLocaleString(readerLocale(), { month: "long", timeZone: "UTC" });
      const selects: { key: keyof typeof parts; id: string; label: string; empty: string; options: [string, string][] }[] = [
        { key: "d", id, label: t("wizard.form.dayOf", { label: c.label }), empty: t("wizard.form.day"), options: DAYS.map((d) => [d, String(Number(d))]) },
        { key: "m", id: `${id}-month`, label: t("wizard.form.monthOf", { label: c.label }), empty: t("wizard.form.month"), options: MONTHS.map((m) => [m, monthName(m)]) },
        { key: "y", id: `${id}-year`, label: t("wizard.form.yearOf", { label: c.label }), empty: t("wizard.form.year"), options: years.map((y) => [y, y]) },
      ];
      return (
        <Group c={c} error={error}>
          <div className="grid grid-cols-[5rem_1fr_6rem] gap-2">
            {selects.map((part) => (
              <NativeSelect
                key={part.key}
                id={part.id}
                aria-label={part.label}
                value={parts[part.key]}
                onChange={(e) => set({ [part.key]: e.target.value })}
                disabled={disabled || c.readOnly}
                {...a}
              >
                <option value="">{part.empty}</option>
                {part.options.map(([v, text]) => (
                  <option key={v} value={v}>
                    {text}
                  </option>
                ))}
              </NativeSelect>
            ))}
          </div>
        </Group>
      );
    }
    case "countryStateCity":
      return <CityField component={c} value={value} error={error} onChange={onChange} countries={countries} disabled={disabled} aria={a} />;
    case "numeric":
    case "text":
    default:
      return (
        <Simple c={c} error={error}>
          <Input
            id={id}
            type="text"
            inputMode={c.formType === "numeric" ? "decimal" : c.validator === "email" ? "email" : undefined}
            autoComplete="off"
            value={text}
            placeholder={c.placeholder}
            onChange={(e) => onChange({ formValue: e.target.value === "" ? null : e.target.value })}
            readOnly={c.readOnly}
            disabled={disabled}
            {...a}
          />
        </Simple>
      );
  }
}

export { controlId, Group, type Countries, type FieldValue } from "./field-frame.tsx";
