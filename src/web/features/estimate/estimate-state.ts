/**
 * Client state of wizard stage 4, the cost estimate (part 1 §3 cost estimate row and payloads, §4
 * "Cost estimate stage actions" and estimate edits, §5 "Cost estimate page"). Pure (no React), so
 * the rules are unit-tested:
 *
 * - `view` is the estimate as the server computed it; every edit is kept beside it (`edits` per
 *   service row, `customs`, `tax`, `approval`, the display currencies) so the page can show what
 *   changed and build each request from one place.
 * - Any edit of an amount, taxability, tax setting, salary, currency or custom item makes the
 *   estimate "dirty": Export and Next are off until it is recalculated or saved (a new `view`
 *   starts a fresh state). A new custom row is `newlyAdded` (not an edit yet) until it is named or
 *   changed.
 * - ADVANCED: one annual-cost item at a time (`annualLock`); STA: a tax edit greys the tax-year
 *   sections until recalculated.
 * - Requests and the checks before them are in estimate-requests.ts, what a row shows in
 *   estimate-figures.ts.
 */
import type { TCostEstimateView, TEstimateItem, TEstimateSection, TTaxability, TTaxMethod } from "../../../domain/estimate/schemas.ts";
import { CUSTOM_ITEM_TAXABILITY } from "../../../domain/estimate/taxability.ts";
import { AppError } from "../../../domain/errors.ts";
import { isCurrencyCode, parseAmount } from "../../../domain/money/money.ts";
import { amountInputText, wholeInputText } from "./format.ts";

export type TaxCategory = TCostEstimateView["taxCategory"];

export type RowEdit = { amount: string; taxability: TTaxability };

export type CustomRow = {
  /** The row's key on the page: the server's identifier for a saved item, `new:{n}` for a new one. */
  key: string;
  /** The saved item's identifier; null for a row added on this page. */
  identifier: string | null;
  serviceName: string;
  amount: string;
  taxability: TTaxability | "";
  currency: string;
  /** part 1 §4: a new row is newlyAdded (not counted as an edit) until it is named or changed. */
  newlyAdded: boolean;
};

export type TaxSettings = {
  taxMethod: TTaxMethod;
  taxCategory: TaxCategory;
  /** Whole percent as typed; blank = none. */
  taxRateOverride: string;
  annualSalaryAmount: string;
  annualSalaryCurrency: string;
};

export type Approval = { isApproved: boolean; approverName: string; approverEmail: string; approvalDate: string };

/** Live tax of edited basic rows (calculate-tax), by row key (`row:{identifier}` or `custom:{key}`). */
export type LiveTax = {
  rows: Record<string, { taxAmount: number; total: number; currency: string }>;
  total: number;
  taxRate: number;
};

export type EstimateState = {
  view: TCostEstimateView;
  /** Service rows whose amount or taxability differ from the view, by item identifier. */
  edits: Record<string, RowEdit>;
  customs: CustomRow[];
  /** The custom rows as loaded (to tell a changed or removed one). */
  baseCustoms: CustomRow[];
  nextCustom: number;
  tax: TaxSettings;
  baseTax: TaxSettings;
  approval: Approval;
  baseApproval: Approval;
  displayCurrency: string;
  secondaryDisplayCurrency: string | null;
  /** ADVANCED: the one annual-cost item being edited (the others are locked until Calculate or Save). */
  annualLock: string | null;
  live: LiveTax | null;
};

// ── reading the view ────────────────────────────────────────────────────────────────────────

export const rowKey = (identifier: string) => `row:${identifier}`;
export const customKey = (key: string) => `custom:${key}`;

export function allItems(view: TCostEstimateView): TEstimateItem[] {
  return view.sections.flatMap((s) => s.items);
}

/** A service row the user may override (custom items are edited as custom rows). */
export function isEditableService(item: TEstimateItem): boolean {
  return item.editable && !item.custom && item.serviceCode !== null && item.stageId !== null;
}

/** The text an amount box starts with: the item's amount in its own currency. */
export function itemAmountText(item: TEstimateItem): string {
  return amountInputText(item.amount, item.currency);
}

/** STA tax-year sections (the tax per tax year): greyed while a tax edit waits for recalculation. */
export function isTaxYearSection(section: TEstimateSection): boolean {
  if (section.key.toLowerCase().startsWith("tax")) return true;
  return section.items.length > 0 && section.items.every((i) => i.serviceType === "TAX");
}

/** The section custom rows belong to: the one holding custom items, else none (the page adds a block). */
export function customSectionKey(view: TCostEstimateView): string | null {
  return view.sections.find((s) => s.items.some((i) => i.custom))?.key ?? null;
}

function customFromItem(item: TEstimateItem): CustomRow {
  return {
    key: item.identifier,
    identifier: item.identifier,
    serviceName: item.name,
    amount: wholeInputText(item.amount, item.currency),
    taxability: item.taxability,
    currency: item.currency,
    newlyAdded: false,
  };
}

function taxOf(view: TCostEstimateView): TaxSettings {
  return {
    taxMethod: view.taxMethod,
    taxCategory: view.taxCategory,
    taxRateOverride: view.taxRateOverride === null ? "" : String(view.taxRateOverride),
    annualSalaryAmount:
      view.annualSalaryAmount === null || !view.annualSalaryCurrency ? "" : amountInputText(view.annualSalaryAmount, view.annualSalaryCurrency),
    annualSalaryCurrency: view.annualSalaryCurrency ?? "",
  };
}

function approvalOf(view: TCostEstimateView): Approval {
  const e = view.employeeInformation;
  return { isApproved: e.isApproved, approverName: e.approverName ?? "", approverEmail: e.approverEmail ?? "", approvalDate: e.approvalDate ?? "" };
}

/** The state a freshly loaded (or saved, or recalculated) estimate starts with. */
export function initialEstimateState(view: TCostEstimateView): EstimateState {
  const customs = allItems(view).filter((i) => i.custom).map(customFromItem);
  const tax = taxOf(view);
  const approval = approvalOf(view);
  return {
    view,
    edits: {},
    customs,
    baseCustoms: customs,
    nextCustom: 1,
    tax,
    baseTax: tax,
    approval,
    baseApproval: approval,
    displayCurrency: view.displayCurrency,
    secondaryDisplayCurrency: view.secondaryDisplayCurrency,
    annualLock: null,
    live: null,
  };
}

// ── edits ───────────────────────────────────────────────────────────────────────────────────

function findItem(state: EstimateState, identifier: string): TEstimateItem | undefined {
  return allItems(state.view).find((i) => i.identifier === identifier);
}

/** ADVANCED: another annual-cost item is being edited, so this one waits (§4). */
export function isRowLocked(state: EstimateState, item: TEstimateItem): boolean {
  return state.view.type === "ADVANCED" && item.annualCost && state.annualLock !== null && state.annualLock !== item.identifier;
}

/** Changes a service row's amount or taxability; back to the loaded values drops the edit. */
export function editRow(state: EstimateState, identifier: string, patch: Partial<RowEdit>): EstimateState {
  const item = findItem(state, identifier);
  if (!item || !isEditableService(item) || isRowLocked(state, item)) return state;
  const current = state.edits[identifier] ?? { amount: itemAmountText(item), taxability: item.taxability };
  const next = { ...current, ...patch };
  const unchanged = next.amount.trim() === itemAmountText(item) && next.taxability === item.taxability;
  const edits = { ...state.edits };
  if (unchanged) delete edits[identifier];
  else edits[identifier] = next;
  let annualLock = state.annualLock;
  if (state.view.type === "ADVANCED" && item.annualCost) {
    if (!unchanged) annualLock = identifier;
    else if (annualLock === identifier) annualLock = null;
  }
  const live = state.live ? { ...state.live, rows: withoutKey(state.live.rows, rowKey(identifier)) } : null;
  return { ...state, edits, annualLock, live };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/**
 * The feedback a row shows (issue 13 item 6): the engine's, except that a WARNING or ERROR (no
 * amount could be estimated, a formula failed) goes as soon as a valid amount is typed for the row;
 * an INFO note (taxability to confirm) stays.
 */
export function itemFeedback(state: EstimateState | undefined, item: TEstimateItem): { status: TEstimateItem["feedbackStatus"]; message: string } | null {
  if (!item.estimateResultStatusMessage) return null;
  const edit = state?.edits[item.identifier];
  if (item.feedbackStatus !== "INFO" && edit && amountParses(edit.amount, item.currency)) return null;
  return { status: item.feedbackStatus, message: item.estimateResultStatusMessage };
}

/** The values a service row shows in its inputs. */
export function rowValues(state: EstimateState, item: TEstimateItem): RowEdit {
  return state.edits[item.identifier] ?? { amount: itemAmountText(item), taxability: item.taxability };
}

/** "Add item": amount, tax and total 0, taxability MAYBE, newlyAdded (§3, §4). */
export function addCustom(state: EstimateState): EstimateState {
  const row: CustomRow = {
    key: `new:${state.nextCustom}`,
    identifier: null,
    serviceName: "",
    amount: "0",
    taxability: CUSTOM_ITEM_TAXABILITY,
    currency: state.view.displayCurrency,
    newlyAdded: true,
  };
  return { ...state, customs: [...state.customs, row], nextCustom: state.nextCustom + 1 };
}

/** Names or changes a custom row: from then on it is active (no longer newlyAdded). */
export function editCustom(state: EstimateState, key: string, patch: Partial<Pick<CustomRow, "serviceName" | "amount" | "taxability">>): EstimateState {
  return {
    ...state,
    customs: state.customs.map((c) => (c.key === key ? { ...c, ...patch, newlyAdded: false } : c)),
    live: state.live ? { ...state.live, rows: withoutKey(state.live.rows, customKey(key)) } : null,
  };
}

export function removeCustom(state: EstimateState, key: string): EstimateState {
  return {
    ...state,
    customs: state.customs.filter((c) => c.key !== key),
    live: state.live ? { ...state.live, rows: withoutKey(state.live.rows, customKey(key)) } : null,
  };
}

export function setTax(state: EstimateState, patch: Partial<TaxSettings>): EstimateState {
  return { ...state, tax: { ...state.tax, ...patch } };
}

export function setApproval(state: EstimateState, patch: Partial<Approval>): EstimateState {
  const approval = { ...state.approval, ...patch };
  // Unticking "Approved" keeps the name and e-mail (they are still the approver to send to).
  return { ...state, approval };
}

export function setLiveTax(state: EstimateState, live: LiveTax | null): EstimateState {
  return { ...state, live };
}

/** The amount as typed parses in its currency (blank or an unknown currency does not). */
export function amountParses(text: string, currency: string): boolean {
  if (text.trim() === "" || !isCurrencyCode(currency)) return false;
  try {
    parseAmount(text, currency);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

// ── what changed ────────────────────────────────────────────────────────────────────────────

export const sameCustom = (a: CustomRow, b: CustomRow) =>
  a.serviceName.trim() === b.serviceName.trim() && a.amount.trim() === b.amount.trim() && a.taxability === b.taxability;

/** Custom rows changed: one added (and named or changed), one removed or one edited. */
export function customsChanged(state: EstimateState): boolean {
  const active = state.customs.filter((c) => !c.newlyAdded);
  if (active.some((c) => c.identifier === null)) return true;
  if (state.baseCustoms.some((b) => !state.customs.some((c) => c.key === b.key))) return true;
  return active.some((c) => {
    const base = state.baseCustoms.find((b) => b.key === c.key);
    return !base || !sameCustom(base, c);
  });
}

/** A tax setting changed (method, category, rate override, salary). */
export function taxEdited(state: EstimateState): boolean {
  const a = state.tax;
  const b = state.baseTax;
  return (
    a.taxMethod !== b.taxMethod ||
    a.taxCategory !== b.taxCategory ||
    a.taxRateOverride.trim() !== b.taxRateOverride.trim() ||
    a.annualSalaryAmount.trim() !== b.annualSalaryAmount.trim() ||
    a.annualSalaryCurrency !== b.annualSalaryCurrency
  );
}

export function currencyEdited(state: EstimateState): boolean {
  return state.displayCurrency !== state.view.displayCurrency || state.secondaryDisplayCurrency !== state.view.secondaryDisplayCurrency;
}

/** Row amounts or custom items changed: leaving asks first (§4 "Stage 4 with altered amounts prompts before leaving"). */
export function amountsAltered(state: EstimateState): boolean {
  return Object.keys(state.edits).length > 0 || customsChanged(state);
}

/** §4: any edit of an amount, taxability, tax category, salary, currency or custom item. */
export function isDirty(state: EstimateState): boolean {
  return amountsAltered(state) || taxEdited(state) || currencyEdited(state);
}

export function approvalChanged(state: EstimateState): boolean {
  const a = state.approval;
  const b = state.baseApproval;
  return (
    a.isApproved !== b.isApproved ||
    a.approverName.trim() !== b.approverName.trim() ||
    a.approverEmail.trim() !== b.approverEmail.trim() ||
    a.approvalDate !== b.approvalDate
  );
}

/** Export and Next wait for Recalculate or Save while the estimate is dirty (§4). */
export function canLeaveForward(state: EstimateState): boolean {
  return !isDirty(state);
}

/** STA: a tax edit greys the tax-year sections (§4). */
export function isSectionStale(state: EstimateState, section: TEstimateSection): boolean {
  return state.view.type === "STA" && taxEdited(state) && isTaxYearSection(section);
}
