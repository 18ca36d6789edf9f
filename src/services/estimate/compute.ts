/**
 * The one place the service layer calls the pure estimate engine: maps what source.ts read and
 * the version's settings onto the engine's inputs, and the engine's results onto the contract's
 * view (ZCostEstimateView) and balance sheet.
 */
import { balanceSheetInputFromEstimate, computeBalanceSheet } from "../../domain/estimate/balance-sheet.ts";
import { estimateYears, yearLabels } from "../../domain/estimate/rules.ts";
import { computeEstimate, type EstimateInput } from "../../domain/estimate/engine.ts";
import type { TBalanceSheetView, TCostEstimateView } from "../../domain/estimate/schemas.ts";
import { RATE_FREQUENCIES, type RateFrequency } from "../../domain/policy/catalogue.ts";
import { taxSystemFor } from "../../domain/tax/index.ts";
import { airShipmentKg, householdVolumeM3 } from "../../domain/estimate/quantities.ts";
import type { Computed, EstimateSettings } from "./types.ts";
import type { EstimateSource } from "./source.ts";

const frequencyOf = (f: string | null): RateFrequency | null => (RATE_FREQUENCIES as readonly string[]).includes(f ?? "") ? (f as RateFrequency) : null;

export type ComputeMeta = { costEstimateId: number; versionNumber: number; current: boolean; createdAt: string; createdBy: string | null };

/** The engine's input for a move and a version's settings. */
export function engineInputOf(source: EstimateSource, settings: EstimateSettings): EstimateInput {
  const { move, details } = source;
  const overrides = new Map(settings.overrides.map((o) => [`${o.stageId}:${o.serviceCode}`, o]));
  // The move date picks each table's tax year (the assignment start when there is no move date; today when neither).
  const on = move.move_date ?? move.assignment_start_date ?? null;
  const home = taxSystemFor({ countryCode: details.home.countryCode ?? move.origin_country_code ?? "", region: details.home.region, on });
  const host = taxSystemFor({ countryCode: details.host.countryCode ?? move.destination_country_code ?? "", region: details.host.region, on });
  const index = (i: EstimateSource["indices"]["home"]) => (i ? { colIndex: i.colIndex, housingIndex: i.housingIndex, monthlyRent: { amount: i.monthlyRent, currency: i.currency } } : null);
  return {
    type: settings.type,
    years: settings.years,
    startDate: move.assignment_start_date ?? move.move_date,
    endDate: settings.endDate ?? move.assignment_end_date,
    moveStageCount: source.policy.moveStagesCount,
    family: source.family,
    salary: settings.annualSalary,
    origin: { countryCode: details.home.countryCode ?? move.origin_country_code, region: details.home.region, currency: home?.currency ?? null },
    destination: { countryCode: details.host.countryCode ?? move.destination_country_code, region: details.host.region, currency: host?.currency ?? null },
    displayCurrency: settings.displayCurrency,
    secondaryDisplayCurrency: settings.secondaryDisplayCurrency,
    exchangeRate: source.rates.rateOf,
    services: source.services.map((s) => {
      const o = overrides.get(`${s.stageId}:${s.serviceCode}`);
      return {
        stageId: s.stageId,
        serviceCode: s.serviceCode,
        name: s.name,
        policyType: s.policyType,
        currency: s.currency,
        budget: s.budgetAmount !== null && s.currency ? { amount: s.budgetAmount, currency: s.currency } : null,
        // A budget group's budget is the amount per year (ongoing services) or in all; the service's
        // payment frequency applies to its own amount, its rates and its formulas.
        rateFrequency: s.budgetFromGroup && s.formulas.length === 0 ? "ANNUAL" : frequencyOf(s.rateFrequency),
        benefitOptionName: s.benefitOption,
        metadata: s.formulas.map((f) => ({ name: f.label, formula: f.formula, adjustmentFormula: f.adjustmentFormula })),
        destinationRates: s.rates
          .filter((r) => frequencyOf(r.frequency))
          .map((r) => ({ description: r.description || r.city, amount: { amount: r.amount, currency: r.currency }, frequency: frequencyOf(r.frequency)! })),
        override: o && o.amount !== null ? { amount: o.amount, currency: o.currency } : null,
        taxability: o?.taxability ?? null,
      };
    }),
    customItems: settings.customItems.map((c) => ({ serviceName: c.serviceName, amount: { amount: c.amount, currency: c.currency }, taxability: c.taxability })),
    tax: {
      method: settings.taxMethod,
      category: settings.taxCategory,
      rateOverride: settings.taxRateOverride,
      marginalRateOverride: settings.type === "ADVANCED" ? details.marginalTaxRate : null,
      profile: { filingStatus: details.filingStatus, dependants: details.host.numberOfDependants, familySize: details.host.familySize },
      home,
      host,
      taxYearOverrides: settings.taxYearOverrides,
    },
    cityIndices: { home: index(source.indices.home), host: index(source.indices.host) },
    hostDailyRate: source.hostDailyRate,
    quantities: {
      ...(source.distanceKm !== null ? { distanceKm: source.distanceKm } : {}),
      volumeM3: householdVolumeM3(source.family.familySize),
      weightKg: airShipmentKg(source.family.familySize),
    },
    excludeCompensation: source.policy.excludeCompensation,
    balanceSheetEnabled: source.policy.balanceSheetEnabled && settings.type === "ADVANCED",
  };
}

/** Computes the view and (advanced estimates with a balance sheet) the balance sheet. */
export function computeFor(source: EstimateSource, settings: EstimateSettings, meta: ComputeMeta): Computed {
  const { move } = source;
  const input = engineInputOf(source, settings);
  let balanceSheet: TBalanceSheetView | null = null;
  const sheetInput = input.balanceSheetEnabled
    ? balanceSheetInputFromEstimate(input, {
        years: estimateYears(input.type, input.years, input.startDate, input.endDate),
        yearLabels: yearLabels(input.type, estimateYears(input.type, input.years, input.startDate, input.endDate), input.startDate, input.destination.countryCode),
        currencyType: source.policy.balanceSheetCurrencyType === "HOST" ? "HOST" : "HOME",
        taxPosition: source.details.host.taxPosition,
        indexSource: source.indices.host?.source ?? source.indices.home?.source ?? "NONE",
      })
    : null;
  if (sheetInput) {
    const sheet = computeBalanceSheet(sheetInput);
    balanceSheet = { ...sheet, costEstimateId: meta.costEstimateId };
    input.balanceSheet = sheet;
  }
  const result = computeEstimate(input);
  const employeeName = `${move.employee_first_name} ${move.employee_last_name}`.trim();
  const view: TCostEstimateView = {
    ...result,
    costEstimateId: meta.costEstimateId,
    employeeId: move.employee_user_id,
    moveId: move.id,
    group: move.group_name,
    versionNumber: meta.versionNumber,
    current: meta.current,
    billingUsageMessage: null,
    annualSalaryAmount: settings.annualSalary?.amount ?? null,
    annualSalaryCurrency: settings.annualSalary?.currency ?? null,
    endDate: settings.endDate,
    employeeInformation: {
      employeeId: move.employee_user_id,
      employeeName,
      employeeEmail: move.employee_email,
      policyName: move.policy_name,
      originName: source.places.origin,
      destinationName: source.places.destination,
      estimatedMoveStartDate: move.assignment_start_date ?? move.move_date,
      estimatedMoveEndDate: settings.endDate ?? move.assignment_end_date,
      isApproved: settings.approval.isApproved,
      approverName: settings.approval.approverName,
      approverEmail: settings.approval.approverEmail,
      approvalDate: settings.approval.approvalDate,
    },
    balanceSheetNeedsRecalculation: false,
    createdAt: meta.createdAt,
    createdBy: meta.createdBy,
  };
  // The estimate's own currencies first, then every other currency with an exchange rate.
  view.displayCurrencies = [...new Set([...result.displayCurrencies, ...source.rates.currencies])];
  return { view, balanceSheet };
}
