/**
 * India, new tax regime (section 115BAC), resident individual: FY 2025-26 (AY 2026-27) and tax year
 * 2026-27 (Income-tax Act, 2025), one compute function.
 *
 * Taxable income = salary − standard deduction 75,000. Rebate u/s 87A: full up to 60,000 when total
 * income ≤ 12,00,000, with marginal relief above (tax limited to the income over 12,00,000): between
 * 12,00,000 and 12,70,588.24 of taxable income every extra rupee is taxed 1.04 (with cess), so the
 * point slope there is 104%; a benefit is taxed at the rate over it (`benefitRate`), never that slope.
 * Surcharge 10% / 15% / 25% above 50 lakh / 1 crore / 2 crore with marginal relief; health and
 * education cess 4%. EPF (12% of basic wages) is not modelled: basic pay is not known. New regime
 * only (the old-regime election is not modelled); the salary is the only income.
 */
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, min, pos, type TaxTable, ZERO } from "../table.ts";

// Finance Act 2025, s.115BAC(1A) slabs from FY 2025-26 (checked against the Budget Speech 2025-26
// Annexure to Part B): 0–4L 0%, 4–8L 5%, 8–12L 10%, 12–16L 15%, 16–20L 20%, 20–24L 25%, above 30%;
// standard deduction 75,000 (s.16(ia)); rebate u/s 87A up to 60,000 for total income ≤ 12L.
// https://incometaxindia.gov.in/Pages/i-am/individual.aspx
const SLABS: readonly Bracket[] = [[0, "0"], [400_000, "0.05"], [800_000, "0.10"], [1_200_000, "0.15"], [1_600_000, "0.20"], [2_000_000, "0.25"], [2_400_000, "0.30"]];
const STANDARD_DEDUCTION = 75_000;
const REBATE_LIMIT = 1_200_000;
// Surcharge (First Schedule, Part I; new regime capped at 25%): [threshold, rate].
const SURCHARGE: readonly (readonly [threshold: number, rate: string])[] = [
  [5_000_000, "0.10"],
  [10_000_000, "0.15"],
  [20_000_000, "0.25"],
];
const CESS_RATE = "0.04";

function taxAfterRebate(taxable: Amount): Amount {
  const slab = bracketTax(taxable, SLABS);
  if (taxable.lte(REBATE_LIMIT)) return ZERO;
  return min(slab, taxable.minus(REBATE_LIMIT));
}

/** Tax + surcharge with marginal relief at each surcharge threshold. */
function taxWithSurcharge(taxable: Amount): { tax: Amount; surcharge: Amount } {
  const tax = taxAfterRebate(taxable);
  let index = -1;
  for (let i = 0; i < SURCHARGE.length; i++) if (taxable.gt(SURCHARGE[i]![0])) index = i;
  if (index === -1) return { tax, surcharge: ZERO };
  const [threshold, rate] = SURCHARGE[index]!;
  const previousRate = index === 0 ? "0" : SURCHARGE[index - 1]![1];
  const withSurcharge = tax.times(dec(1).plus(rate));
  const atThreshold = taxAfterRebate(dec(threshold)).times(dec(1).plus(previousRate));
  const relieved = min(withSurcharge, atThreshold.plus(taxable.minus(threshold)));
  return { tax, surcharge: pos(relieved.minus(tax)) };
}

type Year = { id: string; taxYear: string; start: number; source: string };

function indiaTable(year: Year): TaxTable {
  return {
    id: year.id,
    countryCode: "IN",
    region: null,
    name: "India income tax, new regime (s.115BAC)",
    currency: "INR",
    taxYear: year.taxYear,
    periodStart: `${year.start}-04-01`,
    periodEnd: `${year.start + 1}-03-31`,
    source: year.source,
    compute(income) {
      const taxable = pos(income.minus(STANDARD_DEDUCTION));
      const { tax, surcharge } = taxWithSurcharge(taxable);
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("Income tax (after rebate u/s 87A)", tax),
          incomeTaxLine("Surcharge", surcharge),
          incomeTaxLine("Health and education cess", tax.plus(surcharge).times(CESS_RATE)),
        ],
      };
    },
  };
}

export const inNewRegime: TaxTable = indiaTable({
  id: "in-fy2025-26",
  taxYear: "FY2025-26",
  start: 2025,
  source: "Income Tax Department, new regime slabs FY 2025-26 (Finance Act 2025), https://incometaxindia.gov.in/Pages/i-am/individual.aspx",
});

// Tax year 2026-27 (1 April 2026 – 31 March 2027), the first under the Income-tax Act, 2025, which replaces
// the 1961 Act from 1 April 2026 and keeps the new regime as the default. The Union Budget 2026-27 (1 Feb
// 2026) left the new-regime slabs unchanged (0–4L nil, 5% … 30% above 24L, as reported of the Budget
// Speech); the standard deduction 75,000, the rebate up to 60,000 for total income ≤ 12L with marginal
// relief, the surcharge (10/15/25%) and the 4% cess are carried over unchanged. These carry-overs and the
// new Act's section numbers were not re-checked against the enacted text here (the labels keep the 1961
// Act's names: "u/s 87A", "s.115BAC").
export const inNewRegime2026: TaxTable = indiaTable({
  id: "in-fy2026-27",
  taxYear: "FY2026-27",
  start: 2026,
  source:
    "Income Tax Department, new regime slabs (Income-tax Act, 2025; Union Budget 2026-27: slabs unchanged from FY 2025-26), https://incometaxindia.gov.in/Pages/i-am/individual.aspx",
});
