import { describe, expect, test } from "bun:test";
import { budgetGroupName } from "./group-name.ts";

describe("a budget group's name (issue 24 §6)", () => {
  test("the titles of its services, not its number", () => {
    expect(budgetGroupName(["Temporary Accommodation"], 1)).toBe("Temporary Accommodation");
    expect(budgetGroupName(["Home Sale", "Home Purchase"], 2)).toBe("Home Sale and Home Purchase");
    expect(budgetGroupName(["Flat Search", "Removals", "Storage", "Removals"], 3)).toBe("Flat Search, Removals and Storage");
  });
  test("the number only for a group without services", () => {
    expect(budgetGroupName([], 4)).toBe("Budget group 4");
    expect(budgetGroupName([" "], 5)).toBe("Budget group 5");
  });
});
