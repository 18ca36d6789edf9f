/**
 * Cost-estimate rules of part 1 §5 and the column rules of §9. Pure and browser-safe: the estimate
 * page runs `validateEstimateEdits` before it posts and the server runs it again, so both show the
 * same texts.
 *
 * - Assignment length per estimate type (§5): start not after end; NO_PROVIDER under 5 years;
 *   LTA over 1 year and under 5; STA over 30 days and under 2 years. The bounds are the wizard's
 *   (`assignmentLengthError`), so stage 2 and the estimate never disagree.
 * - Columns (§9): ADVANCED has the chosen 1–7 years; the basic types have ceil(days / 365)
 *   columns, at least 1 and at most 7.
 * - Column headings: "Year 1" …; STA columns are tax years ("2026/27" for a GB host, whose tax
 *   year starts on 6 April; the calendar year "2026" elsewhere), counted from the start date's.
 */
import { AppError } from "../errors.ts";
import { isCurrencyCode, parseAmount } from "../money/money.ts";
import { wizardMessages } from "../moves/wizard/messages.ts";
import { assignmentLengthError, isValidEmail, parseIsoDate } from "../moves/wizard/validation.ts";
import { estimateMessages } from "./messages.ts";
import { MAX_YEARS, MIN_YEARS, type TCostEstimateType, type TTaxability } from "./schemas.ts";

const DAY_MS = 86_400_000;

// ── assignment length ───────────────────────────────────────────────────────────────────────

export type AssignmentLengthKey = "startAfterEnd" | "noProviderLength" | "ltaLength" | "staLength";
export type AssignmentLengthProblem = { key: AssignmentLengthKey; message: string };

const LENGTH_KEYS: readonly AssignmentLengthKey[] = ["noProviderLength", "ltaLength", "staLength"];

/**
 * part 1 §5 assignment dates (YYYY-MM-DD): the first rule broken, or null when the dates are fine,
 * missing or invalid (the date fields' own rules report those).
 */
export function assignmentLengthRule(
  type: TCostEstimateType | string,
  start: string | null | undefined,
  end: string | null | undefined,
): AssignmentLengthProblem | null {
  const s = parseIsoDate(start);
  const e = parseIsoDate(end);
  if (!s || !e) return null;
  if (s.getTime() > e.getTime()) return { key: "startAfterEnd", message: wizardMessages.startAfterEnd };
  const message = assignmentLengthError(type, start ?? null, end ?? null);
  if (!message) return null;
  const key = LENGTH_KEYS.find((k) => wizardMessages[k] === message) ?? "noProviderLength";
  return { key, message };
}

/** Whole days from start to end (0 when a date is missing, invalid or the end is earlier). */
export function assignmentDays(start: string | null | undefined, end: string | null | undefined): number {
  const s = parseIsoDate(start);
  const e = parseIsoDate(end);
  if (!s || !e || e.getTime() < s.getTime()) return 0;
  return Math.round((e.getTime() - s.getTime()) / DAY_MS);
}

/**
 * Year columns of a basic estimate from its dates (§9): ceil(days / 365), at least 1 and at most
 * 7; 0 when a date is missing or invalid (the caller picks its default).
 */
export function columnCount(start: string | null | undefined, end: string | null | undefined): number {
  if (!parseIsoDate(start) || !parseIsoDate(end)) return 0;
  return Math.min(MAX_YEARS, Math.max(MIN_YEARS, Math.ceil(assignmentDays(start, end) / 365)));
}

/**
 * The number of year columns of an estimate (§9): ADVANCED uses the chosen years (clamped to
 * 1–7); the basic types `columnCount` of their dates (1 without dates).
 */
export function estimateYears(
  type: TCostEstimateType,
  years: number,
  start: string | null | undefined,
  end: string | null | undefined,
): number {
  if (type === "ADVANCED") return Math.min(MAX_YEARS, Math.max(MIN_YEARS, Math.trunc(years) || MIN_YEARS));
  return columnCount(start, end) || MIN_YEARS;
}

/** The tax year a date falls in: GB's starts on 6 April (labelled "2026/27"), others are calendar years ("2026"). */
export function taxYearLabel(date: string, hostCountryCode: string | null | undefined, offset = 0): string {
  const d = parseIsoDate(date);
  if (!d) return `Year ${offset + 1}`;
  const year = d.getUTCFullYear();
  if ((hostCountryCode ?? "").toUpperCase() === "GB") {
    const beforeApril6 = d.getUTCMonth() < 3 || (d.getUTCMonth() === 3 && d.getUTCDate() < 6);
    const first = (beforeApril6 ? year - 1 : year) + offset;
    return `${first}/${String((first + 1) % 100).padStart(2, "0")}`;
  }
  return String(year + offset);
}

/** Column headings: "Year 1" …; for STA with a start date, tax years from the start date's. */
export function yearLabels(
  type: TCostEstimateType,
  count: number,
  start: string | null | undefined,
  hostCountryCode: string | null | undefined,
): string[] {
  const labels: string[] = [];
  const staStart = type === "STA" && parseIsoDate(start) ? start! : null;
  for (let i = 0; i < count; i++) labels.push(staStart ? taxYearLabel(staStart, hostCountryCode, i) : `Year ${i + 1}`);
  return labels;
}

// ── the estimate page (§5) ─────────────────────────────────────────────────────────────────

export type OverrideServiceEdit = {
  amount: string;
  currency?: string | null;
  /** The computed amount the row started from; null when the service has none (blank then allowed). */
  originalAmount?: number | null;
};
export type CustomServiceEdit = {
  serviceName: string;
  amount: string;
  taxability?: TTaxability | null;
  currency?: string | null;
  /** A new row not yet named or changed (§4 newlyAdded): not checked while it is still blank. */
  newlyAdded?: boolean | null;
};
export type ApprovalEdit = {
  isApproved: boolean;
  approverName: string | null;
  approverEmail: string | null;
  approvalDate: string | null;
};
export type EstimateEditsInput = {
  overrideServices: readonly OverrideServiceEdit[];
  customServices: readonly CustomServiceEdit[];
  approval: ApprovalEdit;
  /** Sending for approval (§5 "required on send"). */
  requireApproverEmail: boolean;
};
export type EstimateEditsResult = {
  /** Keyed `overrideServices.{i}.amount`, `customServices.{i}.serviceName|amount|taxability`, `approverName`, `approverEmail`, `approvalDate`. */
  fields: Record<string, string>;
  /** "Please fill in all the required values before processing" when any field fails, else null. */
  summary: string | null;
};

const blank = (v: string | null | undefined) => (v ?? "").trim() === "";
const WHOLE_NUMBER = /^\d+$/;

/** A new custom row that is still empty: not named and no amount other than 0. */
export function isBlankNewCustomRow(row: CustomServiceEdit): boolean {
  const amount = (row.amount ?? "").replaceAll(",", "").trim();
  return row.newlyAdded === true && blank(row.serviceName) && (amount === "" || /^0+$/.test(amount));
}

/**
 * part 1 §5 "Cost estimate page": an override amount is required when the service has an
 * original amount; a custom item needs a name, a whole-number amount and a taxability; the
 * approver's name (and approval date) when the estimate is marked approved; a valid approver
 * e-mail when one is given, and one at all when sending for approval.
 */
export function validateEstimateEdits(input: EstimateEditsInput): EstimateEditsResult {
  const fields: Record<string, string> = {};

  input.overrideServices.forEach((row, i) => {
    const key = `overrideServices.${i}.amount`;
    if (blank(row.amount)) {
      if (row.originalAmount !== null) fields[key] = estimateMessages.valueRequired;
      return;
    }
    const currency = (row.currency ?? "").trim().toUpperCase();
    if (!isCurrencyCode(currency)) return; // the currency field's own rule reports it
    try {
      parseAmount(row.amount, currency);
    } catch (error) {
      fields[key] = error instanceof AppError ? error.message : estimateMessages.valueRequired;
    }
  });

  input.customServices.forEach((row, i) => {
    if (isBlankNewCustomRow(row)) return;
    if (blank(row.serviceName)) fields[`customServices.${i}.serviceName`] = estimateMessages.customNameRequired;
    const amount = (row.amount ?? "").replaceAll(",", "").trim();
    if (amount === "") fields[`customServices.${i}.amount`] = estimateMessages.valueRequired;
    else if (!WHOLE_NUMBER.test(amount)) fields[`customServices.${i}.amount`] = estimateMessages.wholeNumber;
    if (!row.taxability) fields[`customServices.${i}.taxability`] = estimateMessages.customTaxabilityRequired;
  });

  const { approval } = input;
  if (approval.isApproved) {
    if (blank(approval.approverName)) fields.approverName = estimateMessages.approverNameRequired;
    if (blank(approval.approvalDate)) fields.approvalDate = estimateMessages.approvalDateRequired;
    else if (!parseIsoDate(approval.approvalDate)) fields.approvalDate = estimateMessages.approvalDateRequired;
  }
  if (blank(approval.approverEmail)) {
    if (input.requireApproverEmail) fields.approverEmail = estimateMessages.validEmail;
  } else if (!isValidEmail(approval.approverEmail!)) {
    fields.approverEmail = estimateMessages.validEmail;
  }

  return { fields, summary: Object.keys(fields).length > 0 ? estimateMessages.fillRequired : null };
}
