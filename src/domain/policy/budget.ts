/**
 * Budget rules of part 2 §5 "budgets": amount parsing and the min/amount/max consistency checks.
 * Amounts are integer minor units of the budget currency (money.ts does the parsing and rounding).
 */
import { AppError } from "../errors.ts";
import { parseAmount } from "../money/money.ts";
import { BUDGET_GROUP_MAX, BUDGET_GROUP_MIN, NO_BUDGET_GROUP } from "./catalogue.ts";
import { policyMessages } from "./messages.ts";

export type AmountParse = { ok: true; minor: number | null } | { ok: false; message: string };

/**
 * Parses a budget amount as typed ("12,500.00") into minor units of `currency`. Commas are
 * thousands separators; an empty field and zero both mean "no amount" (the spec blanks a zero).
 */
export function parseBudgetAmount(text: string, currency: string): AmountParse {
  const cleaned = text.replaceAll(",", "").trim();
  if (cleaned === "") return { ok: true, minor: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { ok: false, message: policyMessages.notANumber };
  if (cleaned.startsWith("-") && /[1-9]/.test(cleaned)) return { ok: false, message: policyMessages.negativeAmount };
  const normalized = (cleaned.startsWith("-") ? cleaned.slice(1) : cleaned).replace(/^\./, "0.")
    // Trailing zero decimals carry no value: "1,000.00" is fine for JPY too.
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");
  try {
    const { amount } = parseAmount(normalized, currency);
    // Past the one money bound (money.ts MONEY_MAX_MINOR) `parseAmount` refuses it: "The amount is too large."
    return { ok: true, minor: amount === 0 ? null : amount };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
}

/** A budget's values in minor units; null means not set. */
export type BudgetValues = { currency: string | null; amount: number | null; minAmount: number | null; maxAmount: number | null };

export type BudgetField = "currency" | "amount" | "minAmount" | "maxAmount";

/** Field errors of one budget (empty when it is consistent). */
export function validateBudget(b: BudgetValues): Partial<Record<BudgetField, string>> {
  const errors: Partial<Record<BudgetField, string>> = {};
  for (const field of ["amount", "minAmount", "maxAmount"] as const) {
    const v = b[field];
    if (v != null && v < 0) errors[field] = policyMessages.negativeAmount;
  }
  const hasCurrency = b.currency != null && b.currency.trim() !== "";
  if (b.amount != null && !hasCurrency) errors.currency = policyMessages.budgetCurrencyRequired("this budget");
  if (hasCurrency && b.amount == null && !errors.amount) errors.amount = policyMessages.budgetAmountRequired("this budget");

  const { amount, minAmount: min, maxAmount: max } = b;
  if (min != null && max != null && max < min && !errors.maxAmount) errors.maxAmount = policyMessages.maxBelowMin;
  if (min != null && amount != null && min > amount && !errors.minAmount) errors.minAmount = policyMessages.minAboveAmount;
  if (max != null && amount != null && max < amount && !errors.maxAmount) errors.maxAmount = policyMessages.maxBelowAmount;
  return errors;
}

/** Budget group numbers are 1 to 20, or 99 for "no budget group". */
export function isValidBudgetGroupNumber(n: number): boolean {
  return Number.isInteger(n) && ((n >= BUDGET_GROUP_MIN && n <= BUDGET_GROUP_MAX) || n === NO_BUDGET_GROUP);
}
