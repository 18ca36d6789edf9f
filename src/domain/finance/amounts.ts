/**
 * Finance amount rules (issue 16; spec part 2 §5 "Finance": bill amounts, bill lines, manual
 * adjustment, payment (PaidPendingAudit), ad-hoc; §9 limits 255/250, precision 2, tolerance 0.005,
 * JPY 0 decimals, cash-out category 580). Pure: no I/O. Every check returns the spec's message per
 * field (Meridian's own wording where the spec has none, see messages.ts); an empty object means valid.
 *
 * Amounts arrive as the text people typed (major units). They become integer minor units through the
 * money module only; nothing here rounds except `adhocAmount`, which asks the money module to.
 */
import { z } from "zod";
import { isCurrencyCode, minorUnitsOf, toMinor, type Money } from "../money/money.ts";
import { AppError } from "../errors.ts";
import { fill, financeMessages as M, notesMaxMessage } from "./messages.ts";

export type FieldErrors = Partial<Record<string, string>>;

export const ADHOC_TEXT_MAX = 255;
export const REFERENCE_MAX = 255;
export const LINE_NOTES_MAX = 250;
export const VOID_REASON_MAX = 250;
export const INTERNAL_NOTES_MAX = 255;
/** §9 "Budget cash-out spend category id 580". */
export const BUDGET_CASH_OUT_CATEGORY = 580;
/** §9 "tolerance 0.005" in major units. */
export const TOLERANCE_THOUSANDTHS = 5;

const NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/**
 * Reads an amount typed in major units. §5/§9 "at most two decimals" is read as "at most the
 * currency's decimals" (ISO 4217 through `minorUnitsOf`, the one table): two for most, none for JPY
 * (§9) or KRW, three for BHD, KWD, OMR and TND (issue 23 item 6), so an amount one screen accepts
 * every later step accepts too. Thousands separators are accepted as the money module's parser does;
 * past the money bound it is "The amount is too large.".
 */
export function readAmount(text: unknown, currency: string): { money: Money } | { error: string } {
  if (blank(text)) return { error: M.amountRequired };
  const cleaned = String(text).replaceAll(",", "").trim();
  if (!NUMBER.test(cleaned)) return { error: M.amountNotNumber };
  const places = minorUnitsOf(currency);
  const decimals = cleaned.split(".")[1]?.length ?? 0;
  if (decimals > places) return { error: decimalsMessage(currency) };
  try {
    return { money: toMinor(cleaned, currency) };
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}

/** The refusal of too many decimals for `currency`: the spec's texts for 2 places and JPY, the same words for the others. */
export function decimalsMessage(currency: string): string {
  const places = minorUnitsOf(currency);
  if (places === 2) return M.amountDecimals;
  if (places === 0) return currency === "JPY" ? M.amountDecimalsJpy : fill(M.amountNoDecimalsOf, { currency });
  return fill(M.amountDecimalsOf, { currency, places: String(places) });
}

/**
 * §5 "net plus tax must equal gross" within §9's 0.005 (major units), in integer arithmetic:
 * |diff| / 10^places ≤ 0.005  ⇔  |diff| × 1000 ≤ 5 × 10^places. With 2 or 0 places this is exact equality.
 */
export function withinTolerance(a: Money, b: Money): boolean {
  const places = minorUnitsOf(a.currency);
  return Math.abs(a.amount - b.amount) * 1000 <= TOLERANCE_THOUSANDTHS * 10 ** places;
}

/** The first and last day a finance date (bill, payment, adjustment, charge, lock date) may have. */
export const FINANCE_DATE_MIN = "1900-01-01";
export const FINANCE_DATE_MAX = "2099-12-31";

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:0\d|1[0-4]):[0-5]\d)?$/;

/**
 * The UTC calendar day (yyyy-mm-dd) of a finance date, read strictly, or null: a calendar date
 * "2026-10-31", or an ISO-8601 timestamp "2026-11-01T01:00:00+05:00" (its offset converted: that one
 * is 2026-10-31 in UTC; without an offset it is UTC). Surrounding spaces aside, nothing else is read
 * ("2026-12-05 junk", "2026-02-30" are null), and the day lies in FINANCE_DATE_MIN…FINANCE_DATE_MAX.
 */
export function financeDay(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const text = v.trim();
  let dayText: string;
  if (ISO_DATE.test(text)) {
    if (!calendarDate(text)) return null;
    dayText = text;
  } else {
    const m = ISO_TIMESTAMP.exec(text);
    if (!m || !calendarDate(m[1]!)) return null;
    const at = new Date(m[5] === undefined ? `${text}Z` : text);
    if (Number.isNaN(at.getTime())) return null;
    dayText = at.toISOString().slice(0, 10);
  }
  return dayText >= FINANCE_DATE_MIN && dayText <= FINANCE_DATE_MAX ? dayText : null;
}

function calendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date yyyy-mm-dd (exactly; no timestamp) within the finance date range. */
function validDate(v: unknown): v is string {
  return typeof v === "string" && ISO_DATE.test(v) && financeDay(v) === v;
}

// ---------------------------------------------------------------- bill amounts and lines

export type BillLineInput = { gross?: unknown; net?: unknown; tax?: unknown; notes?: string | null; spendCategoryId?: number | null };
export type BillAmountsInput = {
  currency: string;
  gross: unknown;
  net?: unknown;
  tax?: unknown;
  isCredit?: boolean;
  reference?: string | null;
  lines?: BillLineInput[];
};

/**
 * Checks gross/net/tax of one bill or line. §5: credit or negative gross ⇒ net and tax must not be
 * positive (and a credit's gross must not be positive); otherwise nothing may be negative. Net and
 * tax: both ⇒ sum to gross within 0.005; only one ⇒ it equals gross.
 */
function checkTriple(
  prefix: string,
  currency: string,
  input: { gross?: unknown; net?: unknown; tax?: unknown },
  isCredit: boolean,
  errors: FieldErrors,
  needBoth: boolean,
): Money | null {
  const g = readAmount(input.gross, currency);
  if ("error" in g) {
    errors[`${prefix}gross`] = g.error;
    return null;
  }
  const gross = g.money;
  const negativeSide = isCredit || gross.amount < 0;
  if (isCredit && gross.amount > 0) errors[`${prefix}gross`] = M.creditNotPositive;
  const parts: Record<"net" | "tax", Money | null> = { net: null, tax: null };
  for (const key of ["net", "tax"] as const) {
    if (blank(input[key])) continue;
    const r = readAmount(input[key], currency);
    if ("error" in r) {
      errors[`${prefix}${key}`] = r.error;
      continue;
    }
    if (negativeSide && r.money.amount > 0) errors[`${prefix}${key}`] = M.creditNotPositive;
    else if (!negativeSide && r.money.amount < 0) errors[`${prefix}${key}`] = M.notNegative;
    parts[key] = r.money;
  }
  const netGiven = !blank(input.net);
  const taxGiven = !blank(input.tax);
  if (needBoth && netGiven !== taxGiven) {
    errors[`${prefix}${netGiven ? "tax" : "net"}`] = M.netAndTaxBoth;
  } else if (parts.net && parts.tax) {
    const sum = { amount: parts.net.amount + parts.tax.amount, currency: gross.currency };
    if (!withinTolerance(sum, gross)) errors[`${prefix}gross`] = M.netTaxGross;
  } else if (netGiven !== taxGiven) {
    const only = parts.net ?? parts.tax;
    if (only && !withinTolerance(only, gross)) errors[`${prefix}gross`] = M.onlyOneOfNetTax;
  }
  return gross;
}

/** §5 "Bill amounts" and "Bill lines". Line fields are keyed `lines.<i>.<field>`. */
export function checkBillAmounts(input: BillAmountsInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!isCurrencyCode(input.currency)) {
    errors.currency = M.currencyRequired;
    return errors;
  }
  const isCredit = input.isCredit === true;
  const gross = checkTriple("", input.currency, input, isCredit, errors, false);
  if (blank(input.reference)) errors.reference = M.referenceRequired;
  else if (String(input.reference).length > REFERENCE_MAX) errors.reference = M.referenceMax;
  const lines = input.lines ?? [];
  let total = 0;
  let linesOk = true;
  lines.forEach((line, i) => {
    const p = `lines.${i}.`;
    if (line.spendCategoryId === undefined || line.spendCategoryId === null) errors[`${p}spendCategoryId`] = M.spendCategoryRequired;
    if ((line.notes ?? "").length > LINE_NOTES_MAX) errors[`${p}notes`] = M.lineNotesMax;
    // §5 "net and tax both or neither" per line.
    const g = checkTriple(p, input.currency, line, isCredit, errors, true);
    if (g) total += g.amount;
    else linesOk = false;
  });
  // §5 "lines total matches bill total".
  if (lines.length > 0 && linesOk && gross && !withinTolerance({ amount: total, currency: gross.currency }, gross)) {
    errors.lines = M.linesTotalMismatch;
  }
  return errors;
}

/**
 * §5 "Bill lines" one line at a time (spend category required; net and tax both or neither; net plus
 * tax equals the line's gross within 0.005; notes ≤ 250), without the bill total: what a draft of lines
 * must satisfy before it is saved (approve then checks the lines against the bill's total too).
 */
export function checkBillLines(currency: string, lines: BillLineInput[], isCredit = false): FieldErrors {
  const errors: FieldErrors = {};
  if (!isCurrencyCode(currency)) {
    errors.currency = M.currencyRequired;
    return errors;
  }
  lines.forEach((line, i) => {
    const p = `lines.${i}.`;
    if (line.spendCategoryId === undefined || line.spendCategoryId === null) errors[`${p}spendCategoryId`] = M.spendCategoryRequired;
    if ((line.notes ?? "").length > LINE_NOTES_MAX) errors[`${p}notes`] = M.lineNotesMax;
    checkTriple(p, currency, line, isCredit, errors, true);
  });
  return errors;
}

// ---------------------------------------------------------------- manual adjustment

export const manualAdjustmentSchema = z.object({
  accountId: z.number().int().positive(),
  amount: z.string(),
  currency: z.string(),
  timestamp: z.string(),
  notes: z.string().max(INTERNAL_NOTES_MAX).optional(),
});
export type ManualAdjustmentInput = z.infer<typeof manualAdjustmentSchema>;

/** §5 "Manual adjustment: amount required, numeric, at most two decimals, non-zero; date required." */
export function checkManualAdjustment(input: { amount?: unknown; currency: string; timestamp?: unknown }): { errors: FieldErrors; amount?: Money; date?: string } {
  const errors: FieldErrors = {};
  const r = readAmount(input.amount, input.currency);
  let amount: Money | undefined;
  if ("error" in r) errors.amount = r.error;
  else if (r.money.amount === 0) errors.amount = M.amountNonZero;
  else amount = r.money;
  if (blank(input.timestamp)) errors.timestamp = M.dateRequired;
  else if (financeDay(input.timestamp) === null) errors.timestamp = M.dateInvalid;
  return { errors, amount, date: financeDay(input.timestamp) ?? undefined };
}

// ---------------------------------------------------------------- payment (PaidPendingAudit)

export const auditPaymentSchema = z.object({
  amount: z.string(),
  currency: z.string(),
  paymentDate: z.string(),
  differentRecipientCurrency: z.boolean().default(false),
  recipientAmount: z.string().optional(),
  recipientCurrency: z.string().optional(),
});

/**
 * §5 "Payment (PaidPendingAudit): amount numeric non-zero, currency and date required; recipient
 * amount and currency when a different recipient currency; date not in the future." `today` is the
 * caller's date (yyyy-mm-dd) so the rule stays pure.
 */
export function checkAuditPayment(
  input: { amount?: unknown; currency?: string | null; paymentDate?: string | null; differentRecipientCurrency?: boolean; recipientAmount?: unknown; recipientCurrency?: string | null },
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const currency = input.currency ?? "";
  if (!isCurrencyCode(currency)) errors.currency = M.currencyRequired;
  else {
    const r = readAmount(input.amount, currency);
    if ("error" in r) errors.amount = r.error;
    else if (r.money.amount === 0) errors.amount = M.amountNonZero;
  }
  if (!validDate(input.paymentDate)) errors.paymentDate = M.dateRequired;
  else if (input.paymentDate > today) errors.paymentDate = M.dateInFuture;
  if (input.differentRecipientCurrency) {
    const rc = input.recipientCurrency ?? "";
    if (!isCurrencyCode(rc)) errors.recipientCurrency = M.recipientRequired;
    else {
      const r = readAmount(input.recipientAmount, rc);
      if ("error" in r) errors.recipientAmount = blank(input.recipientAmount) ? M.recipientRequired : r.error;
      else if (r.money.amount === 0) errors.recipientAmount = M.amountNonZero;
    }
  }
  return errors;
}

// ---------------------------------------------------------------- void

/** §4/§5: void needs a rejection reason for VendorBooking and Expense; reason text ≤ 250. */
export function checkVoidReason(billType: string, reasonId: number | null | undefined, reasonText?: string | null): FieldErrors {
  const errors: FieldErrors = {};
  if ((billType === "VendorBooking" || billType === "Expense") && (reasonId === undefined || reasonId === null)) {
    errors.rejectionId = M.voidReasonRequired;
  }
  if ((reasonText ?? "").length > VOID_REASON_MAX) errors.rejectionReason = M.voidReasonMax;
  return errors;
}

// ---------------------------------------------------------------- ad-hoc charges

export const adhocChargeSchema = z.object({
  amount: z.string(),
  currency: z.string(),
  budgetGroupId: z.number().int().positive().nullable().optional(),
  spendCategoryId: z.number().int().positive().nullable().optional(),
  internalRef: z.string().max(ADHOC_TEXT_MAX, M.adhocMax255).optional(),
  externalRef: z.string().max(ADHOC_TEXT_MAX, M.adhocMax255).optional(),
  notes: z.string().max(ADHOC_TEXT_MAX, M.adhocMax255).optional(),
});
export type AdhocChargeInput = z.infer<typeof adhocChargeSchema>;

/**
 * §5 "amounts numeric, trimmed to 2 decimals": the spec says trimmed, a commercial tool rounds half
 * up to the currency's places (JPY 0) — done by the money module's `toMinor`, the one rounding rule.
 */
export function adhocAmount(text: unknown, currency: string): { money: Money } | { error: string } {
  if (blank(text)) return { error: M.amountRequired };
  const cleaned = String(text).replaceAll(",", "").trim();
  if (!NUMBER.test(cleaned)) return { error: M.amountNotNumber };
  try {
    return { money: toMinor(cleaned, currency) };
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}

/**
 * §5 "a budget group and the budget cash-out spend category must be selected together" (§9: 580);
 * internalRef, externalRef and notes at most 255 characters. Another spend category with no budget
 * group is allowed (an ad-hoc charge not drawn from a budget).
 */
export function checkAdhocCharge(input: Partial<AdhocChargeInput> & { currency: string }): FieldErrors {
  const errors: FieldErrors = {};
  const a = adhocAmount(input.amount, input.currency);
  if ("error" in a) errors.amount = a.error;
  const hasGroup = input.budgetGroupId !== undefined && input.budgetGroupId !== null;
  const cashOut = input.spendCategoryId === BUDGET_CASH_OUT_CATEGORY;
  if (hasGroup !== cashOut) errors[hasGroup ? "spendCategoryId" : "budgetGroupId"] = M.adhocBudgetTogether;
  for (const key of ["internalRef", "externalRef", "notes"] as const) {
    if ((input[key] ?? "").length > ADHOC_TEXT_MAX) errors[key] = M.adhocMax255;
  }
  return errors;
}

/** §5 rejection: a reason must be selected; notes capped (Meridian caps at 250, the void-reason limit). */
export const REJECTION_NOTES_MAX = 250;
export function checkRejection(rejectionId: number | null | undefined, notes?: string | null): FieldErrors {
  const errors: FieldErrors = {};
  if (rejectionId === undefined || rejectionId === null) errors.rejectionId = M.rejectionReasonRequired;
  if ((notes ?? "").length > REJECTION_NOTES_MAX) errors.rejectionReason = notesMaxMessage(REJECTION_NOTES_MAX);
  return errors;
}

/** §5 lock period: name and date both required. */
export function checkLockPeriodInput(periodName: unknown, lockDate: unknown): FieldErrors {
  if (blank(periodName) || !validDate(lockDate)) return { lockPeriod: M.lockPeriodFields };
  return {};
}
