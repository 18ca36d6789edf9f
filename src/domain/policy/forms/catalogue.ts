/**
 * The form builder's vocabulary (part 2 §3 "Form builder", part 1 §3 "Form component item"):
 * the wizard's form types, the builder's data types and component ids, validators, and the
 * key / model-name / xlate-key conventions.
 */
import { z } from "zod";

/** Form types of the initiation form's components (part 1 §3). */
export const FORM_TYPES = [
  "text",
  "select",
  "checkbox",
  "radio",
  "money",
  "numeric",
  "read-only-money",
  "dateOfBirth",
  "countryStateCity",
  "hidden",
] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const ZFormType = z.enum(FORM_TYPES);

/** Data types of form-builder fields (part 2 §3). */
export const FORM_DATA_TYPES = ["Text", "Number", "Checkbox", "Money", "Date", "Currency"] as const;
export type FormDataType = (typeof FORM_DATA_TYPES)[number];
export const ZFormDataType = z.enum(FORM_DATA_TYPES);

/** The builder's component id for each form type (part 2 §3 names select, mgmoney, datetime, checkbox, checkboxgroup). */
export const COMPONENT_ID_OF: Record<FormType, string> = {
  text: "text",
  select: "select",
  checkbox: "checkbox",
  radio: "checkboxgroup",
  money: "mgmoney",
  numeric: "number",
  "read-only-money": "mgmoney-readonly",
  dateOfBirth: "datetime",
  countryStateCity: "countryStateCity",
  hidden: "hidden",
};
export const COMPONENT_IDS = [...new Set(Object.values(COMPONENT_ID_OF))] as [string, ...string[]];
export function formTypeOfComponent(componentId: string): FormType | null {
  const hit = (Object.entries(COMPONENT_ID_OF) as Array<[FormType, string]>).find(([, c]) => c === componentId);
  return hit ? hit[0] : null;
}

/** The data type a form type stores. */
export const DATA_TYPE_OF: Record<FormType, FormDataType> = {
  text: "Text",
  select: "Text",
  checkbox: "Checkbox",
  radio: "Text",
  money: "Money",
  numeric: "Number",
  "read-only-money": "Money",
  dateOfBirth: "Date",
  countryStateCity: "Text",
  hidden: "Text",
};

/** Form types whose field offers a list of available values. */
export const TYPES_WITH_VALUES: ReadonlySet<FormType> = new Set(["select", "radio"]);

/**
 * Validators a field may carry (GET formBuilder/validatorsForm). Money exceptions of part 1 §5:
 * home value and bonus allow a currency without a value; housing contribution allows negatives.
 */
export const VALIDATORS = [
  { id: "email", label: "E-mail address" },
  { id: "numeric", label: "Number" },
  { id: "positiveMoney", label: "Amount, not negative" },
  { id: "negativeMoneyAllowed", label: "Amount, may be negative" },
  { id: "currencyWithoutValue", label: "Amount, currency may be given without a value" },
  { id: "dateOfBirth", label: "Date of birth (last 100 years)" },
  { id: "endDate", label: "End date (not before the start or move date)" },
  { id: "usStateDropdown", label: "Country, state and city (US state as a dropdown)" },
] as const;
export type ValidatorId = (typeof VALIDATORS)[number]["id"];
export const VALIDATOR_IDS = VALIDATORS.map((v) => v.id) as [ValidatorId, ...ValidatorId[]];
export const ZValidatorId = z.enum(VALIDATOR_IDS);

/** Key prefixes (part 2 §3): existing fields FRM_GRP_{id}; new and cloned fields before they are saved. */
export const EXISTING_FIELD_PREFIX = "FRM_GRP_";
export const NEW_FIELD_PREFIX = "NEW_FIELD_";
export const CLONE_FIELD_PREFIX = "CLONE_FIELD_";
export const fieldKey = (id: number) => `${EXISTING_FIELD_PREFIX}${id}`;

/** Model names of fields added in the builder are written as properties['{modelName}']. */
export const propertyModelName = (modelName: string) => `properties['${modelName}']`;
/** The bare name inside properties['…'], or the name itself. */
export function bareModelName(modelName: string): string {
  const m = /^properties\['([A-Za-z0-9]+)'\]$/.exec(modelName);
  return m ? m[1]! : modelName;
}
/** The xlateKey of a new field: MANAGER_ plus the upper-case model name. */
export const xlateKeyFor = (modelName: string) => `MANAGER_${bareModelName(modelName).toUpperCase()}`;

/**
 * Core fields every group's form has: they map onto the employee and the move, cannot be deleted,
 * and the wizard needs them. Everything else is stored in the move's form values.
 */
export const CORE_MODEL_NAMES = {
  firstName: "employee.firstName",
  lastName: "employee.lastName",
  email: "employee.email",
  origin: "move.origin",
  destination: "move.destination",
  moveDate: "move.moveDate",
  assignmentStartDate: "move.assignmentStartDate",
  assignmentEndDate: "move.assignmentEndDate",
} as const;
export type CoreField = keyof typeof CORE_MODEL_NAMES;

/** Fields shown only on a United States → United States move (part 1 §2 "home value fields"). */
export const US_TO_US_MODEL_NAMES: ReadonlySet<string> = new Set([propertyModelName("homeValue"), propertyModelName("homeSaleType")]);

/** The note shown after a successful save (part 2 §8). */
export const FORM_CACHE_NOTE = "The form has been saved. Caching can take up to 10 minutes before the changes are visible to users.";
