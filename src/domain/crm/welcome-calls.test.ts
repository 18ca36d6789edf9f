import { describe, expect, test } from "bun:test";
import { canBook, welcomeCallStatusOf } from "./welcome-calls.ts";

describe("welcome call states", () => {
  test("requested until booked; an unknown stored state reads as requested", () => {
    expect(welcomeCallStatusOf("REQUESTED")).toBe("REQUESTED");
    expect(welcomeCallStatusOf("BOOKED")).toBe("BOOKED");
    expect(welcomeCallStatusOf("SOMETHING")).toBe("REQUESTED");
    expect(canBook("REQUESTED")).toBe(true);
    expect(canBook("BOOKED")).toBe(false);
  });
});
