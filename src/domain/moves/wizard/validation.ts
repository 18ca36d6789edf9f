/**
 * The stage-2 initiation form's rules (part 1 §5). Pure and browser-safe: the server
 * (createNewEmployee) and the React stage-2 form both call `validateInitiationForm`, so both show
 * the same messages. Errors are keyed by model name; each field gets at most one message (the
 * first rule it breaks).
 */
import { CORE_MODEL_NAMES, US_TO_US_MODEL_NAMES, bareModelName, propertyModelName } from "../../policy/forms/catalogue.ts";
import { isCurrencyCode, parseAmount } from "../../money/money.ts";
import type { EstimateType } from "../../policy/catalogue.ts";
import { wizardMessages, wizardText } from "./messages.ts";
import type { TFormComponentItem, TInitiationComponent } from "./schemas.ts";

export type InitiationValidationOptions = {
  /** Save as draft: the draft-mandatory flag replaces the mandatory flag. */
  draft: boolean;
  /** Today's date, YYYY-MM-DD (date of birth range, end-date rules). */
  today: string;
  /** The policy's estimate type (assignment-length rules: NO_PROVIDER, LTA, STA). */
  estimateType: EstimateType | string;
};

/** The move's date fields: ISO dates, checked against each other (not date-of-birth rules). */
export const MOVE_DATE_MODEL_NAMES: ReadonlySet<string> = new Set([
  CORE_MODEL_NAMES.moveDate,
  CORE_MODEL_NAMES.assignmentStartDate,
  CORE_MODEL_NAMES.assignmentEndDate,
]);

/** The form's number of accompanying children: a whole number from 0 to `MAX_CHILDREN`. */
export const CHILDREN_MODEL_NAME = propertyModelName("numberOfChildren");
export const MAX_CHILDREN = 20;
export function isChildrenCount(text: string): boolean {
  const t = text.trim();
  return /^\d{1,2}$/.test(t) && Number(t) <= MAX_CHILDREN;
}

// ── small helpers (the UI reuses them) ──────────────────────────────────────────────────────

const trimmed = (v: string | null | undefined) => (v ?? "").trim();

/** Origin and destination both in the United States (the home value fields show). */
export function isUsToUs(items: Pick<TFormComponentItem, "modelName" | "countryCode">[]): boolean {
  const code = (modelName: string) => items.find((i) => i.modelName === modelName)?.countryCode?.toUpperCase() ?? null;
  return code(CORE_MODEL_NAMES.origin) === "US" && code(CORE_MODEL_NAMES.destination) === "US";
}

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/** part 1 §5 e-mail format: local@domain.tld with a top-level domain of 2 to 4 letters. */
export function isValidEmail(text: string): boolean {
  const t = text.trim();
  if (t.length === 0 || t.length > 254) return false;
  if (!EMAIL.test(t)) return false;
  const local = t.slice(0, t.lastIndexOf("@"));
  return local.length <= 64 && !local.startsWith(".") && !local.endsWith(".") && !local.includes("..");
}

/** A real calendar date written YYYY-MM-DD, as a UTC Date; null otherwise. */
export function parseIsoDate(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed(text));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

const DAY_MS = 86_400_000;

/**
 * part 1 §5 assignment length by estimate type (start and end YYYY-MM-DD): NO_PROVIDER under 5
 * years; LTA over 1 year and under 5; STA over 30 days and under 2 years. Null when the length is
 * fine, a date is missing or invalid, or the type has no rule.
 */
export function assignmentLengthError(type: EstimateType | string, start: string | null, end: string | null): string | null {
  const s = parseIsoDate(start);
  const e = parseIsoDate(end);
  if (!s || !e) return null;
  const t = e.getTime();
  switch (type) {
    case "NO_PROVIDER":
      return t < addYears(s, 5).getTime() ? null : wizardMessages.noProviderLength;
    case "LTA":
      return t > addYears(s, 1).getTime() && t < addYears(s, 5).getTime() ? null : wizardMessages.ltaLength;
    case "STA":
      return t > s.getTime() + 30 * DAY_MS && t < addYears(s, 2).getTime() ? null : wizardMessages.staLength;
    default:
      return null;
  }
}

// ── per-field checks ────────────────────────────────────────────────────────────────────────

type Item = Pick<TFormComponentItem, "formValue" | "formValueId" | "currency" | "countryCode" | "state">;
const EMPTY_ITEM: Item = { formValue: null, formValueId: null, currency: null, countryCode: null, state: null };

const NUMBER = /^-?\d+(\.\d+)?$/;
const isNumberText = (text: string) => NUMBER.test(text.replaceAll(",", "").trim());

/** Whether a component is shown (and so checked): hidden, read-only and US→US-only-off fields are not. */
export function isCheckedComponent(c: TInitiationComponent, usToUs: boolean): boolean {
  if (c.formType === "hidden" || c.formType === "read-only-money" || c.readOnly) return false;
  if ((c.usToUsOnly || US_TO_US_MODEL_NAMES.has(c.modelName)) && !usToUs) return false;
  return true;
}

function isEmpty(c: TInitiationComponent, item: Item): boolean {
  switch (c.formType) {
    case "checkbox":
      return trimmed(item.formValue).toLowerCase() !== "true";
    case "countryStateCity":
      return !item.countryCode && !trimmed(item.state) && !trimmed(item.formValue) && !(item.formValueId && item.formValueId > 0);
    default:
      return trimmed(item.formValue) === "";
  }
}

function countryStateCityError(item: Item, label: string): string | null {
  if (!item.countryCode) return wizardText(wizardMessages.countryRequired, { label });
  if (item.countryCode.toUpperCase() === "US" && !trimmed(item.state)) return wizardText(wizardMessages.stateRequired, { label });
  const hasCity = (item.formValueId !== null && item.formValueId > 0) || trimmed(item.formValue) !== "";
  if (!hasCity) return wizardText(wizardMessages.cityRequired, { label });
  return null;
}

function moneyError(c: TInitiationComponent, item: Item, label: string): string | null {
  const amount = trimmed(item.formValue);
  const currency = trimmed(item.currency).toUpperCase();
  const allowCurrencyWithoutValue = c.allowCurrencyWithoutValue || c.validator === "currencyWithoutValue";
  const allowNegative = c.allowNegative || c.validator === "negativeMoneyAllowed";
  if (amount === "") {
    if (currency !== "" && !allowCurrencyWithoutValue) return wizardText(wizardMessages.amountRequired, { label });
    return null;
  }
  if (!isNumberText(amount)) return wizardText(wizardMessages.numericValue, { label });
  if (currency === "" || !isCurrencyCode(currency)) return wizardText(wizardMessages.currencyRequired, { label });
  let minor: number;
  try {
    minor = parseAmount(amount, currency).amount;
  } catch {
    return wizardText(wizardMessages.numericValue, { label });
  }
  if (minor < 0 && !allowNegative) return wizardText(wizardMessages.notNegative, { label });
  return null;
}

function dateOfBirthError(text: string, label: string, today: string): string | null {
  const date = parseIsoDate(text);
  if (!date) return wizardText(wizardMessages.dateOfBirthIncomplete, { label });
  const now = parseIsoDate(today);
  if (now && (date.getTime() > now.getTime() || date.getTime() < addYears(now, -100).getTime())) {
    return wizardText(wizardMessages.dateOfBirthRange, { label });
  }
  return null;
}

const isEndDateField = (c: TInitiationComponent) => c.modelName === CORE_MODEL_NAMES.assignmentEndDate || c.validator === "endDate";
/** A move or assignment date (not a date of birth): a date picker in the form, the date and order rules here. */
export const isDateField = (c: TInitiationComponent) => MOVE_DATE_MODEL_NAMES.has(c.modelName) || c.validator === "endDate";

/**
 * part 1 §5 stage-2 rules: errors keyed by model name, each the spec's message with the field's
 * label. Hidden components (formType hidden, or usToUsOnly when the move is not US → US) and
 * read-only ones are not checked. Draft mode only changes which fields are required
 * (draftMandatory instead of mandatory); a value that is given is always checked.
 */
export function validateInitiationForm(
  components: TInitiationComponent[],
  items: TFormComponentItem[],
  options: InitiationValidationOptions,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (modelName: string, message: string | null) => {
    if (message && !(modelName in errors)) errors[modelName] = message;
  };
  const byModel = new Map(items.map((i) => [i.modelName, i] as const));
  const usToUs = isUsToUs(items);
  const dateOf = (modelName: string) => parseIsoDate(byModel.get(modelName)?.formValue);
  const moveDate = dateOf(CORE_MODEL_NAMES.moveDate);
  const startDate = dateOf(CORE_MODEL_NAMES.assignmentStartDate);
  const endDate = dateOf(CORE_MODEL_NAMES.assignmentEndDate);

  for (const c of components) {
    if (!isCheckedComponent(c, usToUs)) continue;
    const label = c.label.trim() || bareModelName(c.modelName);
    const item: Item = byModel.get(c.modelName) ?? EMPTY_ITEM;
    const required = options.draft ? c.draftMandatory : c.mandatory;

    if (isEmpty(c, item)) {
      if (required) {
        put(
          c.modelName,
          c.formType === "countryStateCity" ? countryStateCityError(item, label) : wizardText(wizardMessages.cannotBeEmpty, { label }),
        );
      } else if (c.formType === "money") {
        put(c.modelName, moneyError(c, item, label)); // a currency without an amount
      }
      continue;
    }

    const text = trimmed(item.formValue);
    if (c.formType === "countryStateCity") {
      put(c.modelName, countryStateCityError(item, label));
      continue;
    }
    if (c.formType === "money") {
      put(c.modelName, moneyError(c, item, label));
      continue;
    }
    if (c.validator === "email" || c.modelName === CORE_MODEL_NAMES.email) {
      if (!isValidEmail(text)) put(c.modelName, wizardText(wizardMessages.notProperFormat, { label }));
      continue;
    }
    if (c.formType === "numeric" || c.validator === "numeric") {
      if (!isNumberText(text)) put(c.modelName, wizardText(wizardMessages.numericValue, { label }));
      else if (c.modelName === CHILDREN_MODEL_NAME && !isChildrenCount(text)) put(c.modelName, wizardText(wizardMessages.childrenRange, { label }));
      continue;
    }
    if (isDateField(c)) {
      const date = parseIsoDate(text);
      if (!date) {
        put(c.modelName, wizardText(wizardMessages.invalidDate, { label }));
        continue;
      }
      if (isEndDateField(c)) {
        const start = c.modelName === CORE_MODEL_NAMES.assignmentStartDate ? null : startDate;
        if (start && date.getTime() < start.getTime()) put(c.modelName, wizardText(wizardMessages.endBeforeStart, { label }));
        else if (moveDate && date.getTime() < moveDate.getTime()) put(c.modelName, wizardText(wizardMessages.endBeforeMoveDate, { label }));
      }
      if (c.modelName === CORE_MODEL_NAMES.assignmentStartDate && endDate && date.getTime() > endDate.getTime()) {
        put(c.modelName, wizardMessages.startAfterEnd);
      }
      continue;
    }
    if (c.formType === "dateOfBirth" || c.validator === "dateOfBirth") {
      put(c.modelName, dateOfBirthError(text, label, options.today));
    }
  }

  // Assignment length: on the end date, when both dates are given and the end date has no other error.
  const endComponent = components.find((c) => c.modelName === CORE_MODEL_NAMES.assignmentEndDate);
  const startComponent = components.find((c) => c.modelName === CORE_MODEL_NAMES.assignmentStartDate);
  if (
    endComponent &&
    startComponent &&
    isCheckedComponent(endComponent, usToUs) &&
    isCheckedComponent(startComponent, usToUs) &&
    !(CORE_MODEL_NAMES.assignmentEndDate in errors) &&
    !(CORE_MODEL_NAMES.assignmentStartDate in errors)
  ) {
    put(
      CORE_MODEL_NAMES.assignmentEndDate,
      assignmentLengthError(
        options.estimateType,
        byModel.get(CORE_MODEL_NAMES.assignmentStartDate)?.formValue ?? null,
        byModel.get(CORE_MODEL_NAMES.assignmentEndDate)?.formValue ?? null,
      ),
    );
  }
  return errors;
}
