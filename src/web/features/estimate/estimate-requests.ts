/**
 * The requests of wizard stage 4, the cost estimate, built from its client state (estimate-state.ts;
 * part 1 §3 payloads, §4 "Cost estimate stage actions", §5 checks): `toSaveRequest` (basic),
 * `toUpdateAdvancedRequest`, `toRecalculateRequest`, `toCalculateTaxRequest`, each with the keys
 * that map rule and server field errors (`overrideServices.3.amount`) back to rows, and the checks
 * before a post (`checkEstimate`).
 */
import { isBlankNewCustomRow, validateEstimateEdits, type EstimateEditsResult } from "../../../domain/estimate/rules.ts";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type {
  TCalculateTaxRequest,
  TCalculateTaxResponse,
  TCustomService,
  TOverrideService,
  TRecalculateRequest,
  TSaveEstimateRequest,
  TStageAction,
  TUpdateAdvancedRequest,
} from "../../../domain/estimate/schemas.ts";
import {
  allItems,
  amountParses,
  customKey,
  customsChanged,
  isEditableService,
  rowKey,
  rowValues,
  type EstimateState,
  type LiveTax,
} from "./estimate-state.ts";

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
