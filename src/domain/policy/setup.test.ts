import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { SETUP_SETTINGS, parsePolicyOrder, parseSetupValue, setupWarnings, validatePolicyName } from "./setup.ts";

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("policy name and order", () => {
  test("name required", () => {
    expect(validatePolicyName("")).toBe("Policy name required.");
    expect(validatePolicyName("   ")).toBe("Policy name required.");
    expect(validatePolicyName("Global")).toBeNull();
  });

  test("order: digits only or empty", () => {
    expect(parsePolicyOrder("")).toEqual({ ok: true, order: null });
    expect(parsePolicyOrder(" 12 ")).toEqual({ ok: true, order: 12 });
    for (const text of ["-1", "1.5", "a", "1 2", "1e3", "9999999999"]) {
      expect(parsePolicyOrder(text)).toEqual({ ok: false, message: "Policy order must be digits only or empty." });
    }
  });
});

describe("setupWarnings", () => {
  test("permanent transfer estimate with three stages", () => {
    expect(setupWarnings({ moveStagesCount: 3, estimatePackage: "PERMANENT_TRANSFER" })).toEqual([
      "Warning: the permanent transfer cost estimate should not be used with 3 stage moves.",
    ]);
    expect(setupWarnings({ moveStagesCount: 2, estimatePackage: "PERMANENT_TRANSFER" })).toEqual([]);
    expect(setupWarnings({ moveStagesCount: 3, estimatePackage: "LONG_TERM_ASSIGNMENT" })).toEqual([]);
    expect(setupWarnings({ moveStagesCount: 3, estimatePackage: null })).toEqual([]);
  });
});

describe("parseSetupValue", () => {
  test("every documented setting is in the table", () => {
    expect(Object.keys(SETUP_SETTINGS).sort()).toEqual(
      ["name", "estimateType", "estimateProvider", "estimatePackage", "excludeCompensation", "balanceSheetEnabled", "balanceSheetCurrencyType", "group", "status", "welcomeCallDuration", "moveType", "programmeType", "hrDashboard", "noMaOwner", "usesEwallet", "noWelcomeCall", "noWelcomeEmail", "cityGuideOnly", "includeUserPreferences", "archetype", "moveStagesCount", "order", "popupDisplayed", "tags"].sort(),
    );
  });

  test("booleans accept true/false, 1/0, on/off", () => {
    const cases: [string, number][] = [["true", 1], ["TRUE", 1], ["1", 1], ["on", 1], ["yes", 1], ["false", 0], ["0", 0], ["off", 0], ["no", 0]];
    for (const [text, value] of cases) {
      expect(parseSetupValue("hrDashboard", text)).toEqual({ kind: "column", setting: "hrDashboard", column: "hr_dashboard", value });
    }
    const columns: Record<string, string> = {
      balanceSheetEnabled: "balance_sheet_enabled", noMaOwner: "no_ma_owner", usesEwallet: "uses_ewallet", noWelcomeCall: "no_welcome_call",
      noWelcomeEmail: "no_welcome_email", cityGuideOnly: "city_guide_only", includeUserPreferences: "include_user_preferences",
      popupDisplayed: "popup_displayed", excludeCompensation: "exclude_compensation",
    };
    for (const [setting, column] of Object.entries(columns)) expect(parseSetupValue(setting, "on")).toMatchObject({ column, value: 1 });
    expect(thrown(() => parseSetupValue("hrDashboard", "maybe"))).toMatchObject({ code: "VALIDATION", message: "Update failed - there was an error." });
  });

  test("enumerations", () => {
    expect(parseSetupValue("estimateType", "ADVANCED")).toMatchObject({ column: "estimate_type", value: "ADVANCED" });
    expect(parseSetupValue("moveType", "DOMESTIC")).toMatchObject({ column: "move_type", value: "DOMESTIC" });
    expect(parseSetupValue("programmeType", "ManagedBudget")).toMatchObject({ column: "programme_type", value: "ManagedBudget" });
    expect(parseSetupValue("archetype", "CORE_FLEX")).toMatchObject({ column: "archetype", value: "CORE_FLEX" });
    expect(parseSetupValue("status", "INACTIVE")).toMatchObject({ column: "status", value: "INACTIVE" });
    expect(thrown(() => parseSetupValue("moveType", "LOCAL")).code).toBe("VALIDATION");
    expect(thrown(() => parseSetupValue("estimateType", "")).code).toBe("VALIDATION");
  });

  test("optional enumerations clear with empty or null", () => {
    expect(parseSetupValue("estimateProvider", "MERIDIAN")).toMatchObject({ column: "estimate_provider", value: "MERIDIAN" });
    expect(parseSetupValue("estimateProvider", "")).toMatchObject({ column: "estimate_provider", value: null });
    expect(parseSetupValue("estimatePackage", "null")).toMatchObject({ column: "estimate_package", value: null });
    expect(parseSetupValue("estimatePackage", "DOMESTIC")).toMatchObject({ column: "estimate_package", value: "DOMESTIC" });
    expect(parseSetupValue("balanceSheetCurrencyType", "HOST")).toMatchObject({ column: "balance_sheet_currency_type", value: "HOST" });
    expect(thrown(() => parseSetupValue("estimatePackage", "BIG")).message).toBe("Update failed - there was an error.");
  });

  test("numbers: welcome call duration, move stages, order", () => {
    expect(parseSetupValue("welcomeCallDuration", "45")).toMatchObject({ column: "welcome_call_duration", value: 45 });
    expect(parseSetupValue("welcomeCallDuration", "")).toMatchObject({ column: "welcome_call_duration", value: null });
    expect(thrown(() => parseSetupValue("welcomeCallDuration", "17")).code).toBe("VALIDATION");
    expect(parseSetupValue("moveStagesCount", "3")).toMatchObject({ column: "move_stages_count", value: 3 });
    expect(thrown(() => parseSetupValue("moveStagesCount", "4")).code).toBe("VALIDATION");
    expect(parseSetupValue("order", "7")).toMatchObject({ column: "sort_order", value: 7 });
    expect(parseSetupValue("order", "")).toMatchObject({ column: "sort_order", value: null });
    const e = thrown(() => parseSetupValue("order", "x1"));
    expect(e).toMatchObject({ code: "VALIDATION", message: "Policy order must be digits only or empty.", fields: { order: "Policy order must be digits only or empty." } });
  });

  test("name is trimmed and required", () => {
    expect(parseSetupValue("name", "  Global  ")).toEqual({ kind: "column", setting: "name", column: "name", value: "Global" });
    expect(thrown(() => parseSetupValue("name", " "))).toMatchObject({ code: "VALIDATION", message: "Policy name required." });
  });

  test("group and tags are special kinds", () => {
    expect(parseSetupValue("group", "12")).toEqual({ kind: "group", setting: "group", column: null, value: 12 });
    expect(thrown(() => parseSetupValue("group", "acme")).code).toBe("VALIDATION");
    expect(parseSetupValue("tags", "3, 1,3")).toEqual({ kind: "tags", setting: "tags", column: null, value: [3, 1] });
    expect(parseSetupValue("tags", "")).toEqual({ kind: "tags", setting: "tags", column: null, value: [] });
    expect(thrown(() => parseSetupValue("tags", "1,x")).code).toBe("VALIDATION");
  });

  test("an unknown setting is NOT_FOUND (prototype names included)", () => {
    for (const setting of ["colour", "constructor", "__proto__", "toString", ""]) {
      expect(thrown(() => parseSetupValue(setting, "1"))).toMatchObject({ code: "NOT_FOUND", message: "Update failed - there was an error." });
    }
  });
});
