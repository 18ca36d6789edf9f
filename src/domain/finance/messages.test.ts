import { describe, expect, test } from "bun:test";
import { blockedMessage, financeMessages, financeSpecMessages, fill, notesMaxMessage } from "./messages.ts";

describe("finance messages", () => {
  test("spec texts word for word (part 2 §5, §8)", () => {
    expect(financeSpecMessages.amountRequired).toBe("Please enter an amount");
    expect(financeSpecMessages.lockPeriodFields).toBe("Please fill in both period name and lock date");
    expect(financeSpecMessages.adhocMax255).toBe("Input fields can have maximum 255 characters!");
    expect(financeSpecMessages.selectAtLeastOneBill).toBe("Please select at least one bill");
    expect(financeSpecMessages.saveChangesError).toBe("There was an error saving the changes. Please contact the Product Team if this happens again.");
  });
  test("notes maximum fills N", () => {
    expect(notesMaxMessage(250)).toBe("Notes field can take a maximum 250 characters");
  });
  test("blocked texts for every kind, action and reason", () => {
    expect(blockedMessage("expense", "approve", "onHold")).toBe("This expense cannot be approved, because it is on hold");
    expect(blockedMessage("bookingCost", "change", "remainingCheck")).toBe("This booking cost cannot be requested for change, because remaining check is in progress");
    for (const k of ["bookingCost", "expense"] as const)
      for (const a of ["approve", "reject", "change"] as const)
        for (const r of ["remainingCheck", "onHold"] as const) expect(blockedMessage(k, a, r)).toStartWith("This ");
  });
  test("no two keys share a text, and fill replaces placeholders", () => {
    const texts = Object.values(financeMessages);
    expect(new Set(texts).size).toBe(texts.length);
    expect(fill(financeMessages.transitionNotAllowed, { from: "Open", to: "Paid" })).toBe("This bill cannot go from Open to Paid");
  });
});
