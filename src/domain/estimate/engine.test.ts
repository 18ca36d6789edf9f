import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { RateFrequency } from "../policy/catalogue.ts";
import { computeBalanceSheet } from "./balance-sheet.ts";
import { calculateTax, computeEstimate, ENGINE_TEXTS, frequencyOfLineName, periodsPerYear, type EstimateComputation, type EstimateInput } from "./engine.ts";
import { taxSystemFor } from "../tax/index.ts";
import { ZBalanceSheetView, ZCostEstimateView, type TEstimateItem } from "./schemas.ts";
import {
  basicInput,
  bracketTaxSystem,
  flatTaxSystem,
  sampleAdvancedInput,
  sampleBalanceSheetInput,
  service,
} from "./testing.ts";

const usd = (major: number) => ({ amount: Math.round(major * 100), currency: "USD" });
const gbp = (major: number) => ({ amount: Math.round(major * 100), currency: "GBP" });
const items = (r: EstimateComputation) => r.sections.flatMap((s) => s.items);
const item = (r: EstimateComputation, identifier: string): TEstimateItem => {
  const found = items(r).find((i) => i.identifier === identifier);
  if (!found) throw new Error(`no item ${identifier}`);
  return found;
};
/** One column, display USD, no tax system. */
const oneYear = (partial: Partial<EstimateInput> = {}) => basicInput({ type: "ADVANCED", years: 1, ...partial });
const noTax: EstimateInput["tax"] = { method: "SUPPLEMENTAL", category: "NON_TAXABLE", rateOverride: null, marginalRateOverride: null, profile: {}, home: null, host: null, taxYearOverrides: [] };

describe("amounts: formula, budget, rate, nothing", () => {
  test("a metadata formula in the service currency, with its working and the conversion", () => {
    const r = computeEstimate(
      oneYear({
        services: [service({ serviceCode: "IMMIGRATION", currency: "GBP", benefitOptionName: "Employee and family", metadata: [{ name: "Fees", formula: "1500 + dependants * 600", adjustmentFormula: null }] })],
      }),
    );
    const it = item(r, "svc:1:IMMIGRATION");
    // 1500 + 2 × 600 = GBP 2,700.00; at 1.2500 = USD 3,375.00
    expect(it.currency).toBe("GBP");
    expect(it.amount).toBe(270_000);
    expect(it.originalAmount).toBe(270_000);
    expect(it.amountPerYear).toEqual([337_500]);
    expect(it.benefits).toEqual(["Employee and family"]);
    expect(it.working).toEqual([
      { label: "Fees", formula: "1500 + dependants * 600", inputs: { dependants: 2 }, result: "2700.00", currency: "GBP" },
      { label: "In USD", formula: "amount × exchangeRate", inputs: { amount: 2700, exchangeRate: 1.25 }, result: "3375.00", currency: "USD" },
    ]);
    expect(r.exchangeRates).toEqual([{ from: "GBP", to: "USD", rate: "1.2500" }]);
  });

  test("the working reads as money and plain numbers, never float noise (issue 13: USD 22191.600000000002)", () => {
    const r = computeEstimate(
      oneYear({
        services: [service({ serviceCode: "IMMIGRATION", currency: "USD", metadata: [{ name: "Fees", formula: "3000 * 1.1", adjustmentFormula: "0.1 + 0.2" }] })],
      }),
    );
    expect(3000 * 1.1).toBe(3300.0000000000005);
    const it = item(r, "svc:1:IMMIGRATION");
    expect(it.working.map((w) => [w.label, w.result])).toEqual([
      ["Fees", "3300.00"],
      ["Adjustment factor", "0.3"],
      ["Amount", "990.00"],
    ]);
    expect(it.working[2]!.inputs).toEqual({ value: 3300, factor: 0.3 });
  });

  test("quantity lines feed the cost line; the adjustment factor multiplies; destination rates are inputs", () => {
    const r = computeEstimate(
      oneYear({
        family: { familySize: 5, adults: 2, children: 3, dependants: 4 },
        quantities: { distanceKm: 1000 },
        services: [
          service({
            serviceCode: "REMOVALS",
            currency: "USD",
            metadata: [
              { name: "Volume (m³)", formula: "33", adjustmentFormula: null },
              { name: "Cost", formula: "1800 + min(volumeM3, 33) * 45 + distanceKm * 0.35", adjustmentFormula: "familySize > 4 ? 1.1 : 1" },
            ],
          }),
          service({
            serviceCode: "TEMPACCOMMODATION",
            currency: "GBP",
            metadata: [
              { name: "Nights", formula: "30", adjustmentFormula: null },
              { name: "Nightly cost", formula: "hostDailyRate", adjustmentFormula: "familySize > 2 ? 1.25 : 1" },
            ],
            destinationRates: [{ description: "Hotel", amount: gbp(180), frequency: "DAILY" }],
          }),
        ],
      }),
    );
    // (1800 + 33 × 45 + 1000 × 0.35) × 1.1 = 3635 × 1.1 = 3998.50
    const removals = item(r, "svc:1:REMOVALS");
    expect(removals.amount).toBe(399_850);
    expect(removals.working.map((w) => [w.label, w.result])).toEqual([
      ["Volume (m³)", "33"],
      ["Cost", "3635.00"],
      ["Adjustment factor", "1.1"],
      ["Amount", "3998.50"],
    ]);
    expect(removals.working[1]!.inputs).toEqual({ volumeM3: 33, distanceKm: 1000 });
    // nightly 180 × 1.25 = 225, for the option's 30 nights = GBP 6,750.00
    const hotel = item(r, "svc:1:TEMPACCOMMODATION");
    expect(hotel.amount).toBe(675_000);
    expect(hotel.working.find((w) => w.label === "For 30 nights")?.result).toBe("6750.00");
  });

  test("a formula that cannot be evaluated falls back to the budget with a warning", () => {
    const r = computeEstimate(
      oneYear({
        services: [service({ serviceCode: "TEMPACCOMMODATION", budget: usd(4000), metadata: [{ name: "Total cost", formula: "hostDailyRate * 30", adjustmentFormula: null }] })],
      }),
    );
    const it = item(r, "svc:1:TEMPACCOMMODATION");
    expect(it.amount).toBe(400_000);
    expect(it.feedbackStatus).toBe("WARNING");
    expect(it.estimateResultStatusMessage).toContain('The formula "Total cost" could not be evaluated');
    expect(it.estimateResultStatusMessage).toContain(ENGINE_TEXTS.usedBudget);
    expect(it.working).toContainEqual({ label: "Budget", formula: null, inputs: {}, result: "4000.00", currency: "USD" });
  });

  test("budget, then a destination rate, then 0 with a warning; types 4 and 5 are skipped", () => {
    const r = computeEstimate(
      oneYear({
        services: [
          service({ serviceCode: "STORAGE", budget: usd(2400) }),
          service({ serviceCode: "SERVICEDAPARTMENT", stageId: 2, destinationRates: [{ description: "Parking", amount: gbp(250), frequency: "MONTHLY" }] }),
          service({ serviceCode: "SETTLINGIN" }),
          service({ serviceCode: "CITYGUIDE", policyType: 4, budget: usd(100) }),
          service({ serviceCode: "MOVEHUB", policyType: 5, budget: usd(100) }),
        ],
      }),
    );
    expect(item(r, "svc:1:STORAGE").amount).toBe(240_000);
    expect(item(r, "svc:2:SERVICEDAPARTMENT").amount).toBe(250 * 12 * 100); // GBP 250 a month × 12
    const none = item(r, "svc:1:SETTLINGIN");
    expect([none.amount, none.feedbackStatus, none.estimateResultStatusMessage]).toEqual([0, "WARNING", ENGINE_TEXTS.noAmount]);
    expect(items(r).some((i) => i.serviceCode === "CITYGUIDE" || i.serviceCode === "MOVEHUB")).toBe(false);
  });
});

describe("placement and frequency", () => {
  // basicInput: LTA 2026-01-01 → 2027-06-30 (546 days) → 2 columns
  test("stage 1 in year 1, stage 2 every year, stage 3 in the last year; custom items in year 1", () => {
    const r = computeEstimate(
      basicInput({
        tax: noTax,
        services: [
          service({ serviceCode: "TRAVEL", stageId: 1, budget: usd(100) }),
          service({ serviceCode: "EDUCATION", stageId: 2, budget: usd(100) }),
          service({ serviceCode: "REPATRIATION", stageId: 3, budget: usd(100) }),
        ],
        customItems: [{ serviceName: "Piano", amount: usd(100), taxability: "NON_TAXABLE" }],
      }),
    );
    expect(r.years).toBe(2);
    expect(r.yearLabels).toEqual(["Year 1", "Year 2"]);
    expect(item(r, "svc:1:TRAVEL").amountPerYear).toEqual([10_000, 0]);
    expect(item(r, "svc:2:EDUCATION").amountPerYear).toEqual([10_000, 10_000]);
    expect(item(r, "svc:2:EDUCATION").annualCost).toBe(true);
    expect(item(r, "svc:3:REPATRIATION").amountPerYear).toEqual([0, 10_000]);
    expect(item(r, "custom:0").amountPerYear).toEqual([10_000, 0]);
    expect(r.sections.map((s) => [s.key, s.name, s.excludedFromTotal])).toEqual([
      ["stage:1", "Pre-Departure", false],
      ["stage:2", "On Assignment", false],
      ["stage:3", "Repatriation", false],
      ["custom", "Custom items", false],
      ["tax", "Tax", true],
    ]);
    expect(r.totalPerYear).toEqual([30_000, 20_000]);
    expect(r.total).toBe(50_000);
  });

  test("two-stage policies name their stages Relocation and Ongoing", () => {
    const r = computeEstimate(basicInput({ tax: noTax, moveStageCount: 2, services: [service({ serviceCode: "TRAVEL", budget: usd(1) }), service({ serviceCode: "COLA", stageId: 2, budget: usd(1) })] }));
    expect(r.sections.slice(0, 2).map((s) => s.name)).toEqual(["Relocation", "Ongoing"]);
  });

  const frequencies: [RateFrequency | null, number[]][] = [
    ["DAILY", [100 * 365 * 100, 100 * 365 * 100]],
    ["WEEKLY", [100 * 52 * 100, 100 * 52 * 100]],
    ["MONTHLY", [100 * 12 * 100, 100 * 12 * 100]],
    ["ANNUAL", [100 * 100, 100 * 100]],
    [null, [100 * 100, 100 * 100]],
    ["ONE_OFF", [100 * 100, 0]],
  ];
  for (const [frequency, perYear] of frequencies) {
    test(`a stage-2 budget of USD 100 ${frequency ?? "without frequency"} gives ${perYear.map((x) => x / 100).join(" / ")} a year`, () => {
      const r = computeEstimate(basicInput({ tax: noTax, services: [service({ serviceCode: "COLA", stageId: 2, budget: usd(100), rateFrequency: frequency })] }));
      const it = item(r, "svc:2:COLA");
      expect(it.amountPerYear).toEqual(perYear);
      expect(it.annualCost).toBe(frequency !== "ONE_OFF");
      expect(it.amount).toBe(perYear[0]!);
    });
  }

  test("a formula line's name states its frequency; annual items see one year as their duration", () => {
    expect([frequencyOfLineName("Monthly amount"), frequencyOfLineName("Annual cost"), frequencyOfLineName("Nightly cost"), frequencyOfLineName("Cost")]).toEqual([
      "MONTHLY",
      "ANNUAL",
      "DAILY",
      null,
    ]);
    expect([periodsPerYear("DAILY"), periodsPerYear("WEEKLY"), periodsPerYear("MONTHLY"), periodsPerYear("ANNUAL"), periodsPerYear("ONE_OFF"), periodsPerYear(null)]).toEqual([365, 52, 12, 1, 1, 1]);
    const r = computeEstimate(
      basicInput({
        tax: noTax,
        salary: usd(120_000),
        cityIndices: { home: { colIndex: "100", housingIndex: "100", monthlyRent: usd(2000) }, host: { colIndex: "110", housingIndex: "150", monthlyRent: gbp(2400) } },
        services: [
          service({ serviceCode: "COLA", stageId: 2, currency: "USD", metadata: [{ name: "Monthly amount", formula: "round(salary / 12 * max(colIndex - 1, 0))", adjustmentFormula: null }] }),
          service({ serviceCode: "HOMELEAVE", stageId: 2, currency: "USD", metadata: [{ name: "Cost", formula: "familySize * 1200 * years", adjustmentFormula: null }] }),
          service({ serviceCode: "HOUSINGALLOWANCE", stageId: 2, currency: "GBP", metadata: [{ name: "Monthly amount", formula: "max(hostMonthlyRent - homeMonthlyRent, 0)", adjustmentFormula: null }] }),
        ],
      }),
    );
    // round(120000 / 12 × 0.1) = 1000 a month → 12,000 a year
    expect(item(r, "svc:2:COLA").amountPerYear).toEqual([1_200_000, 1_200_000]);
    // 3 × 1200 × 1 year
    expect(item(r, "svc:2:HOMELEAVE").amountPerYear).toEqual([360_000, 360_000]);
    // host GBP 2,400 − home USD 2,000 (= GBP 1,600) = GBP 800 a month → GBP 9,600 a year
    const housing = item(r, "svc:2:HOUSINGALLOWANCE");
    expect(housing.amount).toBe(960_000);
    expect(housing.working.map((w) => w.label)).toEqual(["Monthly amount", "Per year (monthly × 12)", "In USD"]);
  });
});

describe("overrides and custom items", () => {
  test("an override replaces the computed amount and keeps it as originalAmount", () => {
    const r = computeEstimate(
      oneYear({
        tax: noTax,
        services: [
          service({ serviceCode: "STORAGE", budget: usd(1000), override: usd(1500) }),
          service({ serviceCode: "TRAVEL", budget: usd(1000), override: gbp(900) }),
          service({ serviceCode: "COLA", stageId: 2, budget: usd(100), rateFrequency: "MONTHLY", override: usd(1000) }),
        ],
      }),
    );
    const storage = item(r, "svc:1:STORAGE");
    expect([storage.amount, storage.originalAmount, storage.overridden, storage.amountPerYear]).toEqual([150_000, 100_000, true, [150_000]]);
    expect(storage.working.at(-1)).toEqual({ label: "Override", formula: null, inputs: { originalAmount: 1000 }, result: "1500.00", currency: "USD" });
    // an override in another currency: the original converted to it (USD 1,000 at 0.8 = GBP 800)
    const travel = item(r, "svc:1:TRAVEL");
    expect([travel.currency, travel.amount, travel.originalAmount, travel.amountPerYear]).toEqual(["GBP", 90_000, 80_000, [112_500]]);
    // annual items are overridden per year
    expect(item(r, "svc:2:COLA").amountPerYear).toEqual([100_000]);
    expect(r.servicesEstimation.servicesEstimations.find((s) => s.serviceCode === "COLA")?.originalAmount).toBe(120_000);
  });

  test("issue 13 item 6: an entered amount clears the 'no amount' and failed-formula warnings; without one they stay", () => {
    const r = computeEstimate(
      oneYear({
        tax: noTax,
        services: [
          service({ serviceCode: "SETTLINGIN", override: usd(750) }),
          service({ serviceCode: "STORAGE", override: usd(0) }),
          service({ serviceCode: "TRAVEL" }),
        ],
      }),
    );
    const entered = item(r, "svc:1:SETTLINGIN");
    expect([entered.amount, entered.overridden, entered.feedbackStatus, entered.estimateResultStatusMessage]).toEqual([75_000, true, "INFO", null]);
    // An entered 0 is an amount too.
    const zero = item(r, "svc:1:STORAGE");
    expect([zero.amount, zero.overridden, zero.feedbackStatus, zero.estimateResultStatusMessage]).toEqual([0, true, "INFO", null]);
    const none = item(r, "svc:1:TRAVEL");
    expect([none.feedbackStatus, none.estimateResultStatusMessage]).toEqual(["WARNING", ENGINE_TEXTS.noAmount]);
  });

  test("a custom item without a taxability is MAYBE: taxed as taxable and flagged INFO", () => {
    const r = computeEstimate(
      oneYear({
        tax: { ...noTax, category: "SUPPLEMENTAL", host: flatTaxSystem("0.3", "GBP") },
        customItems: [{ serviceName: "Pet relocation", amount: usd(1000), taxability: null }],
      }),
    );
    const it = item(r, "custom:0");
    expect([it.taxability, it.feedbackStatus, it.estimateResultStatusMessage, it.originalAmount, it.custom]).toEqual([
      "MAYBE",
      "INFO",
      ENGINE_TEXTS.maybeTaxable,
      null,
      true,
    ]);
    expect(it.taxAmount).toBe(30_000);
    expect(r.showTaxCalcPrompt).toBe(true);
    expect(r.servicesEstimation.customServicesEstimations).toEqual([
      { identifier: "custom:0", serviceName: "Pet relocation", currency: "USD", amount: 100_000, taxability: "MAYBE", taxAmount: 30_000, total: 130_000 },
    ]);
  });
});

describe("tax methods (hand-computed)", () => {
  const lump = service({ serviceCode: "LUMPSUM", budget: usd(1000) }); // TAXABLE
  const visa = service({ serviceCode: "IMMIGRATION", budget: usd(500) }); // NON_TAXABLE
  const tax = (partial: Partial<EstimateInput["tax"]>): EstimateInput["tax"] => ({ ...noTax, category: "MARGINAL", ...partial });
  // host: 10% to GBP 50,000, 30% above; salary USD 100,000 = GBP 80,000
  const host = bracketTaxSystem(
    [
      [0, "0.1"],
      [5_000_000, "0.3"],
    ],
    "GBP",
    { supplementalRate: "0.22" },
  );

  test("SUPPLEMENTAL: amount × the host's supplemental rate; non-taxable items pay none", () => {
    const r = computeEstimate(oneYear({ salary: usd(100_000), services: [lump, visa], tax: tax({ method: "SUPPLEMENTAL", category: "SUPPLEMENTAL", host }) }));
    expect(item(r, "svc:1:LUMPSUM").taxAmount).toBe(22_000); // 1000 × 22%
    expect(item(r, "svc:1:LUMPSUM").totalPerYear).toEqual([122_000]);
    expect(item(r, "svc:1:IMMIGRATION").taxAmount).toBe(0);
    expect(r.taxRate).toBe(22);
    expect(item(r, "svc:1:LUMPSUM").working.at(-1)).toEqual({
      label: "Tax at 22% (supplemental rate, Test table brackets)",
      formula: "amount × taxRate",
      inputs: { amount: 1000, taxRate: 0.22 },
      result: "220.00",
      currency: "USD",
    });
    expect(r.totalPerYear).toEqual([172_000]);
    const taxSection = r.sections.find((s) => s.key === "tax")!;
    expect([taxSection.excludedFromTotal, taxSection.totalPerYear]).toEqual([true, [22_000]]);
  });

  test("MARGINAL: the marginal rate at the salary; the entered marginal rate; EFFECTIVE", () => {
    const marginal = computeEstimate(oneYear({ salary: usd(100_000), services: [lump], tax: tax({ method: "MARGINAL", host }) }));
    expect(item(marginal, "svc:1:LUMPSUM").taxAmount).toBe(30_000); // 30% at GBP 80,000
    expect(marginal.taxRate).toBe(30);
    const entered = computeEstimate(oneYear({ salary: usd(100_000), services: [lump], tax: tax({ method: "MARGINAL", marginalRateOverride: 35, host }) }));
    expect(item(entered, "svc:1:LUMPSUM").taxAmount).toBe(35_000);
    // effective at GBP 80,000: (5,000 + 9,000) / 80,000 = 17.5% → 18%
    const effective = computeEstimate(oneYear({ salary: usd(100_000), services: [lump], tax: tax({ method: "MARGINAL", category: "EFFECTIVE", host }) }));
    expect([effective.taxRate, item(effective, "svc:1:LUMPSUM").taxAmount]).toEqual([18, 18_000]);
    // no salary: the supplemental rate
    expect(computeEstimate(oneYear({ services: [lump], tax: tax({ method: "MARGINAL", host }) })).taxRate).toBe(22);
  });

  test("MARGINAL: the rate over the benefits, not the point slope, when they cross a bracket", () => {
    // salary USD 60,000 = GBP 48,000 (10% bracket to 50,000); benefit USD 5,000 = GBP 4,000:
    // 2,000 × 10% + 2,000 × 30% = 800 → 20% over the benefit (the point slope at the salary is 10%)
    const big = service({ serviceCode: "LUMPSUM", budget: usd(5000) });
    const r = computeEstimate(oneYear({ salary: usd(60_000), services: [big], tax: tax({ method: "MARGINAL", host }) }));
    expect([r.taxRate, item(r, "svc:1:LUMPSUM").taxAmount]).toEqual([20, 100_000]);
  });

  describe("India, issue 13: the s.87A marginal relief zone (point slope 104%)", () => {
    // Finance Act 2025 (FY 2025-26): salary 12,80,000 → taxable 12,05,000, tax after marginal relief
    // 5,000 + cess = 5,200; with a 1,00,000 benefit, taxable 13,05,000 → 75,750 + cess = 78,780:
    // 73,580 over the benefit (73.58%, shown and applied as the whole percent 74, part 1 §9).
    const india = taxSystemFor({ countryCode: "IN", on: "2025-09-01" })!;
    const inr = (major: number) => ({ amount: major * 100, currency: "INR" });
    const benefit = service({ serviceCode: "LUMPSUM", budget: inr(100_000) });
    const run = (t: Partial<EstimateInput["tax"]>) =>
      computeEstimate(oneYear({ displayCurrency: "INR", salary: inr(1_280_000), services: [benefit], tax: tax(t) }));

    test("MARGINAL and SUPPLEMENTAL: 74%, not 104%", () => {
      for (const method of ["MARGINAL", "SUPPLEMENTAL"] as const) {
        const r = run({ method, category: method, host: india });
        expect([method, r.taxRate, item(r, "svc:1:LUMPSUM").taxAmount]).toEqual([method, 74, 74_000_00]);
      }
    });

    test("GROSS_UP on the host: progressive, 87,180.09 (see gross-up.test.ts)", () => {
      const r = run({ method: "GROSS_UP", host: india });
      expect(item(r, "svc:1:LUMPSUM").taxAmount).toBe(87_180_09);
    });

    test("GROSS_UP fallback (home system only): no error; flat at tax / gross of the progressive gross-up", () => {
      // 87,180.09 / 1,87,180.09 = 46.58% → 47%; 1,00,000 / 0.53 = 1,88,679.25 → tax 88,679.25
      const r = run({ method: "GROSS_UP", home: india });
      expect([r.taxRate, item(r, "svc:1:LUMPSUM").taxAmount]).toEqual([47, 88_679_25]);
    });
  });

  test("GROSS_UP with a flat rate: net / (1 − rate)", () => {
    const r = computeEstimate(oneYear({ services: [lump], tax: tax({ method: "GROSS_UP", host: flatTaxSystem("0.25", "GBP") }) }));
    // 1000 / 0.75 = 1333.33 → tax 333.33
    expect(item(r, "svc:1:LUMPSUM").taxAmount).toBe(33_333);
    expect(r.taxRate).toBe(25);
  });

  test("GROSS_UP progressive: the year's benefits stacked on the salary, the tax shared pro rata", () => {
    // host in USD: 10% to 100,000, 50% above; salary 90,000; benefits 6,000 + 4,000 = 10,000 net.
    // Gross G with G − (T(90,000 + G) − 9,000) = 10,000: above 10,000 the kept part is 0.5 G + 4,000 → G = 12,000, tax 2,000,
    // shared 6:4 → 1,200 and 800.
    const usHost = bracketTaxSystem(
      [
        [0, "0.1"],
        [10_000_000, "0.5"],
      ],
      "USD",
    );
    const r = computeEstimate(
      oneYear({
        salary: usd(90_000),
        destination: { countryCode: "US", currency: "USD" },
        services: [service({ serviceCode: "LUMPSUM", budget: usd(6000) }), service({ serviceCode: "HOMESALE", budget: usd(4000) })],
        tax: tax({ method: "GROSS_UP", host: usHost }),
      }),
    );
    expect(item(r, "svc:1:LUMPSUM").taxPerYear).toEqual([120_000]);
    expect(item(r, "svc:1:HOMESALE").taxPerYear).toEqual([80_000]);
    expect(item(r, "svc:1:LUMPSUM").taxAmount).toBe(120_000);
    expect(r.taxRate).toBe(17); // 2,000 / 12,000
    const w = item(r, "svc:1:LUMPSUM").working.at(-1)!;
    expect(w.inputs).toEqual({ salary: 90_000, benefits: 10_000, grossedUp: 12_000, tax: 2_000, amount: 6_000 });
  });

  test("a manual whole-percent rate replaces every method's rate", () => {
    const supplemental = computeEstimate(oneYear({ salary: usd(100_000), services: [lump], tax: tax({ method: "SUPPLEMENTAL", rateOverride: 40, host }) }));
    expect([item(supplemental, "svc:1:LUMPSUM").taxAmount, supplemental.taxRate, supplemental.manualTax, supplemental.taxRateOverride]).toEqual([40_000, 40, true, 40]);
    const grossUp = computeEstimate(oneYear({ salary: usd(100_000), services: [lump], tax: tax({ method: "GROSS_UP", rateOverride: 40, host }) }));
    expect(item(grossUp, "svc:1:LUMPSUM").taxAmount).toBe(66_667); // 1000 / 0.6 = 1666.67
    // without any tax table too, and no calculation prompt then
    const noTable = computeEstimate(oneYear({ services: [lump], tax: tax({ method: "SUPPLEMENTAL", rateOverride: 10 }) }));
    expect([item(noTable, "svc:1:LUMPSUM").taxAmount, noTable.showTaxCalcPrompt]).toEqual([10_000, false]);
  });

  test("no tax table for the host: no tax and the calculation prompt; category NON_TAXABLE: no tax", () => {
    const r = computeEstimate(oneYear({ services: [lump], tax: tax({ method: "MARGINAL" }) }));
    expect([item(r, "svc:1:LUMPSUM").taxAmount, r.taxRate, r.showTaxCalcPrompt]).toEqual([0, 0, true]);
    const nt = computeEstimate(oneYear({ services: [lump], tax: tax({ method: "MARGINAL", category: "NON_TAXABLE", host }) }));
    expect([item(nt, "svc:1:LUMPSUM").taxAmount, nt.showTaxCalcPrompt]).toEqual([0, false]);
  });

  test("tax on an item in another currency is computed in it and converted", () => {
    const r = computeEstimate(oneYear({ services: [service({ serviceCode: "LUMPSUM", budget: gbp(1000.01) })], tax: tax({ method: "SUPPLEMENTAL", rateOverride: 20 }) }));
    const it = item(r, "svc:1:LUMPSUM");
    // GBP 1,000.01 × 1.25 = 1250.0125 → USD 1,250.01; tax GBP 200.00 (200.002) → USD 250.00
    expect([it.amount, it.taxAmount, it.amountPerYear, it.taxPerYear]).toEqual([100_001, 20_000, [125_001], [25_000]]);
    expect(it.working.map((w) => w.label)).toEqual(["Budget", "In USD", "Tax at 20% (manual rate)", "Tax in USD"]);
  });

  test("STA: an entered tax-year total replaces the column's tax, shared by largest remainder", () => {
    const r = computeEstimate(
      basicInput({
        type: "STA",
        startDate: "2026-05-01",
        endDate: "2027-09-30",
        destination: { countryCode: "GB", currency: "GBP" },
        services: [service({ serviceCode: "COLA", stageId: 2, budget: usd(1000) }), service({ serviceCode: "EDUCATION", stageId: 2, budget: usd(2000) })],
        tax: tax({ method: "SUPPLEMENTAL", rateOverride: 10, taxYearOverrides: [{ yearIndex: 1, amount: 100_001 }] }),
      }),
    );
    expect(r.yearLabels).toEqual(["2026/27", "2027/28"]);
    expect(item(r, "svc:2:COLA").taxPerYear).toEqual([10_000, 33_334]);
    expect(item(r, "svc:2:EDUCATION").taxPerYear).toEqual([20_000, 66_667]);
    expect(r.manualTax).toBe(true);
  });
});

describe("totals", () => {
  test("each column rounds to whole display units (1234.50 → 1235); the total is their sum", () => {
    const r = computeEstimate(oneYear({ tax: noTax, customItems: [{ serviceName: "A", amount: usd(1234.5), taxability: "NON_TAXABLE" }] }));
    expect(r.totalPerYear).toEqual([123_500]);
    expect(r.total).toBe(123_500);
    expect(r.servicesEstimation.totalEstimateAfterOverrides).toBe(123_500);
    const down = computeEstimate(oneYear({ tax: noTax, customItems: [{ serviceName: "A", amount: usd(1234.49), taxability: "NON_TAXABLE" }] }));
    expect(down.total).toBe(123_400);
    // the section keeps the exact amount
    expect(r.sections.find((s) => s.key === "custom")?.total).toBe(123_450);
  });

  test("the secondary display currency converts each column at 4 decimals to whole units", () => {
    const r = computeEstimate(oneYear({ tax: noTax, secondaryDisplayCurrency: "EUR", customItems: [{ serviceName: "A", amount: usd(1234.5), taxability: "NON_TAXABLE" }] }));
    // USD 1,235 × 0.9000 = 1111.5 → EUR 1,112
    expect([r.secondaryDisplayCurrency, r.secondaryTotalPerYear, r.secondaryTotal]).toEqual(["EUR", [111_200], 111_200]);
    expect(r.exchangeRates).toContainEqual({ from: "USD", to: "EUR", rate: "0.9000" });
    expect(computeEstimate(oneYear({ tax: noTax })).secondaryTotalPerYear).toBeNull();
  });

  test("compensation is shown but never counted; excluded when the policy says so", () => {
    const input = oneYear({ tax: noTax, salary: gbp(80_000), customItems: [{ serviceName: "A", amount: usd(10), taxability: "NON_TAXABLE" }] });
    const r = computeEstimate(input);
    const comp = r.sections.find((s) => s.key === "compensation")!;
    expect([comp.excludedFromTotal, comp.items[0]!.amountPerYear]).toEqual([true, [10_000_000]]);
    expect(r.total).toBe(1_000);
    expect(computeEstimate({ ...input, excludeCompensation: true }).sections.some((s) => s.key === "compensation")).toBe(false);
  });
});

describe("gross-up identity (fast-check)", () => {
  test("flat: taxing the grossed-up amount at the rate leaves the net to the cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 80 }), (net, pct) => {
        const r = computeEstimate(oneYear({ tax: { ...noTax, category: "MARGINAL", method: "GROSS_UP", rateOverride: pct }, customItems: [{ serviceName: "A", amount: { amount: net, currency: "USD" }, taxability: "TAXABLE" }] }));
        const tax = item(r, "custom:0").taxAmount;
        const gross = net + tax;
        const taxOnGross = flatTaxSystem(String(pct / 100), "USD").tax(gross).total;
        expect(gross - taxOnGross).toBe(net);
      }),
      { numRuns: 60 },
    );
  });

  test("progressive: the extra tax on salary + gross is the gross-up, to the cent, and the shares sum to it", () => {
    const host = bracketTaxSystem(
      [
        [0, "0"],
        [1_000_000, "0.2"],
        [5_000_000, "0.4"],
        [15_000_000, "0.45"],
      ],
      "USD",
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 4 }),
        (salary, amounts) => {
          const r = computeEstimate(
            oneYear({
              salary: { amount: salary, currency: "USD" },
              destination: { countryCode: "US", currency: "USD" },
              tax: { ...noTax, category: "MARGINAL", method: "GROSS_UP", host },
              customItems: amounts.map((a, i) => ({ serviceName: `A${i}`, amount: { amount: a, currency: "USD" }, taxability: "TAXABLE" as const })),
            }),
          );
          const net = amounts.reduce((a, b) => a + b, 0);
          const tax = items(r).filter((i) => i.custom).reduce((a, i) => a + i.taxPerYear[0]!, 0);
          const gross = net + tax;
          expect(host.tax(salary + gross).total - host.tax(salary).total).toBe(tax);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("calculateTax (POST basic-ce/calculate-tax)", () => {
  test("recomputes with the page's amounts, taxabilities and rate", () => {
    const input = oneYear({
      salary: usd(100_000),
      services: [service({ serviceCode: "LUMPSUM", budget: usd(1000) }), service({ serviceCode: "IMMIGRATION", budget: usd(500) })],
      tax: { ...noTax, category: "SUPPLEMENTAL", method: "SUPPLEMENTAL", host: flatTaxSystem("0.2", "GBP") },
    });
    const result = calculateTax(input, {
      services: [
        { serviceCode: "LUMPSUM", stageId: 1, amount: usd(2000), taxability: "TAXABLE" },
        { serviceCode: "IMMIGRATION", stageId: 1, amount: null, taxability: "TAXABLE" },
      ],
      customServices: [{ serviceName: "Boat", amount: usd(100), taxability: "NON_TAXABLE" }],
      taxRateOverride: 30,
    });
    expect(result).toEqual({
      servicesEstimations: [
        { identifier: "svc:1:LUMPSUM", taxAmount: 60_000, total: 260_000, currency: "USD" },
        { identifier: "svc:1:IMMIGRATION", taxAmount: 15_000, total: 65_000, currency: "USD" },
      ],
      customServicesEstimations: [{ identifier: "custom:0", taxAmount: 0, total: 10_000, currency: "USD" }],
      taxRate: 30,
      totalEstimateAfterOverrides: 335_000, // 2,600 + 650 + 100
    });
  });
});

describe("a 7-year advanced estimate with a balance sheet", () => {
  const input = sampleAdvancedInput();
  const sheet = computeBalanceSheet(sampleBalanceSheetInput(input));
  const r = computeEstimate({ ...input, balanceSheet: sheet });

  test("matches the contract's shapes", () => {
    const view = ZCostEstimateView.pick({
      type: true, years: true, yearLabels: true, sections: true, totalPerYear: true, total: true, displayCurrency: true, displayCurrencies: true,
      secondaryDisplayCurrency: true, secondaryTotalPerYear: true, secondaryTotal: true, exchangeRates: true, taxMethod: true, taxCategory: true,
      taxRate: true, manualTax: true, taxRateOverride: true, showTaxCalcPrompt: true, servicesEstimation: true, taxTables: true, balanceSheetEnabled: true,
    });
    expect(view.parse(r)).toEqual(r);
    expect(ZBalanceSheetView.omit({ costEstimateId: true }).parse(sheet)).toEqual(sheet);
  });

  test("columns, sections and totals add up exactly", () => {
    expect(r.years).toBe(7);
    expect(r.sections.map((s) => s.key)).toEqual(["stage:1", "stage:2", "stage:3", "custom", "compensation", "tax"]);
    expect(r.sections.find((s) => s.key === "stage:1")!.items.length).toBe(12); // CITYGUIDE (type 4) skipped
    let grand = 0;
    for (let y = 0; y < 7; y++) {
      let column = 0;
      for (const s of r.sections) {
        const sum = s.items.reduce((a, i) => a + i.totalPerYear[y]!, 0);
        expect(s.totalPerYear[y]).toBe(sum);
        if (!s.excludedFromTotal) column += sum;
      }
      expect(Math.abs(r.totalPerYear[y]! - column)).toBeLessThanOrEqual(50);
      expect(r.totalPerYear[y]! % 100).toBe(0);
      grand += r.totalPerYear[y]!;
    }
    expect(r.total).toBe(grand);
    // the tax section sums the items' tax
    const taxSection = r.sections.find((s) => s.key === "tax")!;
    for (let y = 0; y < 7; y++) {
      const itemsTax = r.sections.filter((s) => !s.excludedFromTotal).flatMap((s) => s.items).reduce((a, i) => a + i.taxPerYear[y]!, 0);
      expect(taxSection.totalPerYear[y]).toBe(itemsTax);
    }
    expect(r.secondaryTotalPerYear!.length).toBe(7);
  });

  test("stage 2 recurs, stage 3 falls in year 7, the balance sheet's allowances sit in Compensation", () => {
    expect(item(r, "svc:2:EDUCATION").amountPerYear.every((a) => a === 3_000_000)).toBe(true); // GBP 24,000 = USD 30,000
    expect(item(r, "svc:2:LANGUAGETRAINING").amountPerYear.slice(1).every((a) => a === 0)).toBe(true); // ONE_OFF
    expect(item(r, "svc:3:REMOVALS").amountPerYear).toEqual([0, 0, 0, 0, 0, 0, 900_000]);
    const comp = r.sections.find((s) => s.key === "compensation")!;
    expect(comp.items.map((i) => i.identifier)).toEqual(["comp:salary", "comp:costOfLivingAllowance", "comp:housingAllowance", "comp:taxEqualization"]);
    expect(r.taxMethod).toBe("GROSS_UP");
    expect(r.taxTables.map((t) => t.name)).toEqual(["Test table us-test", "Test table gb-test"]);
  });

  test("recomputing gives the same result", () => {
    expect(computeEstimate({ ...input, balanceSheet: sheet })).toEqual(r);
  });
});
