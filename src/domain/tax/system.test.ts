/** Jurisdictions, rates (marginal, effective, supplemental), taxRatePercent and validation. */
import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { FILING_STATUSES, listTaxTables, TAX_CATEGORIES, taxRatePercent, taxSystemFor } from "./index.ts";
import { systemOf } from "./test-helpers.ts";

/** A date inside every 2025 table's tax year (calendar 2025, GB/HK/IN 2025-26, AU 2025-26). */
const Y2025 = "2025-09-01";

describe("tax years: the date picks each table's year", () => {
  test("each jurisdiction's years do not overlap, and every table names its period", () => {
    const tables = listTaxTables();
    const byKey = new Map<string, typeof tables>();
    for (const t of tables) byKey.set(`${t.countryCode}-${t.region ?? ""}`, [...(byKey.get(`${t.countryCode}-${t.region ?? ""}`) ?? []), t]);
    for (const years of byKey.values()) {
      const sorted = [...years].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.periodStart > sorted[i - 1]!.periodEnd).toBe(true);
    }
  });

  test("a date inside a table's period picks it, without a note", () => {
    for (const table of listTaxTables()) {
      for (const on of [table.periodStart, table.periodEnd]) {
        const system = taxSystemFor({ countryCode: table.countryCode, region: table.region, on })!;
        const info = system.info.find((i) => i.region === table.region)!;
        expect({ on, id: info.id, note: info.note }).toEqual({ on, id: table.id, note: undefined });
      }
    }
  });

  test("past the newest table: the newest is used and its note says so", () => {
    for (const country of ["US", "GB", "DE", "JP", "IN", "AU"]) {
      const newest = listTaxTables()
        .filter((t) => t.countryCode === country && t.region === null)
        .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0]!;
      const system = taxSystemFor({ countryCode: country, on: "2099-06-30" })!;
      expect(system.info[0]!.id).toBe(newest.id);
      expect(system.info[0]!.note).toContain("newest table");
      expect(system.info[0]!.note).toContain("30 June 2099");
    }
  });

  test("before the oldest table: the oldest is used, with a note", () => {
    const system = taxSystemFor({ countryCode: "DE", on: "1999-01-01" })!;
    expect(system.info[0]!.note).toContain("1 January 1999");
  });

  test("a timestamp is read as its date; a malformed date is refused", () => {
    expect(taxSystemFor({ countryCode: "DE", on: "2025-09-01T10:00:00Z" })!.info[0]!.periodStart <= "2025-09-01").toBe(true);
    expect(() => taxSystemFor({ countryCode: "DE", on: "2025-13-45" })).toThrow(AppError);
    expect(() => taxSystemFor({ countryCode: "DE", on: "next year" })).toThrow(AppError);
  });
});

describe("taxSystemFor and listTaxTables", () => {
  test("unknown country → null", () => {
    expect(taxSystemFor({ countryCode: "ZZ" })).toBeNull();
    expect(taxSystemFor({ countryCode: "" })).toBeNull();
  });

  test("country + region tables, codes case-insensitive", () => {
    const system = taxSystemFor({ countryCode: "us", region: "ca", on: Y2025 });
    expect(system?.info.map((i) => i.id)).toEqual(["us-federal-2025", "us-ca-2025"]);
    expect(system?.currency).toBe("USD");
    expect(taxSystemFor({ countryCode: "CH", region: "ZH", on: Y2025 })?.info.map((i) => i.id)).toEqual(["ch-federal-2025", "ch-zh-2025"]);
    expect(taxSystemFor({ countryCode: "CA", region: "BC", on: Y2025 })?.info.map((i) => i.id)).toEqual(["ca-federal-2025", "ca-bc-2025"]);
  });

  test("a region without a table (or no region) gives the country table alone", () => {
    expect(taxSystemFor({ countryCode: "US", region: "OR", on: Y2025 })?.info.map((i) => i.id)).toEqual(["us-federal-2025"]);
    expect(taxSystemFor({ countryCode: "US", region: null, on: Y2025 })?.info.map((i) => i.id)).toEqual(["us-federal-2025"]);
    expect(taxSystemFor({ countryCode: "GB", region: "ENG", on: Y2025 })?.info.map((i) => i.id)).toEqual(["gb-2025-26"]);
  });

  test("every required jurisdiction has a table in its currency, with a year and a public source", () => {
    const currencies: Record<string, string> = {
      US: "USD", GB: "GBP", DE: "EUR", FR: "EUR", NL: "EUR", IE: "EUR", ES: "EUR", CH: "CHF", SG: "SGD",
      HK: "HKD", JP: "JPY", IN: "INR", AU: "AUD", CA: "CAD", AE: "AED",
    };
    const tables = listTaxTables();
    for (const [country, currency] of Object.entries(currencies)) {
      expect(taxSystemFor({ countryCode: country })?.currency).toBe(currency);
      expect(tables.filter((t) => t.countryCode === country).every((t) => t.currency === currency)).toBe(true);
    }
    const regions = tables.filter((t) => t.region !== null).map((t) => `${t.countryCode}-${t.region}`);
    expect([...new Set(regions)].sort()).toEqual(["CA-BC", "CA-ON", "CH-ZH", "US-CA", "US-FL", "US-IL", "US-MA", "US-NJ", "US-NY", "US-TX", "US-WA"]);
    expect(new Set(tables.map((t) => t.id)).size).toBe(tables.length);
    for (const table of tables) {
      expect(table.taxYear).toMatch(/20\d\d/);
      expect(table.periodStart < table.periodEnd).toBe(true);
      expect(table.source).toMatch(/https:\/\//);
      expect(table.countryCode).toMatch(/^[A-Z]{2}$/);
    }
  });

  test("FILING_STATUSES and TAX_CATEGORIES", () => {
    expect([...FILING_STATUSES]).toEqual(["SINGLE", "MARRIED_JOINT", "HEAD_OF_HOUSEHOLD"]);
    expect([...TAX_CATEGORIES]).toEqual(["MARGINAL", "SUPPLEMENTAL", "EFFECTIVE", "NON_TAXABLE"]);
  });
});

describe("marginal rate", () => {
  test.each([
    // US single 100,000: 22% + 6.2% + 1.45%
    ["US", null, 100_000_00, "0.2965"],
    // + CA 9.3% + SDI 1.2%
    ["US", "CA", 100_000_00, "0.4015"],
    // over the wage base: 24% + 1.45%
    ["US", null, 190_000_00, "0.2545"],
    // GB taper zone: 40% × 1.5 + NI 2%
    ["GB", null, 110_000_00, "0.62"],
    ["GB", null, 50_000_00, "0.28"],
    // IE 40% + USC 3% + PRSI 4.125% (39 weeks at 4.1%, 13 at 4.2% from 1 October 2025)
    ["IE", null, 60_000_00, "0.47125"],
    // NL 37.48% + AHK taper 6.337% + AK taper 6.51%
    ["NL", null, 60_000_00, "0.50327"],
    ["HK", null, 600_000_00, "0.17"],
    ["AE", null, 500_000_00, "0"],
  ])("%s %s at %d → %s", (country, region, income, rate) => {
    expect(systemOf(country, region).marginalRate(income)).toBe(rate);
  });

  test("the next unit's rate at a bracket edge", () => {
    const us = systemOf("US");
    // taxable 48,475 (income 64,225) is the top of the 12% bracket: the next dollar is taxed at 22%
    expect(us.marginalRate(64_225_00)).toBe("0.2965");
    expect(us.marginalRate(64_224_99)).toBe("0.1965");
  });

  test("Germany: slope of the §32a polynomial, measured exactly", () => {
    // income tax: (2 × 176.64 × 2.93462 + 2,397) / 10,000 = 0.34337425536 per euro of zvE;
    // zvE moves by 1 − 9.3% − 8.55% × 96% − 2.4% = 0.80092 → 0.275015309; + social 21.55% = 0.490515309 → 0.490515
    expect(systemOf("DE").marginalRate(60_000_00)).toBe("0.490515");
  });

  test("a cliff at the income itself is not a spike in the rate", () => {
    // Illinois loses its exemption above 250,000 (a 141.08 jump): the rate just above is still
    // 32% + Medicare 1.45% + Additional Medicare 0.9% + Illinois 4.95% = 39.3%
    expect(systemOf("US", "IL").marginalRate(250_000_00)).toBe("0.393");
    // Irish USC applies above 13,000: the next euro pays USC 2% (income tax is covered by credits)
    expect(systemOf("IE").marginalRate(13_000_00)).toBe("0.02");
  });

  test("India: marginal relief zone taxes every extra rupee (with cess 104%)", () => {
    expect(systemOf("IN").marginalRate(1_285_000_00)).toBe("1.04");
  });
});

describe("rate over a benefit (benefitRate, supplementalRate with a benefit)", () => {
  test("India, issue 13 vector: 1,00,000 on a 12,80,000 salary is taxed 73,580, not 1,04,000", () => {
    // Finance Act 2025 / CBDT FY 2025-26: salary 12,80,000 − standard deduction 75,000 = taxable
    // 12,05,000: slab tax 60,750, s.87A marginal relief limits it to 5,000; cess 4% → 5,200.
    // With the benefit, taxable 13,05,000: slab tax 75,750 (no relief: 75,750 < 1,05,000); cess → 78,780.
    // Difference 73,580 = 73.58% of the benefit. (The "12.8 lakh" is the salary; the point
    // slope there is 104%, which is what taxed the benefit 1,04,000.)
    const india = systemOf("IN");
    expect(india.tax(1_280_000_00).total).toBe(5_200_00);
    expect(india.tax(1_380_000_00).total).toBe(78_780_00);
    expect(india.benefitRate(1_280_000_00, 100_000_00)).toBe("0.7358");
    expect(india.supplementalRate(1_280_000_00, undefined, 100_000_00)).toBe("0.7358");
    expect(india.marginalRate(1_280_000_00)).toBe("1.04");
    // a zero benefit is the point slope
    expect(india.benefitRate(1_280_000_00, 0)).toBe("1.04");
  });

  test("published supplemental rates stay flat; a table without one adds its rate over the benefit", () => {
    // US federal 22% + Illinois 4.95% (published): the benefit does not change them
    expect(systemOf("US", "IL").supplementalRate(100_000_00, undefined, 50_000_00)).toBe(systemOf("US", "IL").supplementalRate(100_000_00));
    // a flat bracket: the rate over any benefit inside it equals the point slope
    const de = systemOf("DE");
    expect(Number(de.benefitRate(400_000_00, 1_000_00))).toBeCloseTo(Number(de.marginalRate(400_000_00)), 6);
  });

  test("bad benefit refused", () => {
    expect(() => systemOf("IN").benefitRate(0, -1)).toThrow(AppError);
    expect(() => systemOf("IN").benefitRate(0, 1.5)).toThrow(AppError);
  });
});

describe("effective rate", () => {
  test("total / income", () => {
    // 21,099.00 / 100,000.00
    expect(systemOf("US").effectiveRate(100_000_00)).toBe("0.21099");
    // 10,480.40 / 50,000
    expect(systemOf("GB").effectiveRate(50_000_00)).toBe("0.209608");
  });

  test("zero income → 0", () => {
    for (const country of ["US", "GB", "JP", "AE"]) expect(systemOf(country).effectiveRate(0)).toBe("0");
  });
});

describe("supplemental rate", () => {
  // US: the published flat rates (federal 22% + the state's) plus the employee's FICA over the
  // supplemental wages stacked on the salary (6.2% under the wage base, Medicare 1.45%, 0.9% over
  // 200,000) and the state's employee contributions (CA SDI, WA PFML and WA Cares; NY SDI and PFL
  // are at their caps at 100,000).
  test.each([
    ["TX", 100_000_00, "0.2965"], // 22% + 6.2% + 1.45%
    ["FL", 100_000_00, "0.2965"],
    ["WA", 100_000_00, "0.30888"], // + PFML 0.657984% + WA Cares 0.58%
    ["CA", 100_000_00, "0.3745"], // + 6.6% + SDI 1.2%
    ["NY", 100_000_00, "0.4135"], // + 11.7%
    ["IL", 100_000_00, "0.346"], // + 4.95%
    ["MA", 100_000_00, "0.3465"], // + 5%
    ["NJ", 100_000_00, "0.3602"], // + NJ marginal 6.37% (no published flat rate)
    // a salary over USD 1,000,000 does not make the rate 37% (that is keyed on the supplemental
    // wages): 22% + Medicare 1.45% + Additional Medicare 0.9% (over the Social Security wage base)
    ["TX", 1_500_000_00, "0.2435"],
    ["CA", 1_500_000_00, "0.3215"], // + 6.6% + 1.2%
  ])("US-%s at %d → %s", (state, income, rate) => {
    expect(systemOf("US", state).supplementalRate(income)).toBe(rate);
  });

  test("37% on the supplemental wages over USD 1,000,000, FICA on them stacked on the salary", () => {
    // 2,000,000 of supplemental wages on a 100,000 salary: (1,000,000 × 22% + 1,000,000 × 37%) / 2,000,000 = 29.5%;
    // FICA: (176,100 − 100,000) × 6.2% = 4,718.20 + 2,000,000 × 1.45% = 29,000 + (2,100,000 − 200,000) × 0.9% = 17,100
    // → 50,818.20 / 2,000,000 = 2.54091% → 32.0409%
    expect(systemOf("US", "TX").supplementalRate(100_000_00, undefined, 2_000_000_00)).toBe("0.320409");
    // up to 1,000,000 of supplemental wages: 22%; 500,000 on 100,000 → FICA (4,718.20 + 7,250 + 3,600) / 500,000
    expect(systemOf("US", "TX").supplementalRate(100_000_00, undefined, 500_000_00)).toBe("0.251136"); // 22% + 15,568.20 / 500,000 = 3.11364%
  });

  test("federal only → 22% + FICA", () => {
    expect(systemOf("US").supplementalRate(50_000_00)).toBe("0.2965");
  });

  test("elsewhere the marginal rate", () => {
    for (const [country, region, income] of [["GB", null, 110_000_00], ["DE", null, 60_000_00], ["CA", "ON", 100_000_00], ["JP", null, 5_000_000]] as const) {
      const system = systemOf(country, region);
      expect(system.supplementalRate(income)).toBe(system.marginalRate(income));
    }
  });
});

describe("taxRatePercent", () => {
  const base = { moveDate: "2025-09-01", countryCode: "US", region: "CA", salaryMinor: 100_000_00 } as const;

  test("unknown country → null", () => {
    expect(taxRatePercent({ countryCode: "XX", taxCategory: "MARGINAL", salaryMinor: 100_000_00 })).toBeNull();
    expect(taxRatePercent({ countryCode: "XX", taxCategory: "NON_TAXABLE", salaryMinor: 100_000_00 })).toBeNull();
  });

  test("NON_TAXABLE → 0", () => {
    expect(taxRatePercent({ ...base, taxCategory: "NON_TAXABLE" })).toBe(0);
  });

  test("categories rounded to whole percent (half up)", () => {
    expect(taxRatePercent({ ...base, taxCategory: "MARGINAL" })).toBe(40); // 40.15%
    expect(taxRatePercent({ ...base, taxCategory: "SUPPLEMENTAL" })).toBe(37); // 22% + FICA 7.65% + 6.6% + SDI 1.2% = 37.45%
    expect(taxRatePercent({ ...base, taxCategory: "EFFECTIVE" })).toBe(28); // 27,506.98 / 100,000 = 27.507%
    expect(taxRatePercent({ countryCode: "GB", taxCategory: "MARGINAL", salaryMinor: 110_000_00 })).toBe(62);
    expect(taxRatePercent({ countryCode: "SG", taxCategory: "EFFECTIVE", salaryMinor: 100_000_00 })).toBe(6); // today: YA2027 (2026 income, no rebate) 5,535 / 100,000 = 5.535%
    expect(taxRatePercent({ countryCode: "SG", taxCategory: "EFFECTIVE", salaryMinor: 100_000_00, moveDate: "2024-09-01" })).toBe(5); // YA2025 after its rebate: 5.335%
    expect(taxRatePercent({ countryCode: "US", taxCategory: "MARGINAL", salaryMinor: 190_000_00 })).toBe(25); // 25.45%
    expect(taxRatePercent({ countryCode: "IE", taxCategory: "MARGINAL", salaryMinor: 60_000_00 })).toBe(47); // 47.1%
  });

  test("half-percent rounds up: AU 2% Medicare + 30% → 32; US 22% + 6.2% + 1.45% = 29.65 → 30", () => {
    expect(taxRatePercent({ countryCode: "AU", taxCategory: "MARGINAL", salaryMinor: 100_000_00 })).toBe(32);
    expect(taxRatePercent({ countryCode: "US", taxCategory: "MARGINAL", salaryMinor: 100_000_00 })).toBe(30);
  });

  test("clamped to 0–100", () => {
    // India's marginal relief zone: 104% at the margin
    expect(taxRatePercent({ countryCode: "IN", taxCategory: "MARGINAL", salaryMinor: 1_285_000_00 })).toBe(100);
    expect(taxRatePercent({ countryCode: "AE", taxCategory: "EFFECTIVE", salaryMinor: 1_000_000_00 })).toBe(0);
  });

  test("moveDate and profile are accepted", () => {
    expect(
      taxRatePercent({ countryCode: "us", region: "ny", taxCategory: "EFFECTIVE", salaryMinor: 80_000_00, moveDate: "2025-07-01", profile: { filingStatus: "MARRIED_JOINT", dependants: 2 } }),
    ).toBe(13); // 14,879.35 − child tax credit 2 × 2,200 = 10,479.35 / 80,000 = 13.1%
    expect(taxRatePercent({ ...base, taxCategory: "MARGINAL", moveDate: null })).toBe(40);
  });
});

describe("validation", () => {
  const us = systemOf("US");

  test.each([[-1], [1.5], [Number.NaN], [Number.MAX_SAFE_INTEGER + 1]])("income %p is refused", (income) => {
    expect(() => us.tax(income)).toThrow(AppError);
    expect(() => us.marginalRate(income)).toThrow(AppError);
  });

  test("profile values are checked", () => {
    expect(() => us.tax(100, { dependants: -1 })).toThrow(AppError);
    expect(() => us.tax(100, { dependants: 1.5 })).toThrow(AppError);
    expect(() => us.tax(100, { filingStatus: "WIDOWED" as never })).toThrow(AppError);
  });

  test("familySize without dependants: adults are not dependants", () => {
    const fr = systemOf("FR");
    expect(fr.tax(80_000_00, { filingStatus: "MARRIED_JOINT", familySize: 2 })).toEqual(fr.tax(80_000_00, { filingStatus: "MARRIED_JOINT" }));
    expect(fr.tax(80_000_00, { familySize: 3 })).toEqual(fr.tax(80_000_00, { dependants: 2 }));
  });
});
