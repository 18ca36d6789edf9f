/**
 * Pure rules of the stage-2 initiation form (no I/O): which form-builder fields a policy version
 * shows, how a field becomes a wizard component, where each value lives (users / moves columns or
 * the move's form_values), and how values read in the summary. Unit-tested in
 * initiation-rules.test.ts.
 */
import type { Selectable } from "kysely";
import type { FormFieldTable, MoveTable, UserTable } from "../../../db/schema.ts";
import { CORE_MODEL_NAMES, fieldKey, propertyModelName, US_TO_US_MODEL_NAMES, type FormType } from "../../../domain/policy/forms/catalogue.ts";
import { formatMoney, parseAmount } from "../../../domain/money/money.ts";
import type { TFormComponentItem, TInitiationComponent, TStoredFormValue } from "../../../domain/moves/wizard/schemas.ts";
import { parseIsoDate } from "../../../domain/moves/wizard/validation.ts";

export type ComponentValue = TInitiationComponent["value"];

/** What the wizard needs of a form_fields row. */
export type FieldLike = Pick<
  Selectable<FormFieldTable>,
  | "id"
  | "model_name"
  | "label"
  | "form_type"
  | "placeholder"
  | "tooltip"
  | "validator"
  | "available_values"
  | "policy_version_ids"
  | "excluded_policy_version_ids"
  | "shown"
  | "excluded"
  | "read_only"
  | "mandatory"
  | "draft_mandatory"
  | "master"
  | "slave"
>;

export const EMPTY_VALUE: ComponentValue = {
  formValue: null,
  formValueId: null,
  rateFrequency: null,
  currency: null,
  countryCode: null,
  state: null,
};

/** A JSON array of ids (form_fields.policy_version_ids …); anything else reads as empty. */
export function parseIdList(json: string | null | undefined): number[] {
  try {
    const v: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

export function parseStringList(json: string | null | undefined): string[] {
  try {
    const v: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Whether a field shows for the version: not excluded, shown, its version list empty or naming
 * this version (or another version of the same policy: a new release keeps the form), and not
 * excluded for this policy's versions.
 */
export function fieldAppliesTo(field: FieldLike, versionId: number, policyVersionIds: ReadonlySet<number>): boolean {
  if (field.excluded || !field.shown) return false;
  const only = parseIdList(field.policy_version_ids);
  const matches = (ids: number[]) => ids.some((id) => id === versionId || policyVersionIds.has(id));
  if (only.length > 0 && !matches(only)) return false;
  if (matches(parseIdList(field.excluded_policy_version_ids))) return false;
  return true;
}

export function toComponent(field: FieldLike, value: ComponentValue = EMPTY_VALUE): TInitiationComponent {
  return {
    formGroupId: field.id,
    key: fieldKey(field.id),
    modelName: field.model_name,
    formType: field.form_type,
    label: field.label,
    placeholder: field.placeholder,
    tooltip: field.tooltip,
    mandatory: field.mandatory === 1,
    draftMandatory: field.draft_mandatory === 1,
    readOnly: field.read_only === 1,
    validator: field.validator,
    availableValues: parseStringList(field.available_values),
    master: field.master === 1,
    slave: field.slave === 1,
    usToUsOnly: US_TO_US_MODEL_NAMES.has(field.model_name),
    allowNegative: field.validator === "negativeMoneyAllowed",
    allowCurrencyWithoutValue: field.validator === "currencyWithoutValue",
    value,
  };
}

// ── where values live ────────────────────────────────────────────────────────────────────────
export const CORE_NAMES: ReadonlySet<string> = new Set(Object.values(CORE_MODEL_NAMES));
export const isCoreModelName = (modelName: string) => CORE_NAMES.has(modelName);
export const PARTNER_DOB = propertyModelName("partnerDateOfBirth");
export const NUMBER_OF_CHILDREN = propertyModelName("numberOfChildren");

/** The employee and move columns the core fields read from. */
export type CoreSource = Pick<Selectable<UserTable>, "first_name" | "last_name" | "email"> &
  Pick<
    Selectable<MoveTable>,
    | "origin_country_code"
    | "origin_state"
    | "origin_city_id"
    | "origin_city_name"
    | "destination_country_code"
    | "destination_state"
    | "destination_city_id"
    | "destination_city_name"
    | "move_date"
    | "assignment_start_date"
    | "assignment_end_date"
    | "form_values"
  >;

/** The core-field source of a move row that carries its employee's names and e-mail (findMoveWithPolicy). */
export function coreSourceOf<M extends Omit<CoreSource, "first_name" | "last_name" | "email"> & { employee_first_name: string; employee_last_name: string; employee_email: string }>(
  move: M,
): CoreSource {
  return { ...move, first_name: move.employee_first_name, last_name: move.employee_last_name, email: move.employee_email };
}

const textValue = (v: string | null): ComponentValue => ({ ...EMPTY_VALUE, formValue: v });
const placeValue = (country: string | null, state: string | null, id: number | null, name: string | null): ComponentValue => ({
  ...EMPTY_VALUE,
  formValue: name,
  formValueId: id,
  countryCode: country,
  state,
});

/** The move's stored form values (moves.form_values); a broken text reads as none. */
export function parseFormValues(json: string | null | undefined): Record<string, TStoredFormValue> {
  try {
    const v: unknown = JSON.parse(json ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, TStoredFormValue>) : {};
  } catch {
    return {};
  }
}

/** The value a field shows for an existing employee and move. */
export function valueFromSource(modelName: string, s: CoreSource, stored = parseFormValues(s.form_values)): ComponentValue {
  switch (modelName) {
    case CORE_MODEL_NAMES.firstName:
      return textValue(s.first_name);
    case CORE_MODEL_NAMES.lastName:
      return textValue(s.last_name);
    case CORE_MODEL_NAMES.email:
      return textValue(s.email);
    case CORE_MODEL_NAMES.origin:
      return placeValue(s.origin_country_code, s.origin_state, s.origin_city_id, s.origin_city_name);
    case CORE_MODEL_NAMES.destination:
      return placeValue(s.destination_country_code, s.destination_state, s.destination_city_id, s.destination_city_name);
    case CORE_MODEL_NAMES.moveDate:
      return textValue(s.move_date);
    case CORE_MODEL_NAMES.assignmentStartDate:
      return textValue(s.assignment_start_date);
    case CORE_MODEL_NAMES.assignmentEndDate:
      return textValue(s.assignment_end_date);
  }
  const v = stored[modelName];
  if (!v) return EMPTY_VALUE;
  return {
    formValue: v.formValue ?? null,
    formValueId: v.formValueId ?? null,
    rateFrequency: v.rateFrequency ?? null,
    currency: v.currency ?? null,
    countryCode: v.countryCode ?? null,
    state: v.state ?? null,
  };
}

/** A stored value without the item's own name and type. */
export function storedValueOf(item: TFormComponentItem): TStoredFormValue {
  const { modelName: _m, ...rest } = item;
  return rest;
}

/** A real calendar date written exactly YYYY-MM-DD (the domain parser: 2027-02-30 is not one). */
export const isIsoDate = (v: string | null | undefined): v is string => !!v && parseIsoDate(v)?.toISOString().slice(0, 10) === v;

/** The components' model names, once per components array (a bulk import checks many rows against one form). */
const modelNamesCache = new WeakMap<TInitiationComponent[], ReadonlySet<string>>();
function modelNamesOf(components: TInitiationComponent[]): ReadonlySet<string> {
  let names = modelNamesCache.get(components);
  if (!names) modelNamesCache.set(components, (names = new Set(components.map((c) => c.modelName))));
  return names;
}

/**
 * A component the client must send but did not (or the form no longer has): the §8 "missing or
 * hidden element" alert. Hidden, read-only and US-to-US-only components (absent on other moves)
 * are not required; unknown model names count as missing elements too.
 */
export function missingElement(components: TInitiationComponent[], items: TFormComponentItem[], draft: boolean): string | null {
  const known = modelNamesOf(components);
  const unknown = items.find((i) => !known.has(i.modelName));
  if (unknown) return unknown.modelName;
  const sent = new Set(items.map((i) => i.modelName));
  const missing = components.find(
    (c) =>
      (draft ? c.draftMandatory : c.mandatory) &&
      c.formType !== "hidden" &&
      c.formType !== "read-only-money" &&
      !c.readOnly &&
      !c.usToUsOnly &&
      !sent.has(c.modelName),
  );
  return missing ? missing.label : null;
}

/** "City, ST, Country" (parts that are missing are left out); null when there is no city. */
export function placeText(city: string | null, state: string | null, countryName: string | null): string | null {
  if (!city) return null;
  return [city, state, countryName].filter((p) => p && p.trim() !== "").join(", ");
}

/** How a value reads in the initiation summary. */
export function displayValue(formType: string, value: ComponentValue, placeName?: string | null): string {
  const v = value.formValue;
  switch (formType) {
    case "checkbox":
      return v === "true" ? "Yes" : v === "false" || v === null ? "No" : v;
    case "money":
    case "read-only-money": {
      if (!value.currency) return v ?? "";
      if (v === null || v.trim() === "") return value.currency;
      try {
        const text = formatMoney(parseAmount(v, value.currency));
        return value.rateFrequency ? `${text} (${value.rateFrequency.toLowerCase().replaceAll("_", " ")})` : text;
      } catch {
        return `${value.currency} ${v}`;
      }
    }
    case "countryStateCity":
      return placeName ?? v ?? "";
    default:
      return v ?? "";
  }
}

/** Family members the form's partner date of birth and number of children describe. */
export function familyFrom(items: TFormComponentItem[]): { relationship: "PARTNER" | "CHILD"; date_of_birth: string | null }[] {
  const out: { relationship: "PARTNER" | "CHILD"; date_of_birth: string | null }[] = [];
  const partner = items.find((i) => i.modelName === PARTNER_DOB)?.formValue;
  if (partner && partner.trim() !== "") out.push({ relationship: "PARTNER", date_of_birth: isIsoDate(partner) ? partner : null });
  const children = Number(items.find((i) => i.modelName === NUMBER_OF_CHILDREN)?.formValue ?? "0");
  const count = Number.isInteger(children) && children > 0 ? Math.min(children, 20) : 0;
  for (let i = 0; i < count; i++) out.push({ relationship: "CHILD", date_of_birth: null });
  return out;
}
