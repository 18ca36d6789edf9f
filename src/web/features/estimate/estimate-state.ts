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
 * - Requests: `toSaveRequest` (basic), `toUpdateAdvancedRequest`, `toRecalculateRequest`,
 *   `toCalculateTaxRequest`, each with the keys that map rule and server field errors
 *   (`overrideServices.3.amount`) back to rows.
 */
import { isBlankNewCustomRow, validateEstimateEdits, type EstimateEditsResult } from "../../../domain/estimate/rules.ts";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type {
  TCalculateTaxRequest,
  TCalculateTaxResponse,
  TCostEstimateView,
  TCustomService,
  TEstimateItem,
  TEstimateSection,
  TOverrideService,
  TRecalculateRequest,
  TSaveEstimateRequest,
  TStageAction,
  TTaxability,
  TTaxMethod,
  TUpdateAdvancedRequest,
} from "../../../domain/estimate/schemas.ts";
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

// ── what changed ────────────────────────────────────────────────────────────────────────────

const sameCustom = (a: CustomRow, b: CustomRow) =>
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

// ── requests ────────────────────────────────────────────────────────────────────────────────

/** Request rows with the page key of each (index i of the request ↔ keys[i]). */
export type Keyed<T> = { list: T[]; keys: string[] };

/** Every overridden service: edited now, or overridden in the loaded version (kept as it was). */
export function overrideServices(state: EstimateState): Keyed<TOverrideService & { originalAmount: number | null }> {
  const list: Array<TOverrideService & { originalAmount: number | null }> = [];
  const keys: string[] = [];
  for (const item of allItems(state.view)) {
    if (!isEditableService(item)) continue;
    const edit = state.edits[item.identifier];
    if (!edit && !item.overridden) continue;
    const values = rowValues(state, item);
    list.push({
      serviceCode: item.serviceCode!,
      stageId: item.stageId!,
      currency: item.currency,
      amount: values.amount.trim(),
      taxability: values.taxability,
      originalAmount: item.originalAmount,
    });
    keys.push(item.identifier);
  }
  return { list, keys };
}

/** The custom rows to send: every row but a new one still blank. */
export function customServices(state: EstimateState): Keyed<TCustomService> {
  const list: TCustomService[] = [];
  const keys: string[] = [];
  for (const c of state.customs) {
    const row = { serviceName: c.serviceName, amount: c.amount, taxability: c.taxability || null, currency: c.currency, newlyAdded: c.newlyAdded };
    if (isBlankNewCustomRow(row)) continue;
    list.push({
      serviceName: c.serviceName.trim(),
      amount: c.amount.trim(),
      taxability: c.taxability === "" ? undefined : c.taxability,
      currency: c.currency,
      ...(c.newlyAdded ? { newlyAdded: true } : {}),
    });
    keys.push(c.key);
  }
  return { list, keys };
}

const stripOriginal = (rows: Array<TOverrideService & { originalAmount: number | null }>): TOverrideService[] =>
  rows.map(({ originalAmount: _o, ...rest }) => rest);

type MoveRef = { employeeId: number; moveId: number };

const taxRateOverrideValue = (text: string): number | null => (text.trim() === "" ? null : Number(text.trim()));

/** POST saveEstimate (LTA, STA, NO_PROVIDER). */
export function toSaveRequest(state: EstimateState, ref: MoveRef, stageAction: TStageAction): TSaveEstimateRequest {
  const a = state.approval;
  return {
    ...ref,
    costEstimateID: state.view.costEstimateId,
    isApproved: a.isApproved,
    approverName: a.approverName.trim() || null,
    approverEmail: a.approverEmail.trim() || null,
    approvalDate: a.approvalDate || null,
    endDate: state.view.endDate,
    overrideServices: stripOriginal(overrideServices(state).list),
    customServices: customServices(state).list,
    type: state.view.type,
    taxCategory: state.tax.taxCategory,
    taxMethod: state.tax.taxMethod,
    annualSalaryAmount: state.tax.annualSalaryAmount.trim() || null,
    annualSalaryCurrency: state.tax.annualSalaryCurrency || null,
    taxRateOverride: taxRateOverrideValue(state.tax.taxRateOverride),
    displayCurrency: state.displayCurrency,
    stageAction,
  };
}

/** POST updateAdvancedCostEstimate (ADVANCED). */
export function toUpdateAdvancedRequest(state: EstimateState, ref: MoveRef, stageAction: TStageAction): TUpdateAdvancedRequest {
  const a = state.approval;
  return {
    ...ref,
    costEstimateId: state.view.costEstimateId,
    isApproved: a.isApproved,
    approverName: a.approverName.trim() || null,
    approverEmail: a.approverEmail.trim() || null,
    approvalDate: a.approvalDate || null,
    displayCurrency: state.displayCurrency,
    secondaryDisplayCurrency: state.secondaryDisplayCurrency,
    manualTaxSection: { taxRateOverride: taxRateOverrideValue(state.tax.taxRateOverride), taxYearOverrides: [] },
    overrideServices: stripOriginal(overrideServices(state).list),
    customServices: customServices(state).list,
    taxCategories: [state.tax.taxCategory],
    taxMethod: state.tax.taxMethod,
    annualSalaryAmount: state.tax.annualSalaryAmount.trim() || null,
    annualSalaryCurrency: state.tax.annualSalaryCurrency || null,
    asyncCostEstimateCreationRequestUuid: null,
    stageAction,
  };
}

/** POST recalculateEstimationView (ON_ALT_CALC): the estimate body as edited. */
export function toRecalculateRequest(state: EstimateState, ref: MoveRef, patch: { displayCurrency?: string; secondaryDisplayCurrency?: string | null } = {}): TRecalculateRequest {
  return {
    ...ref,
    estimationView: "CostEstimate",
    costEstimateId: state.view.costEstimateId,
    displayCurrency: patch.displayCurrency ?? state.displayCurrency,
    secondaryDisplayCurrency: patch.secondaryDisplayCurrency !== undefined ? patch.secondaryDisplayCurrency : state.secondaryDisplayCurrency,
    overrideServices: stripOriginal(overrideServices(state).list),
    customServices: customServices(state).list,
    taxRateOverride: taxRateOverrideValue(state.tax.taxRateOverride),
    taxCategory: state.tax.taxCategory,
    taxMethod: state.tax.taxMethod,
    annualSalaryAmount: state.tax.annualSalaryAmount.trim() || null,
    annualSalaryCurrency: state.tax.annualSalaryCurrency || null,
    stageAction: "ON_ALT_CALC",
  };
}

/** Basic estimates: the rows whose tax the page shows live (no save). Null when nothing is edited. */
export function toCalculateTaxRequest(state: EstimateState, ref: MoveRef): { request: TCalculateTaxRequest; serviceKeys: string[]; customKeys: string[] } | null {
  if (state.view.type === "ADVANCED") return null;
  if (Object.keys(state.edits).length === 0 && !customsChanged(state)) return null;
  const services = overrideServices(state);
  const customs = customServices(state);
  // Live tax only for rows that can be taxed as typed.
  if (services.list.some((s) => !amountParses(s.amount, s.currency))) return null;
  if (customs.list.some((c) => !/^\d+$/.test(c.amount.replaceAll(",", "")) || c.serviceName === "")) return null;
  return {
    request: {
      ...ref,
      costEstimateId: state.view.costEstimateId,
      services: stripOriginal(services.list),
      customServices: customs.list,
      taxRateOverride: validTaxRate(state.tax.taxRateOverride) ? taxRateOverrideValue(state.tax.taxRateOverride) : null,
    },
    serviceKeys: services.keys,
    customKeys: customs.keys,
  };
}

/** The live tax of a calculate-tax answer, matched to rows by identifier (services, else position) or position (custom rows). */
export function liveTaxFrom(response: TCalculateTaxResponse, serviceKeys: string[], customKeys: string[]): LiveTax | null {
  const data = response.data[0];
  if (response.status !== "SUCCESS" || !data) return null;
  const rows: LiveTax["rows"] = {};
  data.servicesEstimations.forEach((r, i) => {
    const identifier = serviceKeys.includes(r.identifier) ? r.identifier : serviceKeys[i];
    if (identifier) rows[rowKey(identifier)] = { taxAmount: r.taxAmount, total: r.total, currency: r.currency };
  });
  // Custom rows have no identifier in the request: the answer keeps their order.
  data.customServicesEstimations.forEach((r, i) => {
    const key = customKeys[i];
    if (key) rows[customKey(key)] = { taxAmount: r.taxAmount, total: r.total, currency: r.currency };
  });
  return { rows, total: data.totalEstimateAfterOverrides, taxRate: data.taxRate };
}

function amountParses(text: string, currency: string): boolean {
  if (text.trim() === "" || !isCurrencyCode(currency)) return false;
  try {
    parseAmount(text, currency);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

const validTaxRate = (text: string) => text.trim() === "" || (/^\d{1,2}$/.test(text.trim()) && Number(text.trim()) <= 99);

// ── checks ──────────────────────────────────────────────────────────────────────────────────

/** Field keys on the page: `amount:{identifier}`, `custom:{key}:{field}`, `approverName`, … */
export const fieldKey = {
  amount: (identifier: string) => `amount:${identifier}`,
  custom: (key: string, field: "serviceName" | "amount" | "taxability") => `custom:${key}:${field}`,
} as const;

export type CheckResult = { fields: Record<string, string>; summary: string | null };

/**
 * Rule and server field keys (`overrideServices.3.amount`, `customServices.0.serviceName`,
 * `approverEmail`, `manualTaxSection.taxRateOverride`) as the page's keys.
 */
export function pageFieldErrors(fields: Record<string, string>, overrideKeys: string[], customKeys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const override = /^overrideServices\.(\d+)\.(\w+)$/.exec(key);
    const custom = /^customServices\.(\d+)\.(\w+)$/.exec(key);
    if (override) {
      const identifier = overrideKeys[Number(override[1])];
      if (identifier) out[fieldKey.amount(identifier)] = message;
      continue;
    }
    if (custom) {
      const rowKey = customKeys[Number(custom[1])];
      const field = custom[2] === "serviceName" || custom[2] === "taxability" ? custom[2] : "amount";
      if (rowKey) out[fieldKey.custom(rowKey, field)] = message;
      continue;
    }
    const last = key.split(".").at(-1) ?? key;
    out[last] = message;
  }
  return out;
}

/**
 * §5 before a post: the shared rules (override amounts, custom rows, approval; the approver's
 * e-mail when sending) plus the tax settings the page edits (whole-percent rate, salary amount).
 */
export function checkEstimate(state: EstimateState, options: { sending: boolean }): CheckResult {
  const services = overrideServices(state);
  const customs = customServices(state);
  const result: EstimateEditsResult = validateEstimateEdits({
    overrideServices: services.list.map((s) => ({ amount: s.amount, currency: s.currency, originalAmount: s.originalAmount })),
    customServices: state.customs
      .filter((c) => customs.keys.includes(c.key))
      .map((c) => ({ serviceName: c.serviceName, amount: c.amount, taxability: c.taxability || null, currency: c.currency, newlyAdded: c.newlyAdded })),
    approval: {
      isApproved: state.approval.isApproved,
      approverName: state.approval.approverName,
      approverEmail: state.approval.approverEmail,
      approvalDate: state.approval.approvalDate || null,
    },
    requireApproverEmail: options.sending,
  });
  const fields = pageFieldErrors(result.fields, services.keys, customs.keys);
  if (!validTaxRate(state.tax.taxRateOverride)) fields.taxRateOverride = estimateMessages.taxRateRange;
  const salary = state.tax.annualSalaryAmount.trim();
  if (salary !== "") {
    if (!state.tax.annualSalaryCurrency) fields.annualSalaryCurrency = estimateMessages.unknownCurrency;
    else if (!amountParses(salary, state.tax.annualSalaryCurrency)) fields.annualSalaryAmount = estimateMessages.valueRequired;
  }
  const any = Object.keys(fields).length > 0;
  return { fields, summary: any ? (result.summary ?? estimateMessages.fillRequired) : null };
}

/** Keys of the rows each request carries, for mapping a server's field errors. */
export function requestKeys(state: EstimateState): { overrideKeys: string[]; customKeys: string[] } {
  return { overrideKeys: overrideServices(state).keys, customKeys: customServices(state).keys };
}

// ── what a row shows ────────────────────────────────────────────────────────────────────────

export type RowFigures = {
  perYear: number[];
  tax: number;
  total: number;
  currency: string;
  /** Edited since the last calculation: the figures are the last computed ones (or live tax). */
  pending: boolean;
  /** Tax and total come from the live calculation. */
  live: boolean;
};

/** The figures of a service or saved custom row (display currency). */
export function itemFigures(state: EstimateState, item: TEstimateItem): RowFigures {
  const key = item.custom ? customKey(item.identifier) : rowKey(item.identifier);
  const edited = item.custom
    ? (() => {
        const row = state.customs.find((c) => c.key === item.identifier);
        const base = state.baseCustoms.find((c) => c.key === item.identifier);
        return !row || !base || !sameCustom(row, base);
      })()
    : item.identifier in state.edits;
  const live = state.live?.rows[key];
  return {
    perYear: item.totalPerYear,
    tax: live ? live.taxAmount : displayTax(item),
    total: live ? live.total : displayTotal(item),
    currency: live ? live.currency : state.view.displayCurrency,
    pending: edited,
    live: Boolean(live),
  };
}

/** A new custom row: 0 until computed (§3), or its live tax. */
export function newCustomFigures(state: EstimateState, row: CustomRow): RowFigures {
  const live = state.live?.rows[customKey(row.key)];
  const years = state.view.yearLabels.length;
  return {
    perYear: Array.from({ length: years }, () => 0),
    tax: live ? live.taxAmount : 0,
    total: live ? live.total : 0,
    currency: live ? live.currency : state.view.displayCurrency,
    pending: !row.newlyAdded,
    live: Boolean(live),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * An item's tax and total in the display currency: the sums of its year columns (`taxAmount` and
 * `total` are in the item's own currency). Summing integers: no rounding.
 */
export function displayTax(item: TEstimateItem): number {
  return sum(item.taxPerYear);
}
export function displayTotal(item: TEstimateItem): number {
  return sum(item.totalPerYear);
}

/** The tax part of a set of items, display currency. */
export function sumTax(items: TEstimateItem[]): number {
  return items.reduce((total, i) => total + displayTax(i), 0);
}

/** The grand total's tax: the sections counted in the total. */
export function grandTax(view: TCostEstimateView): number {
  return view.sections.filter((s) => !s.excludedFromTotal).reduce((sum, s) => sum + sumTax(s.items), 0);
}
