/**
 * Combines a country table with its region table into a `TaxSystem`, and rounds: every line is
 * rounded once to the currency's minor units with money.ts `roundHalfUp` (half away from zero, the
 * places from `minorUnitsOf`); totals are sums of the rounded lines. Rates are computed on the
 * unrounded Decimal amounts and given to 6 decimals.
 */
import Decimal from "decimal.js";
import { AppError } from "../errors.ts";
import { minorUnitsOf, roundHalfUp } from "../money/money.ts";
import { type Amount, Dec, dec, type LineKind, type ResolvedProfile, type TaxTable, ZERO } from "./table.ts";
import { COUNTRY_TABLES, REGION_TABLES } from "./tables/index.ts";
import {
  FILING_STATUSES,
  type FilingStatus,
  type TaxBreakdown,
  type TaxJurisdiction,
  type TaxLine,
  type TaxProfile,
  type TaxSystem,
  type TaxTableInfo,
} from "./types.ts";

/** Decimal places of the rates this module returns. */
const RATE_PLACES = 6;
const MAX_DEPENDANTS = 20;

export function infoOf(table: TaxTable, note?: string): TaxTableInfo {
  const { id, countryCode, region, name, currency, taxYear, periodStart, periodEnd, source } = table;
  const info: TaxTableInfo = { id, countryCode, region, name, currency, taxYear, periodStart, periodEnd, source };
  return note === undefined ? info : { ...info, note };
}

export function resolveProfile(profile: TaxProfile | undefined): ResolvedProfile {
  const filingStatus: FilingStatus = profile?.filingStatus ?? "SINGLE";
  if (!(FILING_STATUSES as readonly string[]).includes(filingStatus)) {
    throw new AppError("VALIDATION", `Unknown filing status ${String(filingStatus)}.`);
  }
  const familySize = profile?.familySize;
  if (familySize !== undefined && (!Number.isInteger(familySize) || familySize < 0)) {
    throw new AppError("VALIDATION", "The family size must be a whole number.");
  }
  const adults = filingStatus === "MARRIED_JOINT" ? 2 : 1;
  const dependants = profile?.dependants ?? (familySize === undefined ? 0 : Math.max(0, familySize - adults));
  if (!Number.isInteger(dependants) || dependants < 0 || dependants > MAX_DEPENDANTS) {
    throw new AppError("VALIDATION", `The number of dependants must be a whole number from 0 to ${MAX_DEPENDANTS}.`);
  }
  return { filingStatus, dependants };
}

function checkIncome(incomeMinor: number): void {
  if (!Number.isSafeInteger(incomeMinor) || incomeMinor < 0) {
    throw new AppError("VALIDATION", "The income must be a whole, non-negative number of minor units.");
  }
}

/** A rate as a short decimal string: 6 places, half away from zero, trailing zeros dropped ("0.22"). */
export function rateString(value: Decimal.Value): string {
  const rounded = new Dec(roundHalfUp(value, RATE_PLACES));
  return rounded.isZero() ? "0" : rounded.toFixed();
}

function selectKinds(kinds: readonly LineKind[]) {
  return (kind: LineKind) => kinds.includes(kind);
}

const ALL_KINDS = selectKinds(["INCOME_TAX", "SOCIAL_SECURITY"]);
const SOCIAL_SECURITY_ONLY = selectKinds(["SOCIAL_SECURITY"]);

function buildSystem(tables: readonly TaxTable[], notes: readonly (string | undefined)[] = []): TaxSystem {
  const currency = tables[0]!.currency;
  const places = minorUnitsOf(currency);
  const unit = dec(10).pow(places);
  // Marginal rates are slopes measured just right of x, inside (x, x + 1 minor unit), so that a
  // bracket edge or a cliff at x itself (thresholds are whole minor units) is not straddled.
  const step = dec(10).pow(-(places + 4));

  const toMajor = (incomeMinor: number): Amount => dec(incomeMinor).dividedBy(unit);
  // money.ts rounding (half away from zero, to the currency's places), then to minor units.
  const toMinorUnits = (amount: Amount): number => {
    const minor = dec(roundHalfUp(amount, places)).times(unit).toNumber();
    if (!Number.isSafeInteger(minor)) throw new AppError("VALIDATION", "The amount is too large.");
    return minor;
  };

  const exactSum = (income: Amount, profile: ResolvedProfile, of: readonly TaxTable[], kinds: (kind: LineKind) => boolean, unrounded = false): Amount => {
    let sum = ZERO;
    for (const table of of) {
      const result = unrounded && table.computeUnrounded ? table.computeUnrounded(income, profile) : table.compute(income, profile);
      for (const line of result.lines) if (kinds(line.kind)) sum = sum.plus(line.amount);
    }
    return sum;
  };

  /**
   * Slope of the tax just right of `income`, over two adjacent tiny intervals: where they differ,
   * one of them straddles a kink or a cliff (a threshold that falls between whole minor units);
   * the smaller slope is the one that does not jump. Measured on the tables' unrounded lines (a
   * statutory rounding makes a staircase, flat between its steps).
   */
  const slope = (income: Amount, profile: ResolvedProfile, of: readonly TaxTable[], kinds: (kind: LineKind) => boolean): Amount => {
    const [a, b, c] = [1, 2, 3].map((k) => exactSum(income.plus(step.times(k)), profile, of, kinds, true)) as [Amount, Amount, Amount];
    const first = b.minus(a).dividedBy(step);
    const second = c.minus(b).dividedBy(step);
    return first.abs().lte(second.abs()) ? first : second;
  };

  const tax = (incomeMinor: number, profile?: TaxProfile): TaxBreakdown => {
    checkIncome(incomeMinor);
    const resolved = resolveProfile(profile);
    const income = toMajor(incomeMinor);
    const lines: TaxLine[] = [];
    let incomeTax = 0;
    let socialSecurity = 0;
    let taxableIncome = 0;
    tables.forEach((table, index) => {
      const result = table.compute(income, resolved);
      if (index === 0) taxableIncome = toMinorUnits(Dec.max(result.taxableIncome, 0));
      for (const line of result.lines) {
        const amount = toMinorUnits(line.amount);
        if (line.kind === "INCOME_TAX") incomeTax += amount;
        else socialSecurity += amount;
        lines.push(line.rate === undefined ? { label: line.label, amount } : { label: line.label, amount, rate: line.rate });
      }
    });
    return { currency, taxableIncome, incomeTax, socialSecurity, total: incomeTax + socialSecurity, lines };
  };

  const marginalRate = (incomeMinor: number, profile?: TaxProfile): string => {
    checkIncome(incomeMinor);
    return rateString(slope(toMajor(incomeMinor), resolveProfile(profile), tables, ALL_KINDS));
  };

  const effectiveRate = (incomeMinor: number, profile?: TaxProfile): string => {
    const { total } = tax(incomeMinor, profile);
    if (incomeMinor === 0) return "0";
    return rateString(dec(total).dividedBy(incomeMinor));
  };

  /** (T(income + benefit) − T(income)) / benefit on the unrounded sums; the point slope for benefit 0. */
  const rateOver = (income: Amount, benefit: Amount, profile: ResolvedProfile, of: readonly TaxTable[], kinds: (kind: LineKind) => boolean): Amount =>
    benefit.isZero()
      ? slope(income, profile, of, kinds)
      : exactSum(income.plus(benefit), profile, of, kinds).minus(exactSum(income, profile, of, kinds)).dividedBy(benefit);

  const checkBenefit = (benefitMinor: number): void => {
    if (!Number.isSafeInteger(benefitMinor) || benefitMinor < 0) {
      throw new AppError("VALIDATION", "The benefit must be a whole, non-negative number of minor units.");
    }
  };

  const benefitRate = (incomeMinor: number, benefitMinor: number, profile?: TaxProfile): string => {
    checkIncome(incomeMinor);
    checkBenefit(benefitMinor);
    return rateString(rateOver(toMajor(incomeMinor), toMajor(benefitMinor), resolveProfile(profile), tables, ALL_KINDS));
  };

  const supplementalRate = (incomeMinor: number, profile?: TaxProfile, benefitMinor = 0): string => {
    checkIncome(incomeMinor);
    checkBenefit(benefitMinor);
    const resolved = resolveProfile(profile);
    const income = toMajor(incomeMinor);
    const benefit = toMajor(benefitMinor);
    if (!tables.some((table) => table.supplementalRate !== undefined)) return rateString(rateOver(income, benefit, resolved, tables, ALL_KINDS));
    // A published flat rate where there is one (keyed on the supplemental wages, the benefit), plus
    // the table's employee social security over the benefit stacked on the income, since the flat
    // rate stands for the employee's cost (US: FICA with its wage base and Additional Medicare); a
    // table without one adds its own rate over the benefit (income tax and social security).
    let rate = ZERO;
    for (const table of tables) {
      rate = rate.plus(
        table.supplementalRate
          ? dec(table.supplementalRate(income, resolved, benefit.isZero() ? undefined : benefit)).plus(rateOver(income, benefit, resolved, [table], SOCIAL_SECURITY_ONLY))
          : rateOver(income, benefit, resolved, [table], ALL_KINDS),
      );
    }
    return rateString(rate);
  };

  const publishedSupplementalRate = tables.some((table) => table.supplementalRate !== undefined);
  return { info: tables.map((table, i) => infoOf(table, notes[i])), currency, publishedSupplementalRate, tax, marginalRate, benefitRate, effectiveRate, supplementalRate };
}

function normalise(code: string | null | undefined): string {
  return (code ?? "").trim().toUpperCase();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date a table is picked for: an ISO date (a longer timestamp is cut to its date); today (UTC) when none. */
export function taxDateOf(on: string | null | undefined, now: Date = new Date()): string {
  const date = (on ?? "").trim().slice(0, 10);
  if (date === "") return now.toISOString().slice(0, 10);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!ISO_DATE.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new AppError("VALIDATION", "The date must be a date (YYYY-MM-DD).");
  }
  return date;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** An ISO date as a reader writes it in the notes ("5 April 2026"): day, month name, year — never ambiguous. */
export function readableDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The years of one jurisdiction's table, oldest first. */
function byYear(tables: readonly TaxTable[], keyOf: (table: TaxTable) => string): Map<string, TaxTable[]> {
  const map = new Map<string, TaxTable[]>();
  for (const table of tables) {
    const key = keyOf(table);
    map.set(key, [...(map.get(key) ?? []), table]);
  }
  for (const years of map.values()) years.sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  return map;
}

const countryYears = byYear(COUNTRY_TABLES, (table) => table.countryCode);
const regionYears = byYear(REGION_TABLES, (table) => `${table.countryCode}-${table.region}`);
const systems = new Map<string, TaxSystem>();

/**
 * The table of the year that holds `date`; past the newest year the newest table, before the
 * oldest the oldest, each with a note saying so (the table itself is not changed).
 */
export function tableForDate(years: readonly TaxTable[], date: string): { table: TaxTable; note?: string } {
  const holding = years.find((table) => table.periodStart <= date && date <= table.periodEnd);
  if (holding) return { table: holding };
  const newest = years[years.length - 1]!;
  if (date > newest.periodEnd) {
    return {
      table: newest,
      note: `${newest.name} ${newest.taxYear} is the newest table (it ends ${readableDate(newest.periodEnd)}); it is used for ${readableDate(date)}.`,
    };
  }
  // Between two years' periods (none today) or before the oldest: the latest year that starts before the date, else the oldest.
  const earlier = [...years].reverse().find((table) => table.periodStart <= date);
  const table = earlier ?? years[0]!;
  return {
    table,
    note: `No ${table.name} table covers ${readableDate(date)}; the ${table.taxYear} table (${readableDate(table.periodStart)} to ${readableDate(table.periodEnd)}) is used.`,
  };
}

/**
 * The system for a jurisdiction on a date: the country table, plus the region table when there is
 * one for that region (an unknown or missing region gives the country table alone, e.g. US
 * federal only), each of the tax year that holds `jurisdiction.on` (today when missing; see
 * `tableForDate`); an unknown country gives null.
 */
export function taxSystemFor(jurisdiction: TaxJurisdiction): TaxSystem | null {
  const countryCode = normalise(jurisdiction.countryCode);
  const countries = countryYears.get(countryCode);
  if (countries === undefined) return null;
  const date = taxDateOf(jurisdiction.on);
  const picked = [tableForDate(countries, date)];
  const regions = regionYears.get(`${countryCode}-${normalise(jurisdiction.region)}`);
  if (regions !== undefined) picked.push(tableForDate(regions, date));
  const key = picked.map((p) => `${p.table.id}:${p.note ?? ""}`).join("|");
  let system = systems.get(key);
  if (system === undefined) {
    system = buildSystem(picked.map((p) => p.table), picked.map((p) => p.note));
    systems.set(key, system);
  }
  return system;
}

/** Every table of every year (the estimate admin's list of sources). */
export function listTaxTables(): TaxTableInfo[] {
  return [...COUNTRY_TABLES, ...REGION_TABLES].map((table) => infoOf(table));
}
