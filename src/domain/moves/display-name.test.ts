import { describe, expect, test } from "bun:test";
import { moveDisplayName } from "./display-name.ts";

describe("a move's name (issue 24 §6)", () => {
  test("the employee and the route, never a number", () => {
    expect(moveDisplayName({ firstName: "Evan", lastName: "Actual", origin: "New York City", destination: "Austin" })).toBe("Evan Actual: New York City → Austin");
    expect(moveDisplayName({ firstName: "Evan", lastName: "Actual", origin: null, destination: " " })).toBe("Evan Actual");
    expect(moveDisplayName({ firstName: "Evan", lastName: null, origin: null, destination: "Tokyo" })).toBe("Evan: ? → Tokyo");
    expect(moveDisplayName({ firstName: " ", lastName: null, origin: null, destination: null })).toBe("Unnamed employee");
  });
});
