/**
 * The estimate service's shared types, in a module that imports no service (compute.ts and
 * estimates.ts both use them; neither imports the other for a type).
 */
import type { Money } from "../../domain/money/money.ts";
import type { TaxCategory } from "../../domain/tax/index.ts";
import type { TBalanceSheetView, TCostEstimateType, TCostEstimateView, TTaxability, TTaxMethod } from "../../domain/estimate/schemas.ts";

export type EstimateSettings = {
  type: TCostEstimateType;
  years: number;
  displayCurrency: string;
  secondaryDisplayCurrency: string | null;
  taxMethod: TTaxMethod;
  taxCategory: TaxCategory;
  taxRateOverride: number | null;
  annualSalary: Money | null;
  endDate: string | null;
  approval: { isApproved: boolean; approverName: string | null; approverEmail: string | null; approvalDate: string | null };
  overrides: Array<{ serviceCode: string; stageId: number; currency: string; amount: number | null; taxability: TTaxability }>;
  customItems: Array<{ serviceName: string; taxability: TTaxability; amount: number; currency: string }>;
  taxYearOverrides: Array<{ yearIndex: number; amount: number }>;
};

export type Computed = { view: TCostEstimateView; balanceSheet: TBalanceSheetView | null };
