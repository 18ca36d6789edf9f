/**
 * The cost-estimate engine (part 1 §3 "Cost estimate", §9): pure, no I/O. The service layer loads
 * an `EstimateInput` (policy services with their selected benefit option's metadata formulas,
 * budgets, destination rates and overrides; custom items; tax settings and tax systems; city
 * indices; an exchange-rate function) and `computeEstimate` answers every computed field of the
 * estimate view. Money is integer minor units; money.ts does every rounding (through amounts.ts).
 *
 * Amount of a service item, first that applies:
 * 1. the selected benefit option's metadata formulas: the cost line (the line named in
 *    `costLine`, else the first line whose name holds "total", else the last holding "cost",
 *    "amount", "fee", "price", "allowance" or "rent") times its adjustment factor, in major units of
 *    the service currency. Quantity lines of the same option ("Nights", "Volume (m³)", "Trips",
 *    "Hours", …) are evaluated first and feed the matching formula input;
 * 2. the budget amount;
 * 3. a destination rate times its duration (one year of periods for annual items; the option's
 *    stated duration, else one period, for one-off items);
 * 4. 0, with feedbackStatus WARNING.
 * A formula that cannot be evaluated (a missing input such as hostDailyRate) falls through to the
 * next source with a WARNING. Policy types 4 (view-only third party) and 5 (off) are skipped.
 *
 * Placement: stage 1 items are one-off in year 1; stage 2 items are annual (every column; the
 * amount per period times DAILY 365, WEEKLY 52, MONTHLY 12, ANNUAL 1; ONE_OFF in year 1 only); stage 3
 * items fall in the last column; custom items in year 1. The frequency of a formula comes from its
 * line's name ("Monthly amount", "Annual cost") when it says one, else from the service. Formulas of
 * annual items see one year as their duration (days 365, months 12, years 1); one-off items see the
 * assignment (its days, or 365 × years without dates). An override replaces the computed amount
 * (per year for annual items); `originalAmount` keeps the computed one.
 *
 * Tax (per taxable item; MAYBE is taxed like TAXABLE and flagged INFO; NON_TAXABLE is not taxed):
 * - SUPPLEMENTAL: amount × the supplemental rate of the host tax system (home when the host has none;
 *   the same system, salary converted into its currency, gives the marginal and effective rates):
 *   the published flat rate where there is one, else the rate over the benefits (below);
 * - MARGINAL: amount × the rate over the benefits at the salary: (tax(salary + B) − tax(salary)) / B,
 *   B the largest column total of the taxed items in the system's currency — never the point slope,
 *   which can pass 100% (India's s.87A marginal relief: 104%) (the stage-6 marginal-rate override
 *   first; category EFFECTIVE uses the effective rate; no salary: the supplemental rate);
 * - GROSS_UP: with a manual rate, or a tax system but no salary: gross = net / (1 − rate) (grossUpFlat,
 *   rates clamped to MAX_GROSS_UP_RATE 99%); without a published supplemental rate the flat rate is
 *   tax / gross of the progressive gross-up of B on the salary (0 without one), so it stays below 100%;
 *   with a host tax system and a salary: the year's taxable items, stacked on the salary, are grossed
 *   up through the progressive tables (grossUpProgressive) and the year's tax is shared among them
 *   pro rata to their display amounts by largest remainder (the shares sum to the year's tax exactly);
 * - a whole-percent manual rate replaces the rate of every method; category NON_TAXABLE taxes nothing;
 * - STA per-tax-year overrides replace a column's tax total, shared the same way.
 * Flat rates are applied as the whole percent shown (part 1 §9), so amount × shown rate reproduces
 * every figure. An item's `amount`, `taxAmount` and `total` are in its own currency (per year for
 * annual items); the `…PerYear` columns are in the display currency.
 *
 * Sections: one per move stage with items (catalogue stage names), "Custom items", "Compensation"
 * (the salary and, with a balance sheet, its allowances: always excluded from the relocation total,
 * which is the cost of the move; hidden when compensation is excluded) and "Tax" (a summary of the
 * tax already inside each item's total, so excluded from the total). `totalPerYear` is each column
 * rounded to whole display units; `total` their sum, so the columns add up to the total shown.
 * Section totals stay exact. The secondary display currency converts each rounded column straight
 * to whole units (one rounding).
 *
 * Exchange rates are taken at 4 places (part 1 §9) and every conversion uses the rate shown, so
 * amount × rate reproduces each figure; `exchangeRates` lists the pairs used for the display
 * currencies and the tax system. The rate function must be pure (the same answer for the same
 * pair): its answers are remembered per function.
 *
 * Working: every item lists its steps (each formula line with the inputs it used and its result,
 * the adjustment factor, the per-year multiple, the override, the conversion, the tax step), so the
 * page can show how a figure was reached.
 *
 * Speed: formulas are parsed once (formula.ts) and their results, conversions, roundings and tax
 * system answers are remembered by their exact arguments (amounts.ts, tax-cache.ts); years with the
 * same taxable items share one gross-up. Remembering pure answers changes no result.
 */
import type { Money } from "../money/money.ts";
import { checkFormula, evaluateFormula } from "../policy/formula.ts";
import { moveStageNames, type RateFrequency } from "../policy/catalogue.ts";
import { grossUpFlat, MAX_GROSS_UP_RATE, type TaxProfile, type TaxSystem } from "../tax/index.ts";
import {
  allocateLargestRemainder,
  convertMinor,
  convertWholeUnits,
  decimalProduct,
  majorNumber,
  majorString,
  quantityText,
  minorOf,
  pairRate,
  percentOf,
  percentRate,
  ratioPercent,
  wholePercent,
  wholeUnits,
} from "./amounts.ts";
import { assignmentDays, estimateYears, yearLabels as columnLabels } from "./rules.ts";
import type {
  ESTIMATE_TAX_CATEGORIES,
  TBalanceSheetView,
  TCostEstimateType,
  TCostEstimateView,
  TEstimateItem,
  TEstimateSection,
  TTaxability,
  TTaxMethod,
  TWorkingStep,
} from "./schemas.ts";
import { grossUpOn, rateOn } from "./tax-cache.ts";
import { CUSTOM_ITEM_TAXABILITY, isTaxed, taxabilityOf } from "./taxability.ts";

// ── input ───────────────────────────────────────────────────────────────────────────────────

/** Units of `to` per unit of `from`, a decimal string (rounded here to 4 places, part 1 §9). Must be pure: answers are remembered. */
export type ExchangeRateFn = (from: string, to: string) => string;
export type TTaxCategory = (typeof ESTIMATE_TAX_CATEGORIES)[number];

/** One metadata line of the selected benefit option (global → group → policy override already resolved). */
export type MetadataLineInput = { name: string; formula: string; adjustmentFormula: string | null };

/** A destination rate of the service's budget group (policy budget_group_rates for the host). */
export type DestinationRateInput = { description: string; amount: Money; frequency: RateFrequency };

export type EstimateServiceInput = {
  /** Move stage 1–3. */
  stageId: number;
  serviceCode: string;
  name: string;
  /** Policy service type 1–5: 4 (view-only third party) and 5 (off) are skipped. */
  policyType: number;
  /** The policy service's currency, when set (formulas are in this currency). */
  currency: string | null;
  /** The budget (after any stage-3 budget override). */
  budget: Money | null;
  rateFrequency: RateFrequency | null;
  /** The selected benefit option's name (shown in `benefits`), and its metadata lines. */
  benefitOptionName: string | null;
  /** Names shown in the item's `benefits`; defaults to the benefit option's name. */
  benefits?: string[];
  metadata: MetadataLineInput[];
  /** The metadata line that is the cost; by default picked by name (see the module comment). */
  costLine?: string | null;
  destinationRates: DestinationRateInput[];
  /** The estimate's (or stage 3's) override of the computed amount; per year for annual items. */
  override: Money | null;
  /** The saved taxability; null: the service's default (taxability.ts). */
  taxability: TTaxability | null;
};

export type EstimateCustomItemInput = { serviceName: string; amount: Money; taxability: TTaxability | null };

/** A city's indices (base 100) and typical monthly family rent. */
export type CityIndexInput = { colIndex: string; housingIndex: string; monthlyRent: Money };

export type EstimateTaxInput = {
  method: TTaxMethod;
  category: TTaxCategory;
  /** Manual tax: a whole percent replacing the rate of every method (part 1 §9). */
  rateOverride: number | null;
  /** Stage 6's marginal tax rate (whole percent) for the MARGINAL method. */
  marginalRateOverride: number | null;
  profile: TaxProfile;
  home: TaxSystem | null;
  host: TaxSystem | null;
  /** STA only: a tax-year column's tax total, display-currency minor units. */
  taxYearOverrides: { yearIndex: number; amount: number }[];
};

export type EstimateLocationInput = { countryCode: string | null; region?: string | null; currency: string | null };

export type FamilyCounts = { familySize: number; adults: number; children: number; dependants: number };

/** Formula inputs the service layer may know from the move (distance between the cities, …). */
export type QuantityInputs = Partial<Record<"distanceKm" | "volumeM3" | "weightKg" | "trips" | "hours", number>>;

export type BalanceSheetResult = Omit<TBalanceSheetView, "costEstimateId">;

export type EstimateInput = {
  type: TCostEstimateType;
  /** ADVANCED: the chosen 1–7 columns; the basic types compute theirs from the dates. */
  years: number;
  startDate: string | null;
  endDate: string | null;
  /** Move stages of the policy (stage section names); default: the highest stage of a service. */
  moveStageCount?: number;
  family: FamilyCounts;
  /** Annual base salary. */
  salary: Money | null;
  origin: EstimateLocationInput;
  destination: EstimateLocationInput;
  displayCurrency: string;
  secondaryDisplayCurrency: string | null;
  exchangeRate: ExchangeRateFn;
  services: EstimateServiceInput[];
  customItems: EstimateCustomItemInput[];
  tax: EstimateTaxInput;
  /** City indices: colIndex / housingIndex / hostMonthlyRent / homeMonthlyRent formula inputs. */
  cityIndices: { home: CityIndexInput | null; host: CityIndexInput | null };
  /** Daily accommodation rate at the host, when known beyond the services' DAILY rates. */
  hostDailyRate?: Money | null;
  /** The employee's own monthly housing cost at home; default the home city index's rent. */
  homeMonthlyRent?: Money | null;
  quantities?: QuantityInputs;
  /** Hide the Compensation section. */
  excludeCompensation: boolean;
  balanceSheetEnabled: boolean;
  /** The computed balance sheet: its allowances are shown in the Compensation section. */
  balanceSheet?: BalanceSheetResult | null;
};

// ── output ──────────────────────────────────────────────────────────────────────────────────

export type EstimateComputation = Pick<
  TCostEstimateView,
  | "type"
  | "years"
  | "yearLabels"
  | "sections"
  | "totalPerYear"
  | "total"
  | "displayCurrency"
  | "displayCurrencies"
  | "secondaryDisplayCurrency"
  | "secondaryTotalPerYear"
  | "secondaryTotal"
  | "exchangeRates"
  | "taxMethod"
  | "taxCategory"
  | "taxRate"
  | "manualTax"
  | "taxRateOverride"
  | "showTaxCalcPrompt"
  | "servicesEstimation"
  | "taxTables"
  | "balanceSheetEnabled"
>;

/** Meridian's texts for the engine's feedback (the spec gives none). */
export const ENGINE_TEXTS = {
  noAmount: "No amount could be estimated for this service: it has no formula, budget or rate. Please enter an amount.",
  formulaFailed: 'The formula "{line}" could not be evaluated ({reason}).',
  usedBudget: "The budget amount is used instead.",
  usedRate: "The destination rate is used instead.",
  maybeTaxable: "Please confirm whether this item is taxable: it is taxed as taxable until you choose.",
  noTaxSystem: "No tax table is known for the host location: tax is estimated at 0%. Enter a tax rate to include tax.",
} as const;

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);

// ── formula support ─────────────────────────────────────────────────────────────────────────

const variablesMemo = new Map<string, string[]>();
/** The inputs a formula uses (formula.ts `checkFormula`, remembered by text). */
function variablesOf(formula: string): string[] {
  let v = variablesMemo.get(formula);
  if (!v) {
    const check = checkFormula(formula);
    v = check.ok ? check.variables : [];
    if (variablesMemo.size > 2000) variablesMemo.clear();
    variablesMemo.set(formula, v);
  }
  return v;
}

const resultMemo = new Map<string, Map<string, number>>();
let resultMemoSize = 0;

/** formula.ts `evaluateFormula`, remembered per formula and input values (a formula is a pure function of its inputs). */
function evaluate(formula: string, scope: Record<string, number>): number {
  let key = "";
  for (const name in scope) key += `${scope[name]},`;
  let byValues = resultMemo.get(formula);
  if (!byValues) {
    if (resultMemoSize > 20_000) {
      resultMemo.clear();
      resultMemoSize = 0;
    }
    resultMemo.set(formula, (byValues = new Map()));
  }
  const hit = byValues.get(key);
  if (hit !== undefined) return hit;
  const value = evaluateFormula(formula, scope);
  byValues.set(key, value);
  resultMemoSize++;
  return value;
}

type Resolve = (name: string) => number | undefined;

/** The formula's inputs and their values: what it is evaluated with and what its working shows. */
function scopeOf(formula: string, resolve: Resolve): Record<string, number> {
  const scope: Record<string, number> = {};
  for (const name of variablesOf(formula)) {
    const value = resolve(name);
    if (value !== undefined) scope[name] = value;
  }
  return scope;
}

const QUANTITY_PATTERNS: readonly [RegExp, string][] = [
  [/volume/, "volumeM3"],
  [/weight/, "weightKg"],
  [/distance/, "distanceKm"],
  [/night/, "nights"],
  [/trip/, "trips"],
  [/hour/, "hours"],
  [/\bdays?\b/, "days"],
  [/\bweeks?\b/, "weeks"],
  [/\bmonths?\b/, "months"],
];
const COST_WORDS = /cost|amount|fee|price|allowance|rent|total/;

type LinePlan = { costIndex: number; quantities: { index: number; input: string }[]; frequency: RateFrequency | null };
const linePlanMemo = new WeakMap<readonly MetadataLineInput[], LinePlan>();

/** Which line is the cost, which lines are quantities, and the frequency the cost line states (remembered per line list). */
function planLines(lines: readonly MetadataLineInput[], costLine: string | null | undefined): LinePlan {
  const hit = costLine ? undefined : linePlanMemo.get(lines);
  if (hit) return hit;
  const names = lines.map((l) => l.name.toLowerCase());
  let costIndex = costLine ? lines.findIndex((l) => l.name === costLine) : -1;
  if (costIndex < 0) costIndex = names.findIndex((n) => n.includes("total"));
  if (costIndex < 0) costIndex = names.findLastIndex((n) => COST_WORDS.test(n));
  const quantities: { index: number; input: string }[] = [];
  names.forEach((n, index) => {
    if (index === costIndex || COST_WORDS.test(n)) return;
    const found = QUANTITY_PATTERNS.find(([re]) => re.test(n));
    if (found) quantities.push({ index, input: found[1] });
  });
  const plan: LinePlan = { costIndex, quantities, frequency: costIndex >= 0 ? frequencyOfLineName(lines[costIndex]!.name) : null };
  if (!costLine) linePlanMemo.set(lines, plan);
  return plan;
}

/** The frequency a cost line's name states ("Monthly amount" → MONTHLY), or null. */
export function frequencyOfLineName(name: string): RateFrequency | null {
  const n = name.toLowerCase();
  if (/month/.test(n)) return "MONTHLY";
  if (/annual|yearly|per year/.test(n)) return "ANNUAL";
  if (/week/.test(n)) return "WEEKLY";
  if (/daily|nightly|per day|per night/.test(n)) return "DAILY";
  return null;
}

/** Periods of a frequency in one year column (ONE_OFF and none: once). */
export function periodsPerYear(frequency: RateFrequency | null): number {
  switch (frequency) {
    case "DAILY":
      return 365;
    case "WEEKLY":
      return 52;
    case "MONTHLY":
      return 12;
    case "ANNUAL":
    case "ONE_OFF":
    case null:
      return 1;
  }
}

/** The quantity line that states how many periods a one-off item's periodic cost covers. */
const DURATION_INPUT: Record<RateFrequency, string | null> = { DAILY: "nights", WEEKLY: "weeks", MONTHLY: "months", ANNUAL: "years", ONE_OFF: null };

// ── internal item record ────────────────────────────────────────────────────────────────────

type Placement = "first" | "last" | "all";

type Work = {
  identifier: string;
  name: string;
  serviceType: string;
  serviceCode: string | null;
  stageId: number | null;
  custom: boolean;
  placement: Placement;
  taxability: TTaxability;
  currency: string;
  /** Own currency, per year for annual items, after any override. */
  amount: number;
  /** The computed amount (in `currency`); null for custom items. */
  computedAmount: number | null;
  overridden: boolean;
  benefits: string[];
  feedback: "INFO" | "WARNING" | "ERROR";
  message: string | null;
  working: TWorkingStep[];
  /** `amount` in the display currency. */
  display: number;
  /** Tax in own currency (per period), and per column in the display currency. */
  taxOwn: number;
  taxPerYear: number[];
};

/** One line of an item's working; inputs are shown as people read them (no float noise). */
function step(label: string, formula: string | null, inputs: Record<string, number>, result: string, currency: string | null): TWorkingStep {
  const shown: Record<string, number> = {};
  for (const [name, value] of Object.entries(inputs)) shown[name] = Number(quantityText(value));
  return { label, formula, inputs: shown, result, currency };
}

const NO_INPUTS: Record<string, number> = Object.freeze({}) as Record<string, number>;

// ── tax plan ────────────────────────────────────────────────────────────────────────────────

/**
 * A flat plan whose rate comes from a tax system is settled once the taxed items are known:
 * `over(benefit)` gives the whole percent for the benefit (system currency) stacked on the salary.
 * Until then `percent` is the point rate at the salary clamped to MAX_GROSS_UP_RATE (the `taxRate`
 * formula input).
 */
type TaxPlan =
  | { kind: "NONE"; percent: 0; source: string }
  | { kind: "FLAT"; percent: number; grossUp: boolean; source: string; over?: (benefit: number) => number; system?: TaxSystem }
  | { kind: "PROGRESSIVE"; system: TaxSystem; salary: number; source: string };

const tableName = (s: TaxSystem) => s.info.map((i) => i.name).join(" + ") || s.currency;

const MAX_GROSS_UP_PERCENT = wholePercent(MAX_GROSS_UP_RATE);

/** A rate string limited to [0, MAX_GROSS_UP_RATE]: a point slope can pass 100% (India's s.87A relief). */
function clampedRate(rate: string): string {
  const n = Number(rate);
  return n > Number(MAX_GROSS_UP_RATE) ? MAX_GROSS_UP_RATE : n < 0 ? "0" : rate;
}

function resolveTaxPlan(tax: EstimateTaxInput, salaryIn: (s: TaxSystem) => number | null): TaxPlan {
  const system = tax.host ?? tax.home;
  if (tax.category === "NON_TAXABLE") return { kind: "NONE", percent: 0, source: "tax category non-taxable" };
  if (tax.rateOverride !== null) {
    return { kind: "FLAT", percent: tax.rateOverride, grossUp: tax.method === "GROSS_UP", source: "manual rate" };
  }
  if (!system) return { kind: "NONE", percent: 0, source: "no tax table for the host location" };
  const salary = salaryIn(system);
  const income = salary ?? 0;
  const grossUp = tax.method === "GROSS_UP";
  // Supplemental: the published flat rate, else the rate over the benefit; a flat gross-up without a
  // published rate takes tax / gross of the progressive gross-up of the benefit on the salary.
  const supplemental = (): TaxPlan => ({
    kind: "FLAT",
    percent: wholePercent(clampedRate(rateOn(system, "supplemental", income, tax.profile))),
    grossUp,
    source: `supplemental rate, ${tableName(system)}`,
    system,
    over: (benefit) => {
      if (grossUp && !system.publishedSupplementalRate && benefit > 0) {
        const g = grossUpOn(system, benefit, income, tax.profile);
        return g.gross > 0 ? Math.min(ratioPercent(g.tax, g.gross), MAX_GROSS_UP_PERCENT) : 0;
      }
      const rate = rateOn(system, "supplemental", income, tax.profile, benefit);
      return wholePercent(grossUp ? clampedRate(rate) : rate);
    },
  });
  switch (tax.method) {
    case "SUPPLEMENTAL":
      return supplemental();
    case "MARGINAL":
      if (tax.marginalRateOverride !== null) return { kind: "FLAT", percent: tax.marginalRateOverride, grossUp: false, source: "marginal rate entered" };
      if (salary === null) return supplemental();
      return tax.category === "EFFECTIVE"
        ? { kind: "FLAT", percent: wholePercent(rateOn(system, "effective", salary, tax.profile)), grossUp: false, source: `effective rate at the salary, ${tableName(system)}` }
        : {
            kind: "FLAT",
            percent: wholePercent(clampedRate(rateOn(system, "marginal", salary, tax.profile))),
            grossUp: false,
            source: `marginal rate over the benefits at the salary, ${tableName(system)}`,
            system,
            over: (benefit) => wholePercent(rateOn(system, "marginal", salary, tax.profile, benefit)),
          };
    case "GROSS_UP":
      if (tax.host && salary !== null && system === tax.host) {
        return { kind: "PROGRESSIVE", system: tax.host, salary, source: `progressive gross-up on the salary, ${tableName(tax.host)}` };
      }
      return supplemental();
  }
}

// ── the computation ─────────────────────────────────────────────────────────────────────────

const ANNUAL_DURATION: Record<string, number> = { days: 365, nights: 365, weeks: 52, months: 12, years: 1 };

/** Computes the estimate (see the module comment for every rule). */
export function computeEstimate(input: EstimateInput): EstimateComputation {
  const display = input.displayCurrency;
  const years = estimateYears(input.type, input.years, input.startDate, input.endDate);
  const last = years - 1;
  const labels = columnLabels(input.type, years, input.startDate, input.destination.countryCode);
  const fx = input.exchangeRate;

  // Exchange rates at 4 places; the pairs shown are those converted into the display currencies or the tax system's.
  const usedRates: { from: string; to: string; rate: string }[] = [];
  const rateOf = (from: string, to: string, record = false): string => {
    const r = pairRate(fx, from, to);
    if (record && from !== to && !usedRates.some((u) => u.from === from && u.to === to)) usedRates.push({ from, to, rate: r });
    return r;
  };
  const toDisplay = (amount: number, from: string) => (from === display ? amount : convertMinor(amount, from, rateOf(from, display, true), display));

  // Tax plan.
  const { tax } = input;
  const salary = input.salary;
  const salaryIn = (s: TaxSystem): number | null =>
    salary ? convertMinor(salary.amount, salary.currency, rateOf(salary.currency, s.currency, true), s.currency) : null;
  let plan = resolveTaxPlan(tax, salaryIn);
  const planRate = plan.kind === "PROGRESSIVE" ? Number(clampedRate(rateOn(plan.system, "marginal", plan.salary, tax.profile))) : plan.percent / 100;

  // Formula inputs shared by every item.
  const homeCurrency = input.origin.currency ?? salary?.currency ?? display;
  const hostCurrency = input.destination.currency ?? display;
  const { home: homeIndex, host: hostIndex } = input.cityIndices;
  const ratio = (h: string | undefined, o: string | undefined) => (h && o && Number(o) > 0 ? Number(h) / Number(o) : 1);
  const days = assignmentDays(input.startDate, input.endDate) || years * 365;
  const base: Record<string, number> = {
    familySize: input.family.familySize,
    adults: input.family.adults,
    children: input.family.children,
    dependants: input.family.dependants,
    colIndex: ratio(hostIndex?.colIndex, homeIndex?.colIndex),
    housingIndex: ratio(hostIndex?.housingIndex, homeIndex?.housingIndex),
    taxRate: planRate,
  };
  if (input.quantities) for (const [k, v] of Object.entries(input.quantities)) if (typeof v === "number" && Number.isFinite(v)) base[k] = v;
  const oneOffDuration: Record<string, number> = { days, nights: days, weeks: days / 7, months: (days * 12) / 365, years: days / 365 };
  const inMajor = (m: Money | null | undefined, ccy: string): number | undefined =>
    m ? majorNumber(m.amount, m.currency) * (m.currency === ccy ? 1 : Number(rateOf(m.currency, ccy))) : undefined;
  const perCurrency = new Map<string, Record<string, number>>();
  const currencyInputs = (ccy: string): Record<string, number> => {
    let c = perCurrency.get(ccy);
    if (!c) {
      c = {};
      const s = inMajor(salary, ccy);
      if (s !== undefined) c.salary = s;
      const daily = inMajor(input.hostDailyRate, ccy);
      if (daily !== undefined) c.hostDailyRate = daily;
      const hostRent = inMajor(hostIndex?.monthlyRent, ccy);
      if (hostRent !== undefined) c.hostMonthlyRent = hostRent;
      const homeRent = inMajor(input.homeMonthlyRent ?? homeIndex?.monthlyRent, ccy);
      if (homeRent !== undefined) c.homeMonthlyRent = homeRent;
      c.exchangeRate = Number(rateOf(homeCurrency, ccy));
      perCurrency.set(ccy, c);
    }
    return c;
  };

  // ── items ──
  const works: Work[] = [];
  const seen: Set<string>[] = [];
  let maxStage = 1;
  for (const svc of input.services) {
    if (svc.policyType === 4 || svc.policyType === 5) continue;
    if (svc.stageId > maxStage) maxStage = svc.stageId;
    const codes = (seen[svc.stageId] ??= new Set());
    let identifier = `svc:${svc.stageId}:${svc.serviceCode}`;
    if (codes.has(svc.serviceCode)) identifier += `:${works.length}`;
    codes.add(svc.serviceCode);
    works.push(serviceWork(svc, identifier));
  }
  for (let n = 0; n < input.customItems.length; n++) {
    const c = input.customItems[n]!;
    works.push({
      identifier: `custom:${n}`,
      name: c.serviceName,
      serviceType: "CUSTOM",
      serviceCode: null,
      stageId: null,
      custom: true,
      placement: "first",
      taxability: c.taxability ?? CUSTOM_ITEM_TAXABILITY,
      currency: c.amount.currency,
      amount: c.amount.amount,
      computedAmount: null,
      overridden: false,
      benefits: [],
      feedback: "INFO",
      message: null,
      working: [step("Amount entered", null, NO_INPUTS, majorString(c.amount.amount, c.amount.currency), c.amount.currency)],
      display: 0,
      taxOwn: 0,
      taxPerYear: [],
    });
  }

  function serviceWork(svc: EstimateServiceInput, identifier: string): Work {
    const annualStage = svc.stageId === 2;
    const working: TWorkingStep[] = [];
    let feedback: Work["feedback"] = "INFO";
    let message: string | null = null;
    const rateList = svc.destinationRates;
    const formulaCurrency = svc.currency ?? svc.budget?.currency ?? rateList[0]?.amount.currency ?? hostCurrency;
    let currency = formulaCurrency;
    let amount: number | null = null;
    let frequency: RateFrequency | null = svc.rateFrequency;

    // 1. the selected benefit option's formulas
    const plan = svc.metadata.length > 0 ? planLines(svc.metadata, svc.costLine) : null;
    const costLine = plan && plan.costIndex >= 0 ? svc.metadata[plan.costIndex] : undefined;
    if (plan && costLine) {
      // Resolution order: the option's quantity lines, the service's own budget and rates, duration, currency-bound, move-wide.
      const own: Record<string, number> = {};
      const budget = inMajor(svc.budget, formulaCurrency);
      if (budget !== undefined) own.budget = budget;
      for (const r of rateList) {
        if (r.frequency === "DAILY" && own.hostDailyRate === undefined) own.hostDailyRate = inMajor(r.amount, formulaCurrency)!;
        if (r.frequency === "MONTHLY" && own.hostMonthlyRent === undefined) own.hostMonthlyRent = inMajor(r.amount, formulaCurrency)!;
      }
      const duration = annualStage ? ANNUAL_DURATION : oneOffDuration;
      const byCurrency = currencyInputs(formulaCurrency);
      const resolve: Resolve = (name) => own[name] ?? duration[name] ?? byCurrency[name] ?? base[name];
      // One-off items multiply a periodic cost line ("Nightly cost") by the option's stated duration ("Nights").
      const durationInput = !annualStage && plan.frequency ? DURATION_INPUT[plan.frequency] : null;
      const stated = durationInput ? plan.quantities.find((q) => q.input === durationInput) : undefined;
      const steps: TWorkingStep[] = [];
      try {
        if (plan.quantities.length > 0) {
          const costVars = variablesOf(costLine.formula);
          const adjVars = costLine.adjustmentFormula ? variablesOf(costLine.adjustmentFormula) : [];
          for (const q of plan.quantities) {
            if (q !== stated && !costVars.includes(q.input) && !adjVars.includes(q.input)) continue;
            const line = svc.metadata[q.index]!;
            const scope = scopeOf(line.formula, resolve);
            const value = evaluate(line.formula, scope);
            own[q.input] = value;
            steps.push(step(line.name, line.formula, scope, quantityText(value), null));
          }
        }
        const scope = scopeOf(costLine.formula, resolve);
        const value = evaluate(costLine.formula, scope);
        // A money result reads in the currency's places ("22191.60"), never the float ("22191.600000000002").
        steps.push(step(costLine.name, costLine.formula, scope, majorString(minorOf(value, formulaCurrency), formulaCurrency), formulaCurrency));
        let result: number | string = value;
        const adj = costLine.adjustmentFormula;
        if (adj != null && adj.trim() !== "") {
          const adjScope = scopeOf(adj, resolve);
          const factor = evaluate(adj, adjScope);
          steps.push(step("Adjustment factor", adj, adjScope, quantityText(factor), null));
          if (factor !== 1) {
            result = decimalProduct(value, factor);
            steps.push(step("Amount", "value × factor", { value, factor }, majorString(minorOf(result, formulaCurrency), formulaCurrency), formulaCurrency));
          }
        }
        amount = minorOf(result, formulaCurrency);
        frequency = plan.frequency ?? svc.rateFrequency;
        if (stated && durationInput) {
          const periods = own[durationInput]!;
          const total = Number.isInteger(periods) ? amount * periods : minorOf(majorNumber(amount, formulaCurrency) * periods, formulaCurrency);
          steps.push(
            step(`For ${periods} ${durationInput}`, `amount × ${durationInput}`, { amount: majorNumber(amount, formulaCurrency), [durationInput]: periods }, majorString(total, formulaCurrency), formulaCurrency),
          );
          amount = total;
        }
        for (const s of steps) working.push(s);
      } catch (error) {
        amount = null;
        frequency = svc.rateFrequency;
        feedback = "WARNING";
        message = fill(ENGINE_TEXTS.formulaFailed, { line: costLine.name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    // 2. the budget
    if (amount === null && svc.budget) {
      currency = svc.budget.currency;
      amount = svc.budget.amount;
      working.push(step("Budget", null, NO_INPUTS, majorString(amount, currency), currency));
      if (message) message += ` ${ENGINE_TEXTS.usedBudget}`;
    }
    // 3. a destination rate (annual items: times the periods of a year, below; one-off items: one period)
    if (amount === null && rateList.length > 0) {
      const r = rateList[0]!;
      currency = r.amount.currency;
      frequency = r.frequency;
      amount = r.amount.amount;
      working.push(step(`Rate: ${r.description || r.frequency.toLowerCase()}`, null, NO_INPUTS, majorString(amount, currency), currency));
      if (message) message += ` ${ENGINE_TEXTS.usedRate}`;
    }
    // 4. nothing to go on
    if (amount === null) {
      amount = 0;
      feedback = "WARNING";
      message = message ? `${message} ${ENGINE_TEXTS.noAmount}` : ENGINE_TEXTS.noAmount;
    }

    let placement: Placement = svc.stageId <= 1 ? "first" : svc.stageId >= 3 ? "last" : "all";
    if (annualStage) {
      if (frequency === "ONE_OFF") placement = "first";
      else {
        const periods = periodsPerYear(frequency);
        if (periods !== 1) {
          const perYear = amount * periods;
          working.push(
            step(`Per year (${frequency!.toLowerCase()} × ${periods})`, "amount × periods", { amount: majorNumber(amount, currency), periods }, majorString(perYear, currency), currency),
          );
          amount = perYear;
        }
      }
    }

    let computedAmount = amount;
    let overridden = false;
    if (svc.override) {
      overridden = true;
      const to = svc.override.currency;
      if (to !== currency) computedAmount = convertMinor(amount, currency, rateOf(currency, to), to);
      currency = to;
      amount = svc.override.amount;
      working.push(step("Override", null, { originalAmount: majorNumber(computedAmount, currency) }, majorString(amount, currency), currency));
      // An entered amount answers the warnings (no amount, a failed formula): the item no longer carries them.
      feedback = "INFO";
      message = null;
    }
    return {
      identifier,
      name: svc.name,
      serviceType: svc.serviceCode,
      serviceCode: svc.serviceCode,
      stageId: svc.stageId,
      custom: false,
      placement,
      taxability: taxabilityOf(svc.serviceCode, svc.taxability),
      currency,
      amount,
      computedAmount,
      overridden,
      benefits: svc.benefits ?? (svc.benefitOptionName ? [svc.benefitOptionName] : []),
      feedback,
      message,
      working,
      display: 0,
      taxOwn: 0,
      taxPerYear: [],
    };
  }

  // ── display amounts ──
  const inColumn = (w: Work, y: number) => w.placement === "all" || (w.placement === "first" ? y === 0 : y === last);
  const firstColumn = (w: Work) => (w.placement === "last" ? last : 0);
  for (const w of works) {
    w.display = toDisplay(w.amount, w.currency);
    if (w.currency !== display) {
      w.working.push(
        step(`In ${display}`, "amount × exchangeRate", { amount: majorNumber(w.amount, w.currency), exchangeRate: Number(rateOf(w.currency, display)) }, majorString(w.display, display), display),
      );
    }
    w.taxPerYear = new Array<number>(years).fill(0);
  }

  // ── tax ──
  let anyMaybe = false;
  const taxed: Work[] = [];
  for (const w of works) {
    if (!isTaxed(w.taxability)) continue;
    taxed.push(w);
    if (w.taxability === "MAYBE") {
      anyMaybe = true;
      if (w.message === null) w.message = ENGINE_TEXTS.maybeTaxable;
    }
  }
  if (plan.kind === "FLAT" && plan.over && plan.system) {
    // The rate over the benefits: the largest column of taxed items (system currency) on the salary.
    const sysCcy = plan.system.currency;
    let benefit = 0;
    for (let y = 0; y < years; y++) {
      let column = 0;
      for (const w of taxed) {
        if (w.amount > 0 && inColumn(w, y)) column += w.currency === sysCcy ? w.amount : convertMinor(w.amount, w.currency, rateOf(w.currency, sysCcy, true), sysCcy);
      }
      benefit = Math.max(benefit, column);
    }
    if (benefit > 0) plan = { ...plan, percent: plan.over(benefit) };
  }
  let taxRatePercent: number = plan.kind === "PROGRESSIVE" ? 0 : plan.percent;
  if (plan.kind === "FLAT" && plan.percent > 0) {
    const rate = percentRate(plan.percent);
    const rateNumber = plan.percent / 100;
    const label = plan.grossUp ? `Tax: gross-up at ${plan.percent}% (${plan.source})` : `Tax at ${plan.percent}% (${plan.source})`;
    for (const w of taxed) {
      if (w.amount <= 0) continue;
      w.taxOwn = plan.grossUp ? grossUpFlat(w.amount, rate).tax : percentOf(w.amount, plan.percent);
      w.working.push(
        step(label, plan.grossUp ? "amount / (1 − taxRate) − amount" : "amount × taxRate", { amount: majorNumber(w.amount, w.currency), taxRate: rateNumber }, majorString(w.taxOwn, w.currency), w.currency),
      );
      const taxDisplay = toDisplay(w.taxOwn, w.currency);
      if (w.currency !== display) {
        w.working.push(step(`Tax in ${display}`, "tax × exchangeRate", { tax: majorNumber(w.taxOwn, w.currency), exchangeRate: Number(rateOf(w.currency, display)) }, majorString(taxDisplay, display), display));
      }
      if (w.placement === "all") w.taxPerYear.fill(taxDisplay);
      else w.taxPerYear[firstColumn(w)] = taxDisplay;
    }
  } else if (plan.kind === "PROGRESSIVE") {
    // Each column's taxable items stacked on the salary; columns with the same items share one gross-up.
    const sysCcy = plan.system.currency;
    type Composition = { members: Work[]; net: number; gross: number; tax: number; shares: number[] };
    const compositions = new Map<number | string, Composition>();
    const compositionOf: { w: Work; c: Composition; y: number }[] = [];
    const placed = new Set<Work>();
    let totalTax = 0;
    let totalGross = 0;
    const positive = taxed.filter((w) => w.amount > 0);
    for (let y = 0; y < years; y++) {
      // The column's members as a bit set (a number up to 50 items, else a string).
      const members: Work[] = [];
      const small = positive.length <= 50;
      let bits = 0;
      let text = "";
      for (let i = 0; i < positive.length; i++) {
        if (inColumn(positive[i]!, y)) {
          members.push(positive[i]!);
          if (small) bits += 2 ** i;
          else text += `${i},`;
        }
      }
      const key = small ? bits : text;
      if (members.length === 0) continue;
      let c = compositions.get(key);
      if (!c) {
        let net = 0;
        for (const m of members) net += m.currency === sysCcy ? m.amount : convertMinor(m.amount, m.currency, rateOf(m.currency, sysCcy, true), sysCcy);
        const g = grossUpOn(plan.system, net, plan.salary, tax.profile);
        const taxDisplay = sysCcy === display ? g.tax : convertMinor(g.tax, sysCcy, rateOf(sysCcy, display, true), display);
        c = { members, net, gross: g.gross, tax: g.tax, shares: allocateLargestRemainder(taxDisplay, members.map((m) => m.display)) };
        compositions.set(key, c);
      }
      totalTax += c.tax;
      totalGross += c.gross;
      for (let i = 0; i < c.members.length; i++) {
        const m = c.members[i]!;
        m.taxPerYear[y] = c.shares[i]!;
        if (!placed.has(m)) {
          placed.add(m);
          compositionOf.push({ w: m, c, y });
        }
      }
    }
    taxRatePercent = totalGross > 0 ? ratioPercent(totalTax, totalGross) : wholePercent(String(planRate));
    const salaryMajor = majorNumber(plan.salary, sysCcy);
    for (const { w, c, y } of compositionOf) {
      const share = w.taxPerYear[y]!;
      w.taxOwn = w.currency === display ? share : convertMinor(share, display, rateOf(display, w.currency), w.currency);
      w.working.push(
        step(
          `Tax: gross-up on the salary, ${labels[y]} (${plan.source})`,
          "tax × amount / all taxable amounts",
          {
            salary: salaryMajor,
            benefits: majorNumber(c.net, sysCcy),
            grossedUp: majorNumber(c.gross, sysCcy),
            tax: majorNumber(c.tax, sysCcy),
            amount: majorNumber(w.display, display),
          },
          majorString(share, display),
          display,
        ),
      );
    }
  }

  // STA: a tax year's entered total replaces the column's tax, shared the same way.
  const yearOverrides = input.type === "STA" ? tax.taxYearOverrides.filter((o) => o.yearIndex >= 0 && o.yearIndex < years) : [];
  for (const o of yearOverrides) {
    let members = taxed.filter((w) => inColumn(w, o.yearIndex));
    if (members.length === 0) members = works.filter((w) => inColumn(w, o.yearIndex));
    if (members.length === 0) continue;
    const weights = members.map((w) => w.taxPerYear[o.yearIndex]!);
    const shares = allocateLargestRemainder(o.amount, weights.some((x) => x > 0) ? weights : members.map((w) => w.display));
    members.forEach((w, i) => {
      w.taxPerYear[o.yearIndex] = shares[i]!;
      w.working.push(step(`Tax for ${labels[o.yearIndex]}: share of the ${majorString(o.amount, display)} ${display} entered`, null, NO_INPUTS, majorString(shares[i]!, display), display));
    });
  }

  // ── sections ──
  const itemOf = (w: Work): TEstimateItem => {
    const amountPerYear = new Array<number>(years);
    const totalPerYear = new Array<number>(years);
    for (let y = 0; y < years; y++) {
      const a = inColumn(w, y) ? w.display : 0;
      amountPerYear[y] = a;
      totalPerYear[y] = a + w.taxPerYear[y]!;
    }
    return {
      identifier: w.identifier,
      name: w.name,
      serviceType: w.serviceType,
      serviceCode: w.serviceCode,
      stageId: w.stageId,
      custom: w.custom,
      editable: true,
      annualCost: w.placement === "all",
      taxability: w.taxability,
      currency: w.currency,
      amount: w.amount,
      originalAmount: w.computedAmount,
      overridden: w.overridden,
      amountPerYear,
      taxPerYear: w.taxPerYear,
      totalPerYear,
      taxAmount: w.taxOwn,
      total: w.amount + w.taxOwn,
      benefits: w.benefits,
      feedbackStatus: w.feedback,
      estimateResultStatusMessage: w.message,
      working: w.working,
    };
  };
  const sectionOf = (key: string, name: string, excludedFromTotal: boolean, items: TEstimateItem[]): TEstimateSection => {
    const totalPerYear = new Array<number>(years).fill(0);
    for (const it of items) for (let y = 0; y < years; y++) totalPerYear[y]! += it.totalPerYear[y]!;
    let total = 0;
    for (const t of totalPerYear) total += t;
    return { key, name, excludedFromTotal, items, totalPerYear, total };
  };
  function fixedItem(identifier: string, name: string, serviceType: string, money: Money, perYear: number[], working: TWorkingStep[]): TEstimateItem {
    let total = 0;
    for (const v of perYear) total += v;
    const isTax = serviceType === "TAX";
    return {
      identifier,
      name,
      serviceType,
      serviceCode: null,
      stageId: null,
      custom: false,
      editable: false,
      annualCost: !isTax,
      taxability: isTax ? "NON_TAXABLE" : "TAXABLE",
      currency: money.currency,
      amount: money.amount,
      originalAmount: null,
      overridden: false,
      amountPerYear: perYear,
      taxPerYear: new Array<number>(years).fill(0),
      totalPerYear: perYear.slice(),
      taxAmount: 0,
      total: isTax ? total : money.amount,
      benefits: [],
      feedbackStatus: "INFO",
      estimateResultStatusMessage: null,
      working,
    };
  }

  const sections: TEstimateSection[] = [];
  const stageNames = moveStageNames(input.moveStageCount ?? maxStage);
  const byStage: TEstimateItem[][] = [[], [], [], []];
  const customItems: TEstimateItem[] = [];
  for (const w of works) {
    if (w.custom) customItems.push(itemOf(w));
    else byStage[Math.min(Math.max(w.stageId ?? 1, 1), 3)]!.push(itemOf(w));
  }
  for (let stage = 1; stage <= 3; stage++) {
    const items = byStage[stage]!;
    if (items.length > 0) sections.push(sectionOf(`stage:${stage}`, stageNames[stage - 1] ?? `Stage ${stage}`, false, items));
  }
  if (customItems.length > 0) sections.push(sectionOf("custom", "Custom items", false, customItems));

  // Compensation: shown for information, never in the relocation total.
  if (salary && !input.excludeCompensation) {
    const salaryDisplay = toDisplay(salary.amount, salary.currency);
    const salaryWorking = [step("Annual salary", null, NO_INPUTS, majorString(salary.amount, salary.currency), salary.currency)];
    if (salary.currency !== display) {
      salaryWorking.push(
        step(`In ${display}`, "amount × exchangeRate", { amount: majorNumber(salary.amount, salary.currency), exchangeRate: Number(rateOf(salary.currency, display)) }, majorString(salaryDisplay, display), display),
      );
    }
    const comp = [fixedItem("comp:salary", "Annual salary", "COMPENSATION", salary, new Array<number>(years).fill(salaryDisplay), salaryWorking)];
    const sheet = input.balanceSheetEnabled ? input.balanceSheet : null;
    if (sheet) {
      for (const line of sheet.lines) {
        if (line.kind !== "allowance") continue;
        const first = line.amountPerYear[0] ?? 0;
        const perYear = new Array<number>(years);
        for (let y = 0; y < years; y++) perYear[y] = toDisplay(line.amountPerYear[y] ?? first, sheet.currency);
        comp.push(
          fixedItem(`comp:${line.key}`, line.label, "ALLOWANCE", { amount: first, currency: sheet.currency }, perYear, [
            step(`${line.label} (balance sheet)`, line.working, NO_INPUTS, majorString(first, sheet.currency), sheet.currency),
          ]),
        );
      }
    }
    sections.push(sectionOf("compensation", "Compensation", true, comp));
  }

  // Tax summary: the tax already inside each item's total.
  const taxPerYear = new Array<number>(years).fill(0);
  let taxTotal = 0;
  for (const w of works) for (let y = 0; y < years; y++) taxPerYear[y]! += w.taxPerYear[y]!;
  for (const t of taxPerYear) taxTotal += t;
  const taxWorking: TWorkingStep[] = [step(`${TAX_METHOD_LABELS[tax.method]}: ${plan.source}`, null, NO_INPUTS, String(taxRatePercent), null)];
  for (const o of yearOverrides) taxWorking.push(step(`Tax entered for ${labels[o.yearIndex]}`, null, NO_INPUTS, majorString(o.amount, display), display));
  if (plan.kind === "NONE" && tax.category !== "NON_TAXABLE") taxWorking.push(step(ENGINE_TEXTS.noTaxSystem, null, NO_INPUTS, "0", null));
  sections.push(sectionOf("tax", "Tax", true, [fixedItem("tax:total", "Estimated tax", "TAX", { amount: taxTotal, currency: display }, taxPerYear, taxWorking)]));

  // ── totals (whole display units per column; the total is their sum) ──
  const totalPerYear = new Array<number>(years).fill(0);
  for (const s of sections) {
    if (s.excludedFromTotal) continue;
    for (let y = 0; y < years; y++) totalPerYear[y]! += s.totalPerYear[y]!;
  }
  let total = 0;
  for (let y = 0; y < years; y++) {
    totalPerYear[y] = wholeUnits(totalPerYear[y]!, display);
    total += totalPerYear[y]!;
  }
  let secondaryTotalPerYear: number[] | null = null;
  let secondaryTotal: number | null = null;
  const secondary = input.secondaryDisplayCurrency;
  if (secondary) {
    if (secondary === display) secondaryTotalPerYear = totalPerYear.slice();
    else {
      const r = rateOf(display, secondary, true);
      secondaryTotalPerYear = totalPerYear.map((t) => convertWholeUnits(t, display, r, secondary));
    }
    secondaryTotal = 0;
    for (const t of secondaryTotalPerYear) secondaryTotal += t;
  }

  const displayCurrencies = new Set<string>([display]);
  if (secondary) displayCurrencies.add(secondary);
  for (const c of [salary?.currency, input.origin.currency, input.destination.currency]) if (c) displayCurrencies.add(c);
  for (const w of works) displayCurrencies.add(w.currency);

  const tables = new Map<string, { name: string; taxYear: string; source: string; note?: string }>();
  for (const s of [tax.home, tax.host]) {
    for (const i of s?.info ?? []) tables.set(i.id, i.note === undefined ? { name: i.name, taxYear: i.taxYear, source: i.source } : { name: i.name, taxYear: i.taxYear, source: i.source, note: i.note });
  }

  const servicesEstimations: EstimateComputation["servicesEstimation"]["servicesEstimations"] = [];
  const customServicesEstimations: EstimateComputation["servicesEstimation"]["customServicesEstimations"] = [];
  for (const w of works) {
    if (w.custom) {
      customServicesEstimations.push({
        identifier: w.identifier,
        serviceName: w.name,
        currency: w.currency,
        amount: w.amount,
        taxability: w.taxability,
        taxAmount: w.taxOwn,
        total: w.amount + w.taxOwn,
      });
    } else {
      servicesEstimations.push({
        identifier: w.identifier,
        serviceCode: w.serviceCode!,
        stageId: w.stageId!,
        name: w.name,
        currency: w.currency,
        amount: w.amount,
        originalAmount: w.computedAmount ?? w.amount,
        taxability: w.taxability,
        taxAmount: w.taxOwn,
        total: w.amount + w.taxOwn,
      });
    }
  }

  return {
    type: input.type,
    years,
    yearLabels: labels,
    sections,
    totalPerYear,
    total,
    displayCurrency: display,
    displayCurrencies: [...displayCurrencies],
    secondaryDisplayCurrency: secondary,
    secondaryTotalPerYear,
    secondaryTotal,
    exchangeRates: usedRates,
    taxMethod: tax.method,
    taxCategory: tax.category,
    taxRate: taxRatePercent,
    manualTax: tax.rateOverride !== null || yearOverrides.length > 0,
    taxRateOverride: tax.rateOverride,
    showTaxCalcPrompt: anyMaybe || (tax.host === null && tax.rateOverride === null),
    servicesEstimation: { servicesEstimations, customServicesEstimations, totalEstimateAfterOverrides: total },
    taxTables: [...tables.values()],
    balanceSheetEnabled: input.balanceSheetEnabled,
  };
}

const TAX_METHOD_LABELS: Record<TTaxMethod, string> = { SUPPLEMENTAL: "Supplemental rate", MARGINAL: "Marginal rate", GROSS_UP: "Gross-up" };

// ── POST basic-ce/calculate-tax ─────────────────────────────────────────────────────────────

export type TaxCalculationEdits = {
  /** Rows as edited: matched to the input's services by stage and code; a null amount keeps the computed one. */
  services: { serviceCode: string; stageId: number; amount: Money | null; taxability: TTaxability }[];
  customServices: EstimateCustomItemInput[];
  taxRateOverride: number | null;
};
type TaxAmountRow = { identifier: string; taxAmount: number; total: number; currency: string };
export type TaxCalculation = {
  servicesEstimations: TaxAmountRow[];
  customServicesEstimations: TaxAmountRow[];
  taxRate: number;
  totalEstimateAfterOverrides: number;
};

/** The estimate recomputed with the page's amounts, taxabilities and rate: each row's tax and total (its own currency). */
export function calculateTax(input: EstimateInput, edits: TaxCalculationEdits): TaxCalculation {
  const byKey = new Map(edits.services.map((s) => [`${s.stageId}:${s.serviceCode.toUpperCase()}`, s] as const));
  const services = input.services.map((svc) => {
    const edit = byKey.get(`${svc.stageId}:${svc.serviceCode.toUpperCase()}`);
    if (!edit) return svc;
    return { ...svc, override: edit.amount ?? svc.override, taxability: edit.taxability };
  });
  const result = computeEstimate({
    ...input,
    services,
    customItems: edits.customServices,
    tax: { ...input.tax, rateOverride: edits.taxRateOverride },
  });
  const row = (r: { identifier: string; taxAmount: number; total: number; currency: string }): TaxAmountRow => ({
    identifier: r.identifier,
    taxAmount: r.taxAmount,
    total: r.total,
    currency: r.currency,
  });
  return {
    servicesEstimations: result.servicesEstimation.servicesEstimations.map(row),
    customServicesEstimations: result.servicesEstimation.customServicesEstimations.map(row),
    taxRate: result.taxRate,
    totalEstimateAfterOverrides: result.servicesEstimation.totalEstimateAfterOverrides,
  };
}

/** The tax method a basic estimate's category implies when none was chosen. */
export function methodForCategory(category: TTaxCategory): TTaxMethod {
  return category === "SUPPLEMENTAL" ? "SUPPLEMENTAL" : "MARGINAL";
}
