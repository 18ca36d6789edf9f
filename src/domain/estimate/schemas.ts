/**
 * Contracts of the cost estimate (part 1 §3 cost-estimate entities and payloads, §4 estimate
 * states, §7 estimate calls). Shared by the tRPC procedures in src/routers/estimate/, the legacy
 * routes of src/routers/estimate/legacy/estimate.ts and the React estimate stages. Money is integer minor
 * units of the named currency everywhere; rates are decimal strings (4 places for exchange rates);
 * tax rates are whole percents. Legacy fields arrive as text, so ids, numbers and flags coerce.
 */
import { z } from "zod";
import { zInt } from "../numbers.ts";
import { zFlag } from "../policy/benefit-schemas.ts";
import { ZMoveRef, zId, zOptionalId } from "../moves/wizard/schemas.ts";
import { parseIsoDate } from "../moves/wizard/validation.ts";
import { ZApprovalState } from "./approval-link.ts";
import { estimateMessages } from "./messages.ts";
import { zMinorUnits, ZMoneyText } from "../money/schemas.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const groupName = z.string().trim().min(1).max(64);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, estimateMessages.unknownCurrency);
/** A real calendar date, YYYY-MM-DD (2025-02-30 is refused). */
const isoDate = z.string().refine((text) => parseIsoDate(text) !== null, { message: "Please enter a valid date." });
const optionalIsoDate = z.preprocess(blankToNull, isoDate.nullable()).default(null);
const minor = z.number().int();

// ── catalogues ──────────────────────────────────────────────────────────────────────────────
/** part 1 §3 / §9 estimate types (a policy's NONE hides the estimate and never reaches here). */
export const COST_ESTIMATE_TYPES = ["ADVANCED", "LTA", "STA", "NO_PROVIDER"] as const;
export const ZCostEstimateType = z.enum(COST_ESTIMATE_TYPES);
export type TCostEstimateType = z.infer<typeof ZCostEstimateType>;

/** part 1 §3 "taxability (MAYBE default for a new custom item)". */
export const TAXABILITIES = ["TAXABLE", "NON_TAXABLE", "MAYBE"] as const;
export const ZTaxability = z.enum(TAXABILITIES);
export type TTaxability = z.infer<typeof ZTaxability>;

/** How tax on taxable items is estimated: a flat supplemental rate, the employee's marginal rate, or a full gross-up. */
export const TAX_METHODS = ["SUPPLEMENTAL", "MARGINAL", "GROSS_UP"] as const;
export const ZTaxMethod = z.enum(TAX_METHODS);
export type TTaxMethod = z.infer<typeof ZTaxMethod>;

/** Same values as src/domain/tax TAX_CATEGORIES (which rate GET get-tax-rate answers). */
export const ESTIMATE_TAX_CATEGORIES = ["MARGINAL", "SUPPLEMENTAL", "EFFECTIVE", "NON_TAXABLE"] as const;
export const ZTaxCategory = z.enum(ESTIMATE_TAX_CATEGORIES);
export const FILING_STATUS_VALUES = ["SINGLE", "MARRIED_JOINT", "HEAD_OF_HOUSEHOLD"] as const;
export const ZFilingStatus = z.enum(FILING_STATUS_VALUES);

/** part 1 §4 cost estimate stage actions. */
export const STAGE_ACTIONS = ["ON_PAGE", "ON_NEXT_NAVIGATION", "ON_PREVIOUS_NAVIGATION", "ON_SEND", "ON_SAVE", "ON_ALT_CALC"] as const;
export const ZStageAction = z.enum(STAGE_ACTIONS);
export type TStageAction = z.infer<typeof ZStageAction>;

/** part 1 §7 recalculateEstimationView?estimationView=(BalanceSheet|CostEstimate). */
export const ESTIMATION_VIEWS = ["CostEstimate", "BalanceSheet"] as const;
export const ZEstimationView = z.enum(ESTIMATION_VIEWS);
export type TEstimationView = z.infer<typeof ZEstimationView>;

/** Status of an asynchronous recalculation (part 1 §4: Done or Forced loads; Failed stops). */
export const ASYNC_STATUSES = ["Pending", "Processing", "Done", "Forced", "Failed"] as const;
export const ZAsyncStatus = z.enum(ASYNC_STATUSES);
export type TAsyncStatus = z.infer<typeof ZAsyncStatus>;
/** part 1 §9: poll every 2 s, at most 60 polls. */
export const ASYNC_POLL_INTERVAL_MS = 2000;
export const ASYNC_POLL_MAX = 60;

/** Stage 6 home and host options (advanced tax settings, part 1 §3). */
export const ROUTE_OPTIONS = ["HOME_PAYROLL", "HOST_PAYROLL", "SPLIT_PAYROLL", "SHADOW_PAYROLL"] as const;
export const ZRouteOption = z.enum(ROUTE_OPTIONS);
export const TAX_POSITIONS = ["TAX_EQUALIZED", "TAX_PROTECTED", "LAISSEZ_FAIRE"] as const;
export const ZTaxPosition = z.enum(TAX_POSITIONS);
export const SPECIAL_RULES = [
  "NONE",
  "NL_30_PERCENT_RULING",
  "UK_DETACHED_DUTY_RELIEF",
  "US_FOREIGN_EARNED_INCOME_EXCLUSION",
  "TREATY_183_DAY_EXEMPTION",
  "CH_EXPATRIATE_DEDUCTIONS",
] as const;
export const ZSpecialRule = z.enum(SPECIAL_RULES);

/** part 1 §9 "Advanced columns 1 to 7". */
export const MIN_YEARS = 1;
export const MAX_YEARS = 7;
export const zYears = zInt({ min: MIN_YEARS, max: MAX_YEARS, message: estimateMessages.yearsRange });

/** A whole-percent tax rate override (part 1 §9 "tax rate whole percent"); blank = none. */
export const zTaxRateOverride = z.preprocess(
  blankToNull,
  zInt({ min: 0, max: 99, message: estimateMessages.taxRateRange }).nullable(),
);

// ── the estimate view (getEstimationView, get-async-cost-estimate, cost-estimate-view) ───────
/** One step of an item's working: how an amount was computed, for the "show working" view. */
export const ZWorkingStep = z.object({
  label: z.string(),
  formula: z.string().nullable(),
  inputs: z.record(z.string(), z.number()),
  /** The result as a decimal string in `currency` major units (or a rate). */
  result: z.string(),
  currency: z.string().nullable(),
});
export type TWorkingStep = z.infer<typeof ZWorkingStep>;

export const FEEDBACK_STATUSES = ["INFO", "WARNING", "ERROR"] as const;

/** part 1 §3 section item: name, serviceType, annualCost, amountPerYear, benefits, feedbackStatus, estimateResultStatusMessage, totalPerYear. */
export const ZEstimateItem = z.object({
  /** Stable key: `svc:{stageId}:{serviceCode}`, `custom:{n}`, `comp:{key}`, `tax:{key}`. */
  identifier: z.string(),
  name: z.string(),
  /** The service code, or CUSTOM, COMPENSATION, TAX, ALLOWANCE. */
  serviceType: z.string(),
  serviceCode: z.string().nullable(),
  stageId: z.number().int().nullable(),
  custom: z.boolean(),
  /** The cost amount may be overridden (services and custom items). */
  editable: z.boolean(),
  /** An annual (recurring) cost: one column per year; editing one disables the others until saved (§4). */
  annualCost: z.boolean(),
  taxability: ZTaxability,
  /** The item's cost in its own currency (minor units), after any override; per year for annual costs. */
  currency: z.string(),
  amount: minor,
  /** The computed amount before the override (null for custom items). */
  originalAmount: minor.nullable(),
  overridden: z.boolean(),
  /** Cost per year column, in the display currency (minor units). */
  amountPerYear: z.array(minor),
  /** Tax per year column, in the display currency (minor units). */
  taxPerYear: z.array(minor),
  /** Cost + tax per year column (display currency, minor units). */
  totalPerYear: z.array(minor),
  taxAmount: minor,
  total: minor,
  benefits: z.array(z.string()),
  feedbackStatus: z.enum(FEEDBACK_STATUSES),
  estimateResultStatusMessage: z.string().nullable(),
  working: z.array(ZWorkingStep),
});
export type TEstimateItem = z.infer<typeof ZEstimateItem>;

export const ZEstimateSection = z.object({
  key: z.string(),
  name: z.string(),
  excludedFromTotal: z.boolean(),
  items: z.array(ZEstimateItem),
  totalPerYear: z.array(minor),
  total: minor,
});
export type TEstimateSection = z.infer<typeof ZEstimateSection>;

export const ZEmployeeInformation = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  employeeEmail: z.string(),
  policyName: z.string(),
  originName: z.string(),
  destinationName: z.string(),
  estimatedMoveStartDate: z.string().nullable(),
  estimatedMoveEndDate: z.string().nullable(),
  isApproved: z.boolean(),
  approverName: z.string().nullable(),
  approverEmail: z.string().nullable(),
  approvalDate: z.string().nullable(),
  /** The approver's decision, or pending since sent (issue 13 item 6); read with the version, not stored in its view. */
  approvalState: ZApprovalState.optional(),
});

/** One service as the basic-estimate calls know it (part 1 §3 servicesEstimation). */
export const ZServiceEstimation = z.object({
  identifier: z.string(),
  serviceCode: z.string(),
  stageId: z.number().int(),
  name: z.string(),
  currency: z.string(),
  amount: minor,
  originalAmount: minor,
  taxability: ZTaxability,
  taxAmount: minor,
  total: minor,
});
export const ZCustomServiceEstimation = z.object({
  identifier: z.string(),
  serviceName: z.string(),
  currency: z.string(),
  amount: minor,
  taxability: ZTaxability,
  taxAmount: minor,
  total: minor,
});
export const ZServicesEstimation = z.object({
  servicesEstimations: z.array(ZServiceEstimation),
  customServicesEstimations: z.array(ZCustomServiceEstimation),
  /** Display currency, minor units, rounded to whole units. */
  totalEstimateAfterOverrides: minor,
});

export const ZExchangeRate = z.object({ from: z.string(), to: z.string(), rate: z.string() });

/** part 1 §3 "Cost estimate": costEstimateId, type, years, sections, totalPerYear, displayCurrency, displayCurrencies, manualTax, showTaxCalcPrompt, billingUsageMessage. */
export const ZCostEstimateView = z.object({
  costEstimateId: z.number().int(),
  employeeId: z.number().int(),
  moveId: z.number().int(),
  group: z.string(),
  type: ZCostEstimateType,
  versionNumber: z.number().int(),
  /** The version shown is the move's current estimate (history versions are read-only). */
  current: z.boolean(),
  years: z.number().int().min(MIN_YEARS).max(MAX_YEARS),
  /** Column headings: "Year 1" … or tax years for STA ("2026/27"). */
  yearLabels: z.array(z.string()),
  sections: z.array(ZEstimateSection),
  /** Totals per year column and overall, display currency minor units rounded to whole units. */
  totalPerYear: z.array(minor),
  total: minor,
  displayCurrency: z.string(),
  displayCurrencies: z.array(z.string()),
  secondaryDisplayCurrency: z.string().nullable(),
  /** Secondary display: totals converted (whole units), null without a secondary currency. */
  secondaryTotalPerYear: z.array(minor).nullable(),
  secondaryTotal: minor.nullable(),
  exchangeRates: z.array(ZExchangeRate),
  taxMethod: ZTaxMethod,
  taxCategory: ZTaxCategory,
  /** The applied rate, whole percent. */
  taxRate: z.number().int(),
  manualTax: z.boolean(),
  taxRateOverride: z.number().int().nullable(),
  showTaxCalcPrompt: z.boolean(),
  billingUsageMessage: z.string().nullable(),
  annualSalaryAmount: minor.nullable(),
  annualSalaryCurrency: z.string().nullable(),
  endDate: z.string().nullable(),
  employeeInformation: ZEmployeeInformation,
  servicesEstimation: ZServicesEstimation,
  /** Advanced estimates with a balance sheet on the policy. */
  balanceSheetEnabled: z.boolean(),
  /** The stage-6 inputs changed after the last computation: the balance sheet is flagged for recalculation. */
  balanceSheetNeedsRecalculation: z.boolean(),
  /** The tax tables used, each of the year the move date picks; `note` when the date lies past the newest table (it is used). */
  taxTables: z.array(z.object({ name: z.string(), taxYear: z.string(), source: z.string(), note: z.string().optional() })),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TCostEstimateView = z.infer<typeof ZCostEstimateView>;

/** One balance-sheet line (home-based balance sheet). */
export const ZBalanceSheetLine = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(["income", "deduction", "subtotal", "norm", "allowance", "total"]),
  /** Per year column, balance-sheet currency minor units. */
  amountPerYear: z.array(minor),
  working: z.string(),
});
export const ZBalanceSheetView = z.object({
  costEstimateId: z.number().int(),
  years: z.number().int(),
  yearLabels: z.array(z.string()),
  currency: z.string(),
  homeCurrency: z.string(),
  hostCurrency: z.string(),
  /** Host per home currency unit, 4 decimals. */
  exchangeRate: z.string(),
  colIndex: z.string(),
  housingIndex: z.string(),
  /** Where the city indices came from: the seeded demo data, an import, or none (index 1). */
  indexSource: z.enum(["DEMO", "IMPORT", "NONE"]),
  lines: z.array(ZBalanceSheetLine),
  /** Company cost of the assignment per year (host allowances + tax equalization). */
  totalPerYear: z.array(minor),
});
export type TBalanceSheetView = z.infer<typeof ZBalanceSheetView>;

// ── GET /hr/json/getEstimationView?employeeId&moveId&estimationView&createIfNecessary&recalculateEstimationView ──
export const ZEstimationViewRequest = ZMoveRef.extend({
  estimationView: z.preprocess(blankToUndefined, ZEstimationView.default("CostEstimate")),
  createIfNecessary: z.preprocess(blankToUndefined, zFlag.default(true)),
  recalculateEstimationView: z.preprocess(blankToUndefined, zFlag.default(false)),
});
export type TEstimationViewRequest = z.infer<typeof ZEstimationViewRequest>;
/** The read-only form (tRPC query `estimate.estimationView`): stores nothing, so it has no create or recalculate flag. */
export const ZEstimationViewQuery = ZEstimationViewRequest.omit({ createIfNecessary: true, recalculateEstimationView: true });
export const ZEstimationViewResponse = z.object({
  success: z.boolean(),
  /** No estimate yet and createIfNecessary was false. */
  exists: z.boolean(),
  /** An estimate existed before this load: the wizard offers "recalculate or reuse" (§4). */
  existingEstimate: z.boolean(),
  costEstimate: ZCostEstimateView.nullable(),
  balanceSheet: ZBalanceSheetView.nullable(),
});
export type TEstimationViewResponse = z.infer<typeof ZEstimationViewResponse>;

// ── POST /hr/json/saveEstimate (basic) ──────────────────────────────────────────────────────
/** Amounts arrive in major units as the user typed them ("1,250.50"); the service parses them per currency. */
const amountText = ZMoneyText;
export const ZOverrideService = z.object({
  serviceCode: z.string().trim().toUpperCase().min(1).max(64),
  stageId: zInt({ min: 1, max: 3 }),
  currency,
  /** Blank is refused with "A value is required" when the service has an original amount. */
  amount: amountText,
  taxability: ZTaxability,
});
export type TOverrideService = z.infer<typeof ZOverrideService>;
export const ZCustomService = z.object({
  serviceName: z.string().trim().max(200),
  taxability: z.preprocess(blankToUndefined, ZTaxability.optional()),
  /** A whole number of major units (§5 "Please enter a whole number"). */
  amount: amountText,
  currency,
  taxTotal: z.preprocess(blankToUndefined, zMinorUnits().optional()),
  /** Client-side state: a new row before it is named or changed (§4 newlyAdded). */
  newlyAdded: z.preprocess(blankToUndefined, zFlag.optional()),
});
export type TCustomService = z.infer<typeof ZCustomService>;
const approvalFields = {
  isApproved: z.preprocess(blankToUndefined, zFlag.default(false)),
  approverName: z.preprocess(blankToNull, z.string().trim().max(200).nullable()).default(null),
  approverEmail: z.preprocess(blankToNull, z.string().trim().max(254).nullable()).default(null),
  approvalDate: optionalIsoDate,
};
export const ZSaveEstimateRequest = ZMoveRef.extend({
  costEstimateID: zId,
  ...approvalFields,
  endDate: optionalIsoDate,
  overrideServices: z.array(ZOverrideService).max(500).default([]),
  customServices: z.array(ZCustomService).max(100).default([]),
  type: ZCostEstimateType,
  taxCategory: z.preprocess(blankToUndefined, ZTaxCategory.default("MARGINAL")),
  taxMethod: z.preprocess(blankToUndefined, ZTaxMethod.optional()),
  annualSalaryAmount: z.preprocess(blankToNull, amountText.nullable()).default(null),
  annualSalaryCurrency: z.preprocess(blankToNull, currency.nullable()).default(null),
  taxRateOverride: zTaxRateOverride.default(null),
  displayCurrency: currency,
  stageAction: z.preprocess(blankToUndefined, ZStageAction.default("ON_SAVE")),
});
export type TSaveEstimateRequest = z.infer<typeof ZSaveEstimateRequest>;
export const ZSaveEstimateResponse = z.object({
  success: z.boolean(),
  costEstimateId: z.number().int(),
  costEstimate: ZCostEstimateView,
  message: z.string().nullable(),
});

// ── GET / POST /hr/json/advance-ce-details?group&employeeId&moveId (stage 6) ─────────────────
export const ZFamilyMemberInput = z.object({
  id: zOptionalId,
  relationship: z.enum(["PARTNER", "CHILD", "OTHER"]),
  firstName: z.string().trim().max(100).default(""),
  dateOfBirth: z.preprocess(blankToNull, isoDate.nullable()),
});
export const ZLocationDetails = z.object({
  countryCode: z.preprocess(blankToNull, z.string().trim().toUpperCase().length(2).nullable()),
  region: z.preprocess(blankToNull, z.string().trim().max(10).nullable()).default(null),
  cityId: z.preprocess(blankToNull, zInt({ min: 0 }).nullable()).default(null),
  cityName: z.preprocess(blankToNull, z.string().trim().max(200).nullable()).default(null),
  routeOption: z.preprocess(blankToUndefined, ZRouteOption.default("HOME_PAYROLL")),
  specialRules: z.array(ZSpecialRule).max(10).default([]),
  taxPosition: z.preprocess(blankToUndefined, ZTaxPosition.default("TAX_EQUALIZED")),
  /** Countries (ISO alpha-2) the employee is tax resident in during the assignment. */
  residencyList: z.array(z.string().trim().toUpperCase().length(2)).max(10).default([]),
  familySize: zInt({ min: 1, max: 20 }),
  numberOfDependants: zInt({ min: 0, max: 19 }),
});
export type TLocationDetails = z.infer<typeof ZLocationDetails>;
export const ZAdvancedDetails = z.object({
  years: zYears.default(3),
  filingStatus: z.preprocess(blankToUndefined, ZFilingStatus.default("SINGLE")),
  /** Whole percent; blank: from the home tax table. */
  marginalTaxRate: zTaxRateOverride.default(null),
  taxCategories: z.array(ZTaxCategory).max(4).default(["MARGINAL"]),
  taxMethod: z.preprocess(blankToUndefined, ZTaxMethod.default("GROSS_UP")),
  home: ZLocationDetails,
  host: ZLocationDetails,
  familyMembers: z.array(ZFamilyMemberInput).max(20).default([]),
});
export type TAdvancedDetails = z.infer<typeof ZAdvancedDetails>;
export const ZAdvanceCeDetailsRequest = ZMoveRef.extend({ group: groupName });
export const ZSaveAdvanceCeDetailsRequest = ZAdvanceCeDetailsRequest.extend(ZAdvancedDetails.shape);
export type TSaveAdvanceCeDetailsRequest = z.infer<typeof ZSaveAdvanceCeDetailsRequest>;
export const ZAdvanceCeDetailsResponse = z.object({
  success: z.boolean(),
  details: ZAdvancedDetails,
  employeeName: z.string(),
  homeCountryName: z.string().nullable(),
  hostCountryName: z.string().nullable(),
  /** Regions offered for the home and host countries (tax tables with a region: US states, CA provinces, CH cantons). */
  homeRegions: z.array(z.object({ code: z.string(), name: z.string() })),
  hostRegions: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Per-field problems answered by a POST (empty on success). */
  errors: z.record(z.string(), z.string()),
});
export type TAdvanceCeDetailsResponse = z.infer<typeof ZAdvanceCeDetailsResponse>;

// ── POST /hr/json/updateAdvancedCostEstimate?employeeId&moveId ──────────────────────────────
export const ZManualTaxSection = z.object({
  taxRateOverride: zTaxRateOverride.default(null),
  /** Per tax-year section of an STA estimate: the tax amount override (display currency, whole units). */
  taxYearOverrides: z.array(z.object({ yearIndex: zInt({ min: 0, max: 6 }), amount: amountText })).max(7).default([]),
});
export const ZUpdateAdvancedRequest = ZMoveRef.extend({
  costEstimateId: zId,
  ...approvalFields,
  displayCurrency: currency,
  secondaryDisplayCurrency: z.preprocess(blankToNull, currency.nullable()).default(null),
  manualTaxSection: ZManualTaxSection.default({ taxRateOverride: null, taxYearOverrides: [] }),
  overrideServices: z.array(ZOverrideService).max(500).default([]),
  customServices: z.array(ZCustomService).max(100).default([]),
  years: z.preprocess(blankToUndefined, zYears.optional()),
  filingStatus: z.preprocess(blankToUndefined, ZFilingStatus.optional()),
  marginalTaxRate: zTaxRateOverride.optional(),
  taxCategories: z.array(ZTaxCategory).max(4).optional(),
  taxMethod: z.preprocess(blankToUndefined, ZTaxMethod.optional()),
  annualSalaryAmount: z.preprocess(blankToNull, amountText.nullable()).default(null),
  annualSalaryCurrency: z.preprocess(blankToNull, currency.nullable()).default(null),
  asyncCostEstimateCreationRequestUuid: z.preprocess(blankToNull, z.string().uuid().nullable()).default(null),
  stageAction: z.preprocess(blankToUndefined, ZStageAction.default("ON_SAVE")),
});
export type TUpdateAdvancedRequest = z.infer<typeof ZUpdateAdvancedRequest>;

// ── POST /hr/json/basic-ce/calculate-tax ────────────────────────────────────────────────────
export const ZCalculateTaxRequest = ZMoveRef.extend({
  costEstimateId: zId,
  services: z.array(ZOverrideService).max(500).default([]),
  customServices: z.array(ZCustomService).max(100).default([]),
  taxRateOverride: zTaxRateOverride.default(null),
});
export type TCalculateTaxRequest = z.infer<typeof ZCalculateTaxRequest>;
const ZTaxAmount = z.object({ identifier: z.string(), taxAmount: minor, total: minor, currency: z.string() });
export const ZCalculateTaxResponse = z.object({
  status: z.enum(["SUCCESS", "FAILURE"]),
  data: z.array(
    z.object({
      servicesEstimations: z.array(ZTaxAmount),
      customServicesEstimations: z.array(ZTaxAmount),
      taxRate: z.number().int(),
      totalEstimateAfterOverrides: minor,
    }),
  ),
});
export type TCalculateTaxResponse = z.infer<typeof ZCalculateTaxResponse>;

// ── GET /{group}/get-tax-rate ───────────────────────────────────────────────────────────────
export const ZTaxRateRequest = z.object({
  group: groupName,
  countryCode: z.string().trim().toUpperCase().length(2),
  region: z.preprocess(blankToNull, z.string().trim().max(10).nullable()).default(null),
  cityId: z.preprocess(blankToNull, zInt({ min: 0 }).nullable()).default(null),
  taxCategory: z.preprocess(blankToUndefined, ZTaxCategory.default("MARGINAL")),
  salaryAmount: amountText,
  salaryCurrency: currency,
  moveDate: optionalIsoDate,
  /**
   * The family (issue 13), all optional: the filing status (the US statuses; MARRIED_JOINT is
   * "married, assessed jointly" in the other countries), `married` as a shorthand for it
   * (true: MARRIED_JOINT; false: SINGLE; a filing status that disagrees is refused), and the dependants
   * (children). Missing ones come from the move named by employeeId + moveId (its stage-6 details,
   * else its stage-2 family), else SINGLE without dependants.
   */
  filingStatus: z.preprocess(blankToUndefined, ZFilingStatus.optional()),
  married: z.preprocess(blankToUndefined, zFlag.optional()),
  dependants: z.preprocess(blankToUndefined, zInt({ min: 0, max: 20, message: estimateMessages.dependantsRange }).optional()),
  employeeId: zOptionalId,
  moveId: zOptionalId,
});
/** The cross-field rules of get-tax-rate (checked by the service; the schema stays a plain object for OpenAPI's omit). */
export function taxRateRequestProblems(v: Pick<TTaxRateRequest, "employeeId" | "moveId" | "married" | "filingStatus">): Record<string, string> {
  const problems: Record<string, string> = {};
  if ((v.employeeId === undefined) !== (v.moveId === undefined)) problems[v.employeeId === undefined ? "employeeId" : "moveId"] = estimateMessages.taxRateMoveRef;
  if (v.married !== undefined && v.filingStatus !== undefined && v.married !== (v.filingStatus === "MARRIED_JOINT")) problems.married = estimateMessages.filingStatusConflict;
  return problems;
}
export type TTaxRateRequest = z.infer<typeof ZTaxRateRequest>;
/** The documented answer is a rate number (whole percent); the procedure answers it with its source. */
export const ZTaxRateResponse = z.object({
  rate: z.number().int(),
  taxYear: z.string(),
  source: z.string(),
  /** Set when the move date lies outside the tables' years: the nearest (newest) table was used. */
  note: z.string().nullable(),
  /** The family the rate was computed for (from the request, else the move, else SINGLE without dependants). */
  filingStatus: ZFilingStatus,
  dependants: z.number().int(),
});

// ── POST /hr/json/recalculateEstimationView?estimationView&employeeId&moveId ─────────────────
export const ZRecalculateRequest = ZMoveRef.extend({
  estimationView: z.preprocess(blankToUndefined, ZEstimationView.default("CostEstimate")),
  /** The estimate body as edited on the page (the same fields as updateAdvancedCostEstimate / saveEstimate). */
  costEstimateId: zOptionalId,
  displayCurrency: z.preprocess(blankToUndefined, currency.optional()),
  secondaryDisplayCurrency: z.preprocess(blankToNull, currency.nullable()).optional(),
  overrideServices: z.array(ZOverrideService).max(500).optional(),
  customServices: z.array(ZCustomService).max(100).optional(),
  taxRateOverride: zTaxRateOverride.optional(),
  taxCategory: z.preprocess(blankToUndefined, ZTaxCategory.optional()),
  taxMethod: z.preprocess(blankToUndefined, ZTaxMethod.optional()),
  annualSalaryAmount: z.preprocess(blankToNull, amountText.nullable()).optional(),
  annualSalaryCurrency: z.preprocess(blankToNull, currency.nullable()).optional(),
  stageAction: z.preprocess(blankToUndefined, ZStageAction.default("ON_ALT_CALC")),
});
export type TRecalculateRequest = z.infer<typeof ZRecalculateRequest>;
export const ZRecalculateResponse = z.object({
  success: z.boolean(),
  costEstimateUIDTOs: z.array(z.object({ uuid: z.string(), status: ZAsyncStatus, estimationView: ZEstimationView })),
});

// ── GET /hr/json/get-async-cost-estimate-request-status/{uuid}/{pollNumber} ─────────────────
export const ZAsyncStatusRequest = z.object({ uuid: z.string().uuid(), pollNumber: zInt({ min: 1, max: ASYNC_POLL_MAX }) });
export const ZAsyncStatusResponse = z.object({ status: ZAsyncStatus, message: z.string().nullable() });
export type TAsyncStatusResponse = z.infer<typeof ZAsyncStatusResponse>;
// ── GET /hr/json/get-async-cost-estimate/{uuid} ─────────────────────────────────────────────
export const ZAsyncResultRequest = z.object({ uuid: z.string().uuid() });
export const ZAsyncResultResponse = ZEstimationViewResponse;

// ── GET /hr/json/send-cost-estimate-for-approval?costEstimateId&employeeId&ccSender&moveId ───
export const ZSendForApprovalRequest = ZMoveRef.extend({
  costEstimateId: zId,
  ccSender: z.preprocess(blankToUndefined, zFlag.default(false)),
});
export const ZSendForApprovalResponse = z.object({ success: z.boolean(), sentTo: z.string(), cc: z.string().nullable() });

// ── GET /hr/json/cost-estimate-history/{employeeId} ─────────────────────────────────────────
export const ZHistoryRequest = z.object({ employeeId: zId, moveId: zOptionalId });
export const ZHistoryEntry = z.object({
  costEstimateId: z.number().int(),
  moveId: z.number().int(),
  versionNumber: z.number().int(),
  type: ZCostEstimateType,
  current: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  displayCurrency: z.string(),
  total: minor,
  isApproved: z.boolean(),
  /** The approver's decision, or pending since sent (issue 13 item 6). */
  approvalState: ZApprovalState.optional(),
  /** /{group}/cost-estimate-view?employeeId=&costEstimateId= */
  viewUrl: z.string(),
});
export const ZHistoryResponse = z.object({ success: z.boolean(), employeeName: z.string(), history: z.array(ZHistoryEntry) });
export type THistoryResponse = z.infer<typeof ZHistoryResponse>;

// ── /{group}/cost-estimate-view?employeeId=&costEstimateId= (read one version) ──────────────
export const ZEstimateVersionRequest = z.object({ group: groupName, employeeId: zId, costEstimateId: zId });
export const ZEstimateVersionResponse = z.object({
  success: z.boolean(),
  costEstimate: ZCostEstimateView,
  balanceSheet: ZBalanceSheetView.nullable(),
});

// ── GET /{group|crm}/generateCostEstimateExport?userId&isBalanceSheetView&moveId ────────────
export const EXPORT_FORMATS = ["xlsx", "pdf"] as const;
export const ZExportRequest = z.object({
  userId: zId,
  moveId: zId,
  isBalanceSheetView: z.preprocess(blankToUndefined, zFlag.default(false)),
  format: z.preprocess(blankToUndefined, z.enum(EXPORT_FORMATS).default("xlsx")),
  costEstimateId: zOptionalId,
});
export type TExportRequest = z.infer<typeof ZExportRequest>;
/** The tRPC procedure answers the file base64-encoded (the legacy path streams it). */
export const ZExportResponse = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() });

// ── POST /hr/json/soft-delete-estimates?employeeId&moveId ───────────────────────────────────
export const ZSoftDeleteResponse = z.object({ success: z.boolean(), deleted: z.number().int() });

// ── GET /policy/setup/getCostEstimateAuthorisation?groupName ────────────────────────────────
export const ZAuthorisationRequest = z.object({ groupName });
export const ZAuthorisationResponse = z.object({ success: z.boolean(), authorised: z.boolean(), billingStatus: z.string() });

// ── PUT /admin/costEstimates, PUT /admin/costEstimates/billing ──────────────────────────────
export const BILLING_STATUSES = ["NOT_BILLABLE", "BILLABLE", "TRIAL", "SUSPENDED"] as const;
export const ZBillingStatus = z.enum(BILLING_STATUSES, { message: estimateMessages.billingStatusUnknown });
export const ZCostEstimateFlagRequest = z.object({ groupId: zId, costEstimateFlag: zFlag });
export const ZBillingStatusRequest = z.object({ groupId: zId, billingStatus: ZBillingStatus });
export const ZAdminUpdateResponse = z.object({ success: z.boolean(), errorMessage: z.string().nullable() });
export const ZCostEstimateGroupsResponse = z.object({
  groups: z.array(
    z.object({
      groupId: z.number().int(),
      name: z.string(),
      displayName: z.string(),
      costEstimateFlag: z.boolean(),
      billingStatus: ZBillingStatus,
      estimates: z.number().int(),
    }),
  ),
});

// ── GET /admin/mercer/state and the city index import ───────────────────────────────────────
export const IMPORT_STATES = ["IDLE", "RUNNING", "COMPLETED", "COMPLETED_WITH_ERRORS", "FAILED"] as const;
export const ZImportStateResponse = z.object({
  importState: z.enum(IMPORT_STATES),
  importResultMessage: z.string().nullable(),
  rows: z.number().int(),
  demoRows: z.number().int(),
  importedAt: z.string().nullable(),
});
/** Columns of the city index spreadsheet (README "Cost-of-living indices"). */
export const CITY_INDEX_COLUMNS = ["Country code", "City", "Currency", "Cost of living index", "Housing index", "Monthly rent", "As of"] as const;
export const ZCityIndexImportRequest = z.object({ fileName: z.string().max(255), base64: z.string().max(30_000_000) });
export const ZCityIndexImportResponse = z.object({ success: z.boolean(), uuid: z.string() });
