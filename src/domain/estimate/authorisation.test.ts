import { describe, expect, test } from "bun:test";
import { isCostEstimateAuthorised } from "./authorisation.ts";

describe("isCostEstimateAuthorised", () => {
  test("the flag on and billing not suspended", () => {
    expect(isCostEstimateAuthorised({ cost_estimate_enabled: 1, cost_estimate_billing: "BILLABLE" })).toBe(true);
    expect(isCostEstimateAuthorised({ cost_estimate_enabled: 1, cost_estimate_billing: "NOT_BILLABLE" })).toBe(true);
    expect(isCostEstimateAuthorised({ cost_estimate_enabled: 0, cost_estimate_billing: "BILLABLE" })).toBe(false);
    expect(isCostEstimateAuthorised({ cost_estimate_enabled: 1, cost_estimate_billing: "SUSPENDED" })).toBe(false);
  });
});
