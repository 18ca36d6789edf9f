/**
 * The home-based balance sheet of an advanced estimate: pure, no I/O, integer minor units,
 * every rounding money.ts's (through amounts.ts). One column per year; the inputs do not change
 * from year to year, so every column holds the same figures.
 *
 *  1. home gross salary (home currency);
 *  2. hypothetical home income tax and social security: the home tax system on that salary with
 *     the family's profile (no home tax system: none);
 *  3. net spendable income = 1 − 2;
 *  4. the norms: net spendable income split into goods & services, housing and savings/reserve by
 *     `BALANCE_SHEET_NORMS` (whole percents by net-income band, in US dollars, and family size);
 *     savings is what is left, so the three add up to the net income exactly;
 *  5. cost-of-living allowance = goods & services norm × (host COL index / home COL index − 1),
 *     floored at 0, converted to the host currency;
 *  6. housing allowance = host monthly rent × 12 − the home housing norm (in host currency),
 *     floored at 0;
 *  7. tax equalization (company cost) by tax position:
 *     - TAX_EQUALIZED: the employee keeps salary − hypothetical tax + allowances; the host tax
 *       on the package grossed up for the tax the company pays (grossUpProgressive on the host
 *       system) minus the hypothetical home tax the company withholds (negative when the host
 *       taxes less);
 *     - TAX_PROTECTED: host tax on salary + allowances (no gross-up) minus the hypothetical tax,
 *       floored at 0 (the employee keeps any saving);
 *     - LAISSEZ_FAIRE: 0 (the employee pays the host tax);
 *     no host tax system: 0;
 *  8. company cost = 5 + 6 + 7.
 * Index source NONE (or a missing city) means index 100 at both ends: no cost-of-living or
 * housing allowance. Lines are shown in the sheet's currency (home or host, by policy); the
 * subtotals are computed in that currency from the converted lines, so the sheet adds up as shown.
 * Every line carries a sentence with its numbers.
 */
import Decimal from "decimal.js";
import type { Money } from "../money/money.ts";
import { roundHalfUp } from "../money/money.ts";
import type { TaxProfile, TaxSystem } from "../tax/index.ts";
import { convertMinor, formatAmount, pairRate, percentOf, unitOf } from "./amounts.ts";
import type { BalanceSheetResult, CityIndexInput, EstimateInput, ExchangeRateFn } from "./engine.ts";
import type { TAX_POSITIONS, TBalanceSheetView } from "./schemas.ts";
import { grossUpOn, taxOn } from "./tax-cache.ts";

export type { BalanceSheetResult } from "./engine.ts";

export type TaxPosition = (typeof TAX_POSITIONS)[number];
export type IndexSource = TBalanceSheetView["indexSource"];

/**
 * Spending norms of net spendable income (whole percents). Bands are lower bounds of annual net
 * income in the reference currency; columns are family sizes 1, 2, 3 and 4 or more. Shares fall
 * with income (more is saved) and goods & services rise with family size; savings/reserve is the
 * rest. Meridian's own table, shaped like the published home-based balance-sheet norms.
 */
export const BALANCE_SHEET_NORMS = {
  referenceCurrency: "USD",
  bands: [0, 40_000, 80_000, 150_000, 250_000],
  goodsAndServices: [
    [60, 63, 66, 68],
    [52, 55, 58, 60],
    [45, 48, 51, 53],
    [38, 41, 44, 46],
    [32, 35, 38, 40],
  ],
  housing: [
    [25, 25, 24, 24],
    [23, 23, 22, 22],
    [21, 21, 20, 20],
    [19, 19, 18, 18],
    [17, 17, 16, 16],
  ],
} as const;
export type BalanceSheetNorms = {
  referenceCurrency: string;
  bands: readonly number[];
  goodsAndServices: readonly (readonly number[])[];
  housing: readonly (readonly number[])[];
};

export type BalanceSheetInput = {
  years: number;
  yearLabels: string[];
  /** Annual home gross salary. */
  salary: Money;
  homeCurrency: string;
  hostCurrency: string;
  /** The sheet's currency (the policy's balance-sheet currency: home or host). */
  currency: string;
  exchangeRate: ExchangeRateFn;
  familySize: number;
  profile: TaxProfile;
  home: TaxSystem | null;
  host: TaxSystem | null;
  cityIndices: { home: CityIndexInput | null; host: CityIndexInput | null };
  indexSource: IndexSource;
  taxPosition: TaxPosition;
  /** Default BALANCE_SHEET_NORMS. */
  norms?: BalanceSheetNorms;
};

type Line = TBalanceSheetView["lines"][number];

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The norm shares for a net income (reference-currency minor units) and family size. */
export function normShares(netReferenceMinor: number, referenceCurrency: string, familySize: number, norms: BalanceSheetNorms = BALANCE_SHEET_NORMS) {
  const major = netReferenceMinor / unitOf(referenceCurrency);
  let band = 0;
  for (let i = 0; i < norms.bands.length; i++) if (major >= norms.bands[i]!) band = i;
  const col = Math.min(Math.max(Math.trunc(familySize), 1), 4) - 1;
  const lower = norms.bands[band]!;
  const upper = norms.bands[band + 1];
  return {
    band,
    goodsAndServices: norms.goodsAndServices[band]![col]!,
    housing: norms.housing[band]![col]!,
    bandText: `${referenceCurrency} ${grouped(lower)}${upper === undefined ? "+" : `–${grouped(upper)}`}`,
  };
}

/** Computes the balance sheet (everything of the view but its id). */
export function computeBalanceSheet(input: BalanceSheetInput): BalanceSheetResult {
  const norms = input.norms ?? BALANCE_SHEET_NORMS;
  const H = input.homeCurrency;
  const T = input.hostCurrency;
  const S = input.currency;
  const rateOf = (from: string, to: string) => pairRate(input.exchangeRate, from, to);
  const conv = (amount: number, from: string, to: string) => convertMinor(amount, from, rateOf(from, to), to);
  const f = formatAmount;
  const inS = (amount: number, from: string) => conv(amount, from, S);
  const atRate = (amount: number, from: string) => (from === S ? "" : ` = ${f(inS(amount, from), S)} at ${rateOf(from, S)}`);

  // 1–3. Salary, hypothetical home tax, net spendable income (home currency).
  const salaryH = conv(input.salary.amount, input.salary.currency, H);
  let incomeTaxH = 0;
  let socialH = 0;
  let homeTable = "no home tax table";
  if (input.home) {
    const sysCcy = input.home.currency;
    const b = taxOn(input.home, conv(salaryH, H, sysCcy), input.profile);
    incomeTaxH = conv(b.incomeTax, sysCcy, H);
    socialH = conv(b.socialSecurity, sysCcy, H);
    homeTable = input.home.info.map((i) => `${i.name} ${i.taxYear}`).join(" + ");
  }
  const hypoH = incomeTaxH + socialH;
  const netH = salaryH - hypoH;

  // 4. Norms.
  const ref = norms.referenceCurrency;
  const shares = normShares(conv(Math.max(netH, 0), H, ref), ref, input.familySize, norms);
  const gsH = percentOf(netH, shares.goodsAndServices);
  const housingH = percentOf(netH, shares.housing);

  // 5. Cost-of-living allowance.
  const useIndices = input.indexSource !== "NONE";
  const homeIndex = useIndices ? input.cityIndices.home : null;
  const hostIndex = useIndices ? input.cityIndices.host : null;
  const homeCol = homeIndex?.colIndex ?? "100";
  const hostCol = homeIndex && hostIndex ? hostIndex.colIndex : homeCol;
  const colRatio = new Decimal(hostCol).dividedBy(homeCol);
  const colaH = Math.max(0, Number(roundHalfUp(new Decimal(gsH).times(colRatio.minus(1)), 0)));
  const colaT = conv(colaH, H, T);
  const homeHousing = homeIndex?.housingIndex ?? "100";
  const hostHousing = homeIndex && hostIndex ? hostIndex.housingIndex : homeHousing;
  const housingRatio = new Decimal(hostHousing).dividedBy(homeHousing);

  // 6. Housing allowance.
  const hostRentMonthlyT = hostIndex ? conv(hostIndex.monthlyRent.amount, hostIndex.monthlyRent.currency, T) : null;
  const housingNormT = conv(housingH, H, T);
  const hostRentAnnualT = hostRentMonthlyT === null ? 0 : hostRentMonthlyT * 12;
  const housingAllowanceT = hostRentMonthlyT === null ? 0 : Math.max(0, hostRentAnnualT - housingNormT);

  // 7. Tax equalization (host currency).
  const salaryT = conv(salaryH, H, T);
  const hypoT = conv(hypoH, H, T);
  const allowancesT = colaT + housingAllowanceT;
  let equalizationT = 0;
  let equalizationText: string;
  if (input.taxPosition === "LAISSEZ_FAIRE") {
    equalizationText = "Laissez-faire: the employee pays the host tax; no company tax cost";
  } else if (!input.host) {
    equalizationText = "No host tax table: no tax equalization estimated";
  } else {
    const sys = input.host;
    const sysCcy = sys.currency;
    const hostTables = sys.info.map((i) => `${i.name} ${i.taxYear}`).join(" + ");
    if (input.taxPosition === "TAX_EQUALIZED") {
      const packageT = Math.max(0, salaryT - hypoT + allowancesT);
      const g = grossUpOn(sys, conv(packageT, T, sysCcy), 0, input.profile);
      const hostTaxT = conv(g.tax, sysCcy, T);
      const grossT = conv(g.gross, sysCcy, T);
      equalizationT = hostTaxT - hypoT;
      equalizationText =
        `Tax equalized: salary ${f(salaryT, T)} − hypothetical tax ${f(hypoT, T)} + allowances ${f(allowancesT, T)} = ${f(packageT, T)} kept by the employee, ` +
        `grossed up to ${f(grossT, T)}; host tax ${f(hostTaxT, T)} (${hostTables}) − hypothetical home tax ${f(hypoT, T)} = ${f(equalizationT, T)}`;
    } else {
      const incomeT = salaryT + allowancesT;
      const hostTaxT = conv(taxOn(sys, conv(incomeT, T, sysCcy), input.profile).total, sysCcy, T);
      equalizationT = Math.max(0, hostTaxT - hypoT);
      equalizationText =
        `Tax protected: host tax on salary + allowances ${f(incomeT, T)} is ${f(hostTaxT, T)} (${hostTables}); ` +
        `above the hypothetical home tax ${f(hypoT, T)} the company pays ${f(equalizationT, T)}`;
    }
  }

  // Lines in the sheet's currency; subtotals from the converted lines.
  const salaryS = inS(salaryH, H);
  const incomeTaxS = inS(incomeTaxH, H);
  const socialS = inS(socialH, H);
  const netS = salaryS - incomeTaxS - socialS;
  const gsS = inS(gsH, H);
  const housingNormS = inS(housingH, H);
  const savingsS = netS - gsS - housingNormS;
  const colaS = inS(colaT, T);
  const housingAllowanceS = inS(housingAllowanceT, T);
  const equalizationS = inS(equalizationT, T);
  const totalS = colaS + housingAllowanceS + equalizationS;

  const years = input.years;
  const row = (key: string, label: string, kind: Line["kind"], amount: number, working: string): Line => ({
    key,
    label,
    kind,
    amountPerYear: new Array<number>(years).fill(amount),
    working,
  });
  const family = `family of ${Math.max(1, Math.trunc(input.familySize))}`;
  const lines: Line[] = [
    row("homeSalary", "Home gross salary", "income", salaryS, `Annual home gross salary ${f(salaryH, H)}${atRate(salaryH, H)}`),
    row(
      "homeIncomeTax",
      "Hypothetical home income tax",
      "deduction",
      incomeTaxS,
      input.home ? `Home income tax on ${f(salaryH, H)} (${homeTable}): ${f(incomeTaxH, H)}${atRate(incomeTaxH, H)}` : "No home tax table: no hypothetical tax",
    ),
    row(
      "homeSocialSecurity",
      "Hypothetical home social security",
      "deduction",
      socialS,
      input.home ? `Home social security on ${f(salaryH, H)} (${homeTable}): ${f(socialH, H)}${atRate(socialH, H)}` : "No home tax table: no hypothetical social security",
    ),
    row("netIncome", "Net spendable income", "subtotal", netS, `${f(salaryS, S)} − ${f(incomeTaxS, S)} − ${f(socialS, S)} = ${f(netS, S)}`),
    row(
      "goodsAndServicesNorm",
      "Goods and services",
      "norm",
      gsS,
      `${shares.goodsAndServices}% of net spendable income ${f(netH, H)} (band ${shares.bandText}, ${family}) = ${f(gsH, H)}${atRate(gsH, H)}`,
    ),
    row(
      "housingNorm",
      "Housing",
      "norm",
      housingNormS,
      `${shares.housing}% of net spendable income ${f(netH, H)} (band ${shares.bandText}, ${family}) = ${f(housingH, H)}${atRate(housingH, H)}`,
    ),
    row("savingsNorm", "Savings and reserve", "norm", savingsS, `${f(netS, S)} − ${f(gsS, S)} − ${f(housingNormS, S)} = ${f(savingsS, S)}`),
    row(
      "costOfLivingAllowance",
      "Cost-of-living allowance",
      "allowance",
      colaS,
      !homeIndex || !hostIndex
        ? "No city cost-of-living index: index 100 at home and host, no allowance"
        : `Goods and services ${f(gsH, H)} × (host index ${hostCol} / home index ${homeCol} − 1), at least 0 = ${f(colaH, H)}` +
            `${H === T ? "" : ` = ${f(colaT, T)} at ${rateOf(H, T)}`}${atRate(colaT, T)}`,
    ),
    row(
      "housingAllowance",
      "Housing allowance",
      "allowance",
      housingAllowanceS,
      hostRentMonthlyT === null
        ? "No host rent index: no housing allowance"
        : `Host rent ${f(hostRentMonthlyT, T)} × 12 = ${f(hostRentAnnualT, T)} − home housing norm ${f(housingNormT, T)}, at least 0 = ${f(housingAllowanceT, T)}${atRate(housingAllowanceT, T)}`,
    ),
    row("taxEqualization", "Tax equalization", "allowance", equalizationS, `${equalizationText}${atRate(equalizationT, T)}`),
    row(
      "companyCost",
      "Company cost of the assignment",
      "total",
      totalS,
      `Cost-of-living ${f(colaS, S)} + housing ${f(housingAllowanceS, S)} + tax equalization ${f(equalizationS, S)} = ${f(totalS, S)}`,
    ),
  ];

  return {
    years,
    yearLabels: input.yearLabels,
    currency: S,
    homeCurrency: H,
    hostCurrency: T,
    exchangeRate: rateOf(H, T),
    colIndex: roundHalfUp(colRatio, 4),
    housingIndex: roundHalfUp(housingRatio, 4),
    indexSource: input.indexSource,
    lines,
    totalPerYear: new Array<number>(years).fill(totalS),
  };
}

/**
 * The balance sheet's input from the estimate's: same years, labels, salary, currencies, family,
 * profile, tax systems, indices and rates. `currencyType` is the policy's balance-sheet currency.
 */
export function balanceSheetInputFromEstimate(
  input: EstimateInput,
  options: { years: number; yearLabels: string[]; currencyType: "HOME" | "HOST"; taxPosition: TaxPosition; indexSource: IndexSource; norms?: BalanceSheetNorms },
): BalanceSheetInput | null {
  if (!input.salary) return null;
  const homeCurrency = input.origin.currency ?? input.tax.home?.currency ?? input.salary.currency;
  const hostCurrency = input.destination.currency ?? input.tax.host?.currency ?? input.displayCurrency;
  return {
    years: options.years,
    yearLabels: options.yearLabels,
    salary: input.salary,
    homeCurrency,
    hostCurrency,
    currency: options.currencyType === "HOME" ? homeCurrency : hostCurrency,
    exchangeRate: input.exchangeRate,
    familySize: input.family.familySize,
    profile: input.tax.profile,
    home: input.tax.home,
    host: input.tax.host,
    cityIndices: input.cityIndices,
    indexSource: options.indexSource,
    taxPosition: options.taxPosition,
    ...(options.norms ? { norms: options.norms } : {}),
  };
}
