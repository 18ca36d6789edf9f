/**
 * Test helpers of the estimate engine: small tax systems whose numbers can be worked by hand, a
 * fixed exchange-rate table, and a realistic 7-year advanced estimate (25 services, balance
 * sheet) used by the tests and the timing script. Not imported by production code.
 */
import Decimal from "decimal.js";
import { roundHalfUp } from "../money/money.ts";
import type { TaxBreakdown, TaxSystem } from "../tax/index.ts";
import type { BalanceSheetInput } from "./balance-sheet.ts";
import type { EstimateInput, EstimateServiceInput } from "./engine.ts";

function info(id: string, currency: string) {
  return [{ id, countryCode: "XX", region: null, name: `Test table ${id}`, currency, taxYear: "2026", periodStart: "2026-01-01", periodEnd: "2026-12-31", source: "test" }];
}

const breakdown = (currency: string, income: number, incomeTax: number, socialSecurity = 0): TaxBreakdown => ({
  currency,
  taxableIncome: income,
  incomeTax,
  socialSecurity,
  total: incomeTax + socialSecurity,
  lines: [{ label: "Income tax", amount: incomeTax }, ...(socialSecurity ? [{ label: "Social security", amount: socialSecurity }] : [])],
});

/** income × rate (income tax) + income × socialRate (social security), each rounded once. */
export function flatTaxSystem(rate: string, currency: string, options: { socialRate?: string; supplementalRate?: string; id?: string } = {}): TaxSystem {
  const social = options.socialRate ?? "0";
  const total = new Decimal(rate).plus(social).toString();
  return {
    info: info(options.id ?? `flat-${rate}`, currency),
    currency,
    publishedSupplementalRate: options.supplementalRate !== undefined,
    tax(income) {
      const it = Number(roundHalfUp(new Decimal(income).times(rate), 0));
      const ss = Number(roundHalfUp(new Decimal(income).times(social), 0));
      return breakdown(currency, income, it, ss);
    },
    marginalRate: () => total,
    benefitRate: () => total,
    effectiveRate: (income) => (income === 0 ? "0" : total),
    supplementalRate: () => options.supplementalRate ?? total,
  };
}

/** A progressive income tax: brackets of [from (minor units), rate], ascending, the first from 0. */
export function bracketTaxSystem(brackets: readonly [number, string][], currency: string, options: { supplementalRate?: string; id?: string } = {}): TaxSystem {
  const raw = (income: number) => {
    let tax = new Decimal(0);
    for (let i = 0; i < brackets.length; i++) {
      const [from, rate] = brackets[i]!;
      if (income <= from) break;
      const upper = Math.min(income, brackets[i + 1]?.[0] ?? income);
      tax = tax.plus(new Decimal(upper - from).times(rate));
    }
    return tax;
  };
  const marginal = (income: number) => {
    let rate = brackets[0]![1];
    for (const [from, r] of brackets) if (income >= from) rate = r;
    return rate;
  };
  return {
    info: info(options.id ?? "brackets", currency),
    currency,
    publishedSupplementalRate: options.supplementalRate !== undefined,
    tax: (income) => breakdown(currency, income, Number(roundHalfUp(raw(income), 0))),
    marginalRate: marginal,
    benefitRate: (income, benefit) => (benefit === 0 ? marginal(income) : raw(income + benefit).minus(raw(income)).dividedBy(benefit).toFixed(6)),
    effectiveRate: (income) => (income === 0 ? "0" : raw(income).dividedBy(income).toFixed(6)),
    supplementalRate: (income, _profile, benefit = 0) =>
      options.supplementalRate ?? (benefit === 0 ? marginal(income) : raw(income + benefit).minus(raw(income)).dividedBy(benefit).toFixed(6)),
  };
}

/** Rates per unit of USD; any pair crossed through USD (the service layer does the same). */
export const TEST_USD_RATES: Record<string, string> = { USD: "1", GBP: "0.8", EUR: "0.9", CHF: "0.88", JPY: "150" };
export function testExchangeRate(from: string, to: string): string {
  if (from === to) return "1";
  const f = TEST_USD_RATES[from];
  const t = TEST_USD_RATES[to];
  if (!f || !t) throw new Error(`no test rate ${from}>${to}`);
  return new Decimal(t).dividedBy(f).toFixed(10);
}

/** A service with no formula, budget or rate; tests fill in what they need. */
export function service(partial: Partial<EstimateServiceInput> & Pick<EstimateServiceInput, "serviceCode">): EstimateServiceInput {
  return {
    stageId: 1,
    name: partial.serviceCode,
    policyType: 2,
    currency: null,
    budget: null,
    rateFrequency: null,
    benefitOptionName: null,
    metadata: [],
    destinationRates: [],
    override: null,
    taxability: null,
    ...partial,
  };
}

/** A basic estimate in USD with no services, no tax system and no salary; tests fill in what they need. */
export function basicInput(partial: Partial<EstimateInput> = {}): EstimateInput {
  return {
    type: "LTA",
    years: 1,
    startDate: "2026-01-01",
    endDate: "2027-06-30",
    moveStageCount: 3,
    family: { familySize: 3, adults: 2, children: 1, dependants: 2 },
    salary: null,
    origin: { countryCode: "US", currency: "USD" },
    destination: { countryCode: "GB", currency: "GBP" },
    displayCurrency: "USD",
    secondaryDisplayCurrency: null,
    exchangeRate: testExchangeRate,
    services: [],
    customItems: [],
    tax: { method: "SUPPLEMENTAL", category: "SUPPLEMENTAL", rateOverride: null, marginalRateOverride: null, profile: {}, home: null, host: null, taxYearOverrides: [] },
    cityIndices: { home: null, host: null },
    excludeCompensation: false,
    balanceSheetEnabled: false,
    ...partial,
  };
}

const usd = (major: number) => ({ amount: major * 100, currency: "USD" });
const gbp = (major: number) => ({ amount: major * 100, currency: "GBP" });

/** 25 services across the three stages, as a three-stage long-term assignment policy holds them. */
export function sampleServices(): EstimateServiceInput[] {
  return [
    service({ serviceCode: "IMMIGRATION", stageId: 1, policyType: 3, currency: "GBP", benefitOptionName: "Employee and family", metadata: [{ name: "Fees", formula: "1500 + dependants * 600", adjustmentFormula: null }] }),
    service({ serviceCode: "REMOVALS", stageId: 1, policyType: 3, currency: "USD", benefitOptionName: "40ft container", metadata: [
      { name: "Volume (m³)", formula: "67", adjustmentFormula: null },
      { name: "Cost", formula: "2600 + min(volumeM3, 67) * 40 + distanceKm * 0.5", adjustmentFormula: "familySize > 4 ? 1.1 : 1" },
    ] }),
    service({ serviceCode: "STORAGE", stageId: 1, policyType: 2, budget: usd(2400) }),
    service({ serviceCode: "TEMPACCOMMODATION", stageId: 1, policyType: 3, currency: "GBP", benefitOptionName: "30 nights", metadata: [
      { name: "Nights", formula: "30", adjustmentFormula: null },
      { name: "Nightly cost", formula: "hostDailyRate", adjustmentFormula: "familySize > 2 ? 1.25 : 1" },
      { name: "Total cost", formula: "hostDailyRate * 30", adjustmentFormula: null },
    ], destinationRates: [{ description: "Hotel", amount: gbp(180), frequency: "DAILY" }] }),
    service({ serviceCode: "FLATSEARCH", stageId: 1, policyType: 3, currency: "GBP", metadata: [{ name: "Cost", formula: "1200", adjustmentFormula: null }] }),
    service({ serviceCode: "HOMESALE", stageId: 1, policyType: 3, currency: "USD", metadata: [{ name: "Cost", formula: "3500", adjustmentFormula: null }] }),
    service({ serviceCode: "TRAVEL", stageId: 1, policyType: 3, currency: "USD", metadata: [{ name: "Cost", formula: "familySize * (900 + distanceKm * 0.3)", adjustmentFormula: "children > 0 ? 0.9 : 1" }] }),
    service({ serviceCode: "HOUSEHUNTINGTRIP", stageId: 1, policyType: 3, currency: "GBP", metadata: [{ name: "Cost", formula: "5 * hostDailyRate * min(familySize, 2) + 800", adjustmentFormula: null }], destinationRates: [{ description: "Hotel", amount: gbp(180), frequency: "DAILY" }] }),
    service({ serviceCode: "CULTURALTRAINING", stageId: 1, policyType: 2, budget: usd(1800) }),
    service({ serviceCode: "TAXBRIEFING", stageId: 1, policyType: 2, budget: gbp(900) }),
    service({ serviceCode: "LUMPSUM", stageId: 1, policyType: 1, currency: "USD", metadata: [{ name: "Amount", formula: "round(salary / 12)", adjustmentFormula: null }] }),
    service({ serviceCode: "SCHOOLSEARCH", stageId: 1, policyType: 2, budget: gbp(1500) }),
    service({ serviceCode: "CITYGUIDE", stageId: 1, policyType: 4, budget: usd(100) }),
    service({ serviceCode: "HOUSINGALLOWANCE", stageId: 2, policyType: 1, currency: "GBP", rateFrequency: "MONTHLY", metadata: [{ name: "Monthly amount", formula: "max(hostMonthlyRent - homeMonthlyRent, 0)", adjustmentFormula: null }] }),
    service({ serviceCode: "COLA", stageId: 2, policyType: 2, currency: "USD", metadata: [{ name: "Monthly amount", formula: "round(salary / 12 * max(colIndex - 1, 0))", adjustmentFormula: null }] }),
    service({ serviceCode: "HOMELEAVE", stageId: 2, policyType: 3, currency: "USD", metadata: [{ name: "Trips", formula: "1", adjustmentFormula: null }, { name: "Cost", formula: "familySize * 1200 * years", adjustmentFormula: null }] }),
    service({ serviceCode: "EDUCATION", stageId: 2, policyType: 3, currency: "GBP", metadata: [{ name: "Annual cost", formula: "min(children, 2) * 24000", adjustmentFormula: null }] }),
    service({ serviceCode: "LANGUAGETRAINING", stageId: 2, policyType: 3, currency: "GBP", rateFrequency: "ONE_OFF", metadata: [{ name: "Hours", formula: "40", adjustmentFormula: null }, { name: "Cost", formula: "hours * 55 * min(familySize, 2)", adjustmentFormula: null }] }),
    service({ serviceCode: "ACCOUNTANTS", stageId: 2, policyType: 2, budget: gbp(2500), rateFrequency: "ANNUAL" }),
    service({ serviceCode: "SERVICEDAPARTMENT", stageId: 2, policyType: 2, destinationRates: [{ description: "Parking", amount: gbp(250), frequency: "MONTHLY" }] }),
    service({ serviceCode: "SPOUSALSUPPORT", stageId: 2, policyType: 2, budget: usd(3000), rateFrequency: "ONE_OFF" }),
    service({ serviceCode: "TAXEQUALIZATION", stageId: 2, policyType: 2, budget: usd(1500), rateFrequency: "ANNUAL" }),
    service({ serviceCode: "REPATRIATION", stageId: 3, policyType: 2, budget: usd(2000) }),
    service({ serviceCode: "REMOVALS", stageId: 3, policyType: 2, budget: usd(9000) }),
    service({ serviceCode: "TRAVEL", stageId: 3, policyType: 3, currency: "USD", metadata: [{ name: "Cost", formula: "familySize * (250 + distanceKm * 0.08)", adjustmentFormula: null }] }),
    service({ serviceCode: "MOVEHUB", stageId: 3, policyType: 5 }),
  ];
}

/** A 7-year advanced estimate, US home (flat 25% + 7.65% social) to GB host (progressive), gross-up. */
export function sampleAdvancedInput(): EstimateInput {
  const home = flatTaxSystem("0.25", "USD", { socialRate: "0.0765", id: "us-test" });
  const host = bracketTaxSystem(
    [
      [0, "0"],
      [1_257_000, "0.2"],
      [5_027_000, "0.4"],
      [12_514_000, "0.45"],
    ],
    "GBP",
    { id: "gb-test" },
  );
  return basicInput({
    type: "ADVANCED",
    years: 7,
    startDate: "2026-04-01",
    endDate: "2033-03-31",
    salary: usd(150_000),
    displayCurrency: "USD",
    secondaryDisplayCurrency: "EUR",
    services: sampleServices(),
    customItems: [{ serviceName: "Pet relocation", amount: usd(1750), taxability: null }],
    tax: { method: "GROSS_UP", category: "MARGINAL", rateOverride: null, marginalRateOverride: null, profile: { filingStatus: "MARRIED_JOINT", familySize: 3 }, home, host, taxYearOverrides: [] },
    cityIndices: {
      home: { colIndex: "100", housingIndex: "100", monthlyRent: usd(2800) },
      host: { colIndex: "112.5", housingIndex: "140", monthlyRent: gbp(3500) },
    },
    quantities: { distanceKm: 5570 },
    balanceSheetEnabled: true,
  });
}

export function sampleBalanceSheetInput(input: EstimateInput = sampleAdvancedInput()): BalanceSheetInput {
  return {
    years: 7,
    yearLabels: ["Year 1", "Year 2", "Year 3", "Year 4", "Year 5", "Year 6", "Year 7"],
    salary: input.salary!,
    homeCurrency: "USD",
    hostCurrency: "GBP",
    currency: "GBP",
    exchangeRate: input.exchangeRate,
    familySize: input.family.familySize,
    profile: input.tax.profile,
    home: input.tax.home,
    host: input.tax.host,
    cityIndices: input.cityIndices,
    indexSource: "DEMO",
    taxPosition: "TAX_EQUALIZED",
  };
}
