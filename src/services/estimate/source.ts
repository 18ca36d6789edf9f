/**
 * Everything an estimate of a move is computed from, read in one place: the policy version's
 * services with the stage-3 overrides applied (the same rule as the summary: an override decides,
 * else the policy's non-addable services), the chosen benefit options and their metadata formulas
 * (global → group → policy override, most specific wins), budgets (with stage-3 budget overrides;
 * a budget shared by several services counts once), destination rates, family, salary, the
 * stage-6 inputs, city indices, exchange rates and the home and host tax systems.
 */
import type { DB } from "../../db/index.ts";
import { findCityIndexRows, type CityIndexRow } from "../../db/queries/estimate/city-indices.ts";
import { countryNamesOf, stateNameIn, stateNamesOf } from "../../db/queries/admin/countries.ts";
import { findFamilyMembers, findOptionFormulas, findVersionRates } from "../../db/queries/estimate/estimate.ts";
import { findBudgetOverrides, findServiceOverrides } from "../../db/queries/moves/overrides.ts";
import { findCitiesByIds, findSummaryBenefits, findSummaryBudgets, findSummaryServices } from "../../db/queries/moves/wizard.ts";
import { dailyRateFromMonthlyRent, distanceKm, hostDailyRateFrom } from "../../domain/estimate/quantities.ts";
import { propertyModelName } from "../../domain/policy/forms/catalogue.ts";
import { isCurrencyCode, parseAmount, type Money } from "../../domain/money/money.ts";
import { NO_BUDGET_GROUP } from "../../domain/policy/catalogue.ts";
import type { TAdvancedDetails } from "../../domain/estimate/schemas.ts";
import { parseFormValues, placeText } from "../moves/wizard/initiation-rules.ts";
import type { EstimateMove } from "./access.ts";
import { defaultDetails, storedDetails } from "./details.ts";
import { loadRates, type RateTable } from "./rates.ts";

export type SourceFormula = { label: string; formula: string; adjustmentFormula: string | null };
export type SourceRate = { countryCode: string; city: string; description: string; currency: string; amount: number; frequency: string };
export type SourceService = {
  stageId: number;
  serviceCode: string;
  name: string;
  policyType: number;
  budgetGroup: number;
  currency: string | null;
  /** The budget (or the service's own amount) in minor units; null when there is none or it is counted under another service. */
  budgetAmount: number | null;
  /** Set when the budget is shared and counted under another service of the group. */
  sharedWith: string | null;
  /** The amount is a budget group's budget: an annual amount for ongoing services, not a per-period rate. */
  budgetFromGroup: boolean;
  rateFrequency: string | null;
  benefitOption: string | null;
  formulas: SourceFormula[];
  rates: SourceRate[];
};
export type SourceCityIndex = { colIndex: string; housingIndex: string; monthlyRent: number; currency: string; source: "DEMO" | "IMPORT" };

export type EstimateSource = {
  move: EstimateMove;
  policy: { excludeCompensation: boolean; balanceSheetEnabled: boolean; balanceSheetCurrencyType: string | null; moveStagesCount: number };
  services: SourceService[];
  family: { adults: number; children: number; dependants: number; familySize: number };
  salary: Money | null;
  details: TAdvancedDetails;
  detailsUpdatedAt: string | null;
  indices: { home: SourceCityIndex | null; host: SourceCityIndex | null };
  /** Daily accommodation rate at the host: a DAILY destination rate, else from the host city's rent. */
  hostDailyRate: Money | null;
  /** "City, state, country" of the origin and destination, as the summary writes them. */
  places: { origin: string; destination: string };
  /** Great-circle distance between the origin and destination cities (null without coordinates). */
  distanceKm: number | null;
  rates: RateTable;
};

const rank = (l: { group_id: number | null; policy_id: number | null }) => (l.policy_id !== null ? 2 : l.group_id !== null ? 1 : 0);

/** The employee's annual salary from the initiation form (properties['annualSalary']), if valid. */
export function salaryOf(formValues: string): Money | null {
  const v = parseFormValues(formValues)[propertyModelName("annualSalary")];
  if (!v?.formValue || !v.currency || !isCurrencyCode(v.currency)) return null;
  try {
    return parseAmount(v.formValue, v.currency);
  } catch {
    return null;
  }
}

/** The home and host city indices, in one read. */
async function cityIndicesOf(db: DB, places: { countryCode: string | null; cityName: string | null }[]): Promise<(SourceCityIndex | null)[]> {
  const asked = places.flatMap((p, i) => (p.countryCode && p.cityName ? [{ i, countryCode: p.countryCode, cityName: p.cityName }] : []));
  const rows = asked.length === 0 ? [] : await findCityIndexRows(db, asked);
  const toIndex = (row: CityIndexRow | undefined): SourceCityIndex | null =>
    row ? { colIndex: row.col_index, housingIndex: row.housing_index, monthlyRent: row.monthly_rent, currency: row.currency, source: row.source } : null;
  return places.map((_, i) => {
    const k = asked.findIndex((a) => a.i === i);
    return k === -1 ? null : toIndex(rows[k]);
  });
}

export async function loadEstimateSource(db: DB, move: EstimateMove): Promise<EstimateSource> {
  const versionId = move.policy_version_id;
  // The policy's estimate settings and the group's flags came with the move (findMoveWithPolicy).
  const [services, choices, overrides, budgets, budgetOverrides, rates, family, stored, rateTable] = await Promise.all([
    findSummaryServices(db, versionId),
    findSummaryBenefits(db, versionId),
    findServiceOverrides(db, move.id),
    findSummaryBudgets(db, versionId),
    findBudgetOverrides(db, move.id),
    findVersionRates(db, versionId),
    findFamilyMembers(db, move.id),
    storedDetails(db, move.id),
    loadRates(db),
  ]);
  const details = stored?.details ?? defaultDetails(move, family);

  const chosen = services
    .map((s) => ({ s, o: overrides.find((o) => o.move_stage === s.move_stage && o.service_key === s.service_key) }))
    .filter(({ s, o }) => (o ? o.selected === 1 : s.addable === 0));

  // The benefit option of each chosen service: the stage-3 choice, else the version's first.
  const optionIdOf = new Map<number, number | null>();
  for (const { s, o } of chosen) {
    optionIdOf.set(s.id, o?.benefit_option_id ?? choices.find((c) => c.policy_service_id === s.id && c.benefit_option_id !== null)?.benefit_option_id ?? null);
  }
  const optionIds = [...new Set([...optionIdOf.values()].filter((id): id is number => id !== null))];
  // The options, their formulas in scope and the lines' names and order, in one read.
  const optionRows = await findOptionFormulas(db, optionIds, move.group_id, move.policy_id);
  const optionNames = new Map(optionRows.map((r) => [r.option_id, r.option_name]));
  type Line = { benefit_option_id: number; metadata_info_id: number; group_id: number | null; policy_id: number | null; formula: string; adjustment_formula: string | null };
  const resolved = new Map<string, Line>();
  const infos = new Map<number, { name: string; sort_order: number }>();
  for (const r of optionRows) {
    if (r.metadata_info_id === null || r.formula === null) continue;
    const line: Line = { benefit_option_id: r.option_id, metadata_info_id: r.metadata_info_id, group_id: r.group_id, policy_id: r.policy_id, formula: r.formula, adjustment_formula: r.adjustment_formula };
    const key = `${line.benefit_option_id}:${line.metadata_info_id}`;
    const current = resolved.get(key);
    if (!current || rank(line) > rank(current)) resolved.set(key, line);
    if (r.info_name !== null) infos.set(r.metadata_info_id, { name: r.info_name, sort_order: r.info_sort_order ?? 0 });
  }

  const countedGroups = new Map<string, string>();
  const sourceServices: SourceService[] = chosen.map(({ s, o }) => {
    const name = s.title ?? s.service_name;
    const optionId = optionIdOf.get(s.id) ?? null;
    let budgetAmount: number | null = null;
    let currency: string | null = s.currency;
    let sharedWith: string | null = null;
    let budgetFromGroup = false;
    if (o && o.amount !== null && o.currency) {
      budgetAmount = o.amount;
      currency = o.currency;
    } else if (s.budget_group !== NO_BUDGET_GROUP) {
      const key = `${s.move_stage}:${s.budget_group}`;
      const own = budgetOverrides.find((b) => b.move_stage === s.move_stage && b.group_number === s.budget_group);
      const first = budgets.find((b) => b.move_stage === s.move_stage && b.group_number === s.budget_group);
      const money = own ? { amount: own.amount, currency: own.currency } : first ? { amount: first.amount, currency: first.currency } : null;
      if (money) {
        currency = money.currency;
        budgetFromGroup = true;
        if (countedGroups.has(key)) sharedWith = countedGroups.get(key)!;
        else {
          countedGroups.set(key, name);
          budgetAmount = money.amount;
        }
      }
    } else if (s.amount !== null && s.currency) {
      budgetAmount = s.amount;
    }
    const formulas = optionId === null
      ? []
      : [...resolved.values()]
          .filter((l) => l.benefit_option_id === optionId)
          .sort((a, b) => (infos.get(a.metadata_info_id)?.sort_order ?? 0) - (infos.get(b.metadata_info_id)?.sort_order ?? 0))
          .map((l) => ({ label: infos.get(l.metadata_info_id)?.name ?? "", formula: l.formula, adjustmentFormula: l.adjustment_formula }));
    return {
      stageId: s.move_stage,
      serviceCode: s.service_key,
      name,
      policyType: s.service_policy_type,
      budgetGroup: s.budget_group,
      currency,
      budgetAmount,
      sharedWith,
      budgetFromGroup,
      rateFrequency: s.rate_frequency,
      benefitOption: optionId === null ? null : (optionNames.get(optionId) ?? null),
      formulas,
      rates: rates
        .filter((r) => r.move_stage === s.move_stage && r.group_number === s.budget_group)
        .map((r) => ({ countryCode: r.country_code, city: r.city, description: r.description, currency: r.currency, amount: r.amount, frequency: r.frequency })),
    };
  });

  const partner = details.familyMembers.some((m) => m.relationship === "PARTNER") || family.some((f) => f.relationship === "PARTNER");
  const children = Math.max(
    details.familyMembers.filter((m) => m.relationship === "CHILD").length,
    family.filter((f) => f.relationship === "CHILD").length,
  );
  const members = Math.max(details.familyMembers.length, family.length);
  const cityIds = [move.origin_city_id, move.destination_city_id].filter((id): id is number => !!id);
  const [indices, cities, countries, states] = await Promise.all([
    cityIndicesOf(db, [
      { countryCode: details.home.countryCode, cityName: details.home.cityName ?? move.origin_city_name },
      { countryCode: details.host.countryCode, cityName: details.host.cityName ?? move.destination_city_name },
    ]),
    findCitiesByIds(db, cityIds),
    countryNamesOf(db),
    stateNamesOf(db),
  ]);
  const home = indices[0] ?? null;
  const host = indices[1] ?? null;
  const originCity = move.origin_city_id ? cities.find((c) => c.id === move.origin_city_id) : undefined;
  const destinationCity = move.destination_city_id ? cities.find((c) => c.id === move.destination_city_id) : undefined;
  const countryName = (code: string | null) => (code ? (countries.get(code) ?? code) : null);
  const point = (c: typeof originCity) => (c?.latitude && c.longitude ? { latitude: Number(c.latitude), longitude: Number(c.longitude) } : null);
  const from = point(originCity);
  const to = point(destinationCity);
  const hostDailyRate =
    hostDailyRateFrom(sourceServices.flatMap((s) => s.rates), { countryCode: details.host.countryCode ?? move.destination_country_code, cityName: details.host.cityName ?? move.destination_city_name }) ??
    (host ? dailyRateFromMonthlyRent({ amount: host.monthlyRent, currency: host.currency }) : null);
  return {
    move,
    hostDailyRate,
    places: {
      origin: placeText(move.origin_city_name, stateNameIn(states, move.origin_country_code, move.origin_state), countryName(move.origin_country_code)) ?? "",
      destination: placeText(move.destination_city_name, stateNameIn(states, move.destination_country_code, move.destination_state), countryName(move.destination_country_code)) ?? "",
    },
    distanceKm: from && to ? distanceKm(from, to) : null,
    policy: {
      excludeCompensation: move.exclude_compensation === 1,
      balanceSheetEnabled: move.balance_sheet_enabled === 1,
      balanceSheetCurrencyType: move.balance_sheet_currency_type ?? null,
      moveStagesCount: move.move_stages_count,
    },
    services: sourceServices,
    family: { adults: partner ? 2 : 1, children, dependants: members, familySize: 1 + members },
    salary: salaryOf(move.form_values),
    details,
    detailsUpdatedAt: stored?.updatedAt ?? null,
    indices: { home, host },
    rates: rateTable,
  };
}
