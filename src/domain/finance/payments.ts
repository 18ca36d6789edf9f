/**
 * Paying several bills at once (issue 16; spec part 2 §2 Bill Management "multi-bill payment",
 * §5 "Paying multiple bills", §7 calculatemultiple (totalAmountFrom, totalAmountTo, amountToCurrency,
 * amountFromCurrency, bills[])). Pure.
 *
 * §5: at least one selected ("Please select at least one bill"); bill, from-account, to-account and
 * invoice currencies must each be uniform. In the Paid popup, equal currency with differing totals is
 * blocked. Creating an account for the recipient currency requires exactly one invoice and a currency.
 *
 * Where the spec is silent: a held bill cannot be part of a payment (§4 says a hold disables pay and
 * selection); the same bill selected twice counts once (a double click must not pay twice); totals
 * per currency are listed in currency-code order.
 */
import { isCurrencyCode, sumMoney, type Money } from "../money/money.ts";
import { financeMessages as M } from "./messages.ts";

export type PayableBill = {
  id: number;
  amount: Money;
  fromAccountCurrency: string;
  toAccountCurrency: string;
  invoiceCurrency: string;
  onHold?: boolean;
};

/** Distinct bills in selection order (a bill selected twice is paid once). */
export function distinctBills<T extends { id: number }>(bills: readonly T[]): T[] {
  const seen = new Set<number>();
  return bills.filter((b) => (seen.has(b.id) ? false : (seen.add(b.id), true)));
}

/** null when the selection can be paid together; otherwise the refusal. */
export function checkMultiBillPayment(selection: readonly PayableBill[]): string | null {
  const bills = distinctBills(selection);
  if (bills.length === 0) return M.selectAtLeastOneBill;
  if (bills.some((b) => b.onHold)) return M.billOnHold;
  const uniform = (pick: (b: PayableBill) => string) => new Set(bills.map(pick)).size === 1;
  if (!uniform((b) => b.amount.currency)) return M.mixedBillCurrencies;
  if (!uniform((b) => b.fromAccountCurrency)) return M.mixedFromAccountCurrencies;
  if (!uniform((b) => b.toAccountCurrency)) return M.mixedToAccountCurrencies;
  if (!uniform((b) => b.invoiceCurrency)) return M.mixedInvoiceCurrencies;
  return null;
}

/** Totals per currency (for the amount columns' totals and the Paid popup), in currency order. */
export function totalsByCurrency(amounts: readonly Money[]): Money[] {
  const byCurrency = new Map<string, Money[]>();
  for (const m of amounts) byCurrency.set(m.currency, [...(byCurrency.get(m.currency) ?? []), m]);
  return [...byCurrency.keys()].sort().map((c) => sumMoney(byCurrency.get(c)!, c));
}

/** The Paid popup's from-total of a uniform selection (the sum of the bills, in the bill currency). */
export function paidPopupTotalFrom(selection: readonly PayableBill[]): Money {
  const bills = distinctBills(selection);
  const totals = totalsByCurrency(bills.map((b) => b.amount));
  if (totals.length !== 1) throw new Error(M.mixedBillCurrencies);
  return totals[0]!;
}

/** §5 Paid popup: when the amount paid and the amount received share a currency they must be equal. */
export function checkPaidPopup(totalFrom: Money, totalTo: Money): string | null {
  if (totalFrom.currency === totalTo.currency && totalFrom.amount !== totalTo.amount) return M.paidTotalsDiffer;
  return null;
}

/** §5: creating an account for the recipient currency needs exactly one invoice and a currency. */
export function checkCreateRecipientAccount(invoiceCount: number, currency: string | null | undefined): string | null {
  if (invoiceCount !== 1 || !currency || !isCurrencyCode(currency)) return M.recipientAccountNeedsOneInvoice;
  return null;
}
