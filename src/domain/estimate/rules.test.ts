import { describe, expect, test } from "bun:test";
import { wizardMessages } from "../moves/wizard/messages.ts";
import { estimateMessages } from "./messages.ts";
import {
  assignmentDays,
  assignmentLengthRule,
  columnCount,
  estimateYears,
  taxYearLabel,
  validateEstimateEdits,
  yearLabels,
  type EstimateEditsInput,
} from "./rules.ts";

const START = "2026-01-01";

describe("assignment length (part 1 §5)", () => {
  test("start after end is refused for every type", () => {
    for (const type of ["NO_PROVIDER", "LTA", "STA", "ADVANCED"]) {
      expect(assignmentLengthRule(type, "2026-05-02", "2026-05-01")).toEqual({ key: "startAfterEnd", message: wizardMessages.startAfterEnd });
    }
  });

  test("STA: over 30 days and under 2 years", () => {
    expect(assignmentDays(START, "2026-01-31")).toBe(30);
    expect(assignmentLengthRule("STA", START, "2026-01-31")).toEqual({ key: "staLength", message: wizardMessages.staLength });
    expect(assignmentLengthRule("STA", START, "2026-02-01")).toBeNull(); // 31 days
    expect(assignmentLengthRule("STA", START, "2027-12-31")).toBeNull();
    expect(assignmentLengthRule("STA", START, "2028-01-01")?.key).toBe("staLength"); // exactly 2 years
    expect(assignmentLengthRule("STA", START, START)?.key).toBe("staLength");
  });

  test("LTA: over 1 year and under 5", () => {
    expect(assignmentLengthRule("LTA", START, "2027-01-01")).toEqual({ key: "ltaLength", message: wizardMessages.ltaLength }); // exactly 1 year
    expect(assignmentLengthRule("LTA", START, "2027-01-02")).toBeNull();
    expect(assignmentLengthRule("LTA", START, "2030-12-31")).toBeNull();
    expect(assignmentLengthRule("LTA", START, "2031-01-01")?.key).toBe("ltaLength"); // exactly 5 years
  });

  test("NO_PROVIDER: under 5 years", () => {
    expect(assignmentLengthRule("NO_PROVIDER", START, START)).toBeNull();
    expect(assignmentLengthRule("NO_PROVIDER", START, "2030-12-31")).toBeNull();
    expect(assignmentLengthRule("NO_PROVIDER", START, "2031-01-01")).toEqual({ key: "noProviderLength", message: wizardMessages.noProviderLength });
  });

  test("ADVANCED has no length rule; missing or invalid dates are left to the date fields", () => {
    expect(assignmentLengthRule("ADVANCED", START, "2040-01-01")).toBeNull();
    expect(assignmentLengthRule("STA", null, "2026-01-05")).toBeNull();
    expect(assignmentLengthRule("STA", START, "2026-02-30")).toBeNull();
  });
});

describe("columns and headings (part 1 §9)", () => {
  test("basic types: ceil(days / 365), 1 to 7; 0 without dates", () => {
    expect(columnCount(START, "2027-01-01")).toBe(1); // 365 days
    expect(columnCount(START, "2027-01-02")).toBe(2); // 366 days
    expect(columnCount(START, START)).toBe(1);
    expect(columnCount(START, "2040-01-01")).toBe(7);
    expect(columnCount(null, "2027-01-01")).toBe(0);
    expect(estimateYears("LTA", 5, START, "2028-06-30")).toBe(3);
    expect(estimateYears("STA", 5, null, null)).toBe(1);
  });

  test("ADVANCED: the chosen years, clamped to 1–7", () => {
    expect(estimateYears("ADVANCED", 4, START, "2026-02-01")).toBe(4);
    expect(estimateYears("ADVANCED", 9, null, null)).toBe(7);
    expect(estimateYears("ADVANCED", 0, null, null)).toBe(1);
  });

  test("STA headings are tax years: April for GB, calendar elsewhere", () => {
    expect(taxYearLabel("2026-04-05", "GB")).toBe("2025/26");
    expect(taxYearLabel("2026-04-06", "GB")).toBe("2026/27");
    expect(taxYearLabel("2099-12-31", "gb")).toBe("2099/00");
    expect(yearLabels("STA", 2, "2026-04-06", "GB")).toEqual(["2026/27", "2027/28"]);
    expect(yearLabels("STA", 2, "2026-04-06", "US")).toEqual(["2026", "2027"]);
    expect(yearLabels("LTA", 3, "2026-04-06", "GB")).toEqual(["Year 1", "Year 2", "Year 3"]);
    expect(yearLabels("STA", 1, null, "GB")).toEqual(["Year 1"]);
  });
});

describe("validateEstimateEdits (part 1 §5 cost estimate page)", () => {
  const valid: EstimateEditsInput = {
    overrideServices: [{ amount: "1,250.50", currency: "USD", originalAmount: 100_000 }],
    customServices: [{ serviceName: "Pet transport", amount: "800", taxability: "MAYBE", currency: "USD" }],
    approval: { isApproved: true, approverName: "Dana Reyes", approverEmail: "dana@example.com", approvalDate: "2026-03-01" },
    requireApproverEmail: true,
  };

  test("a complete page passes", () => {
    expect(validateEstimateEdits(valid)).toEqual({ fields: {}, summary: null });
  });

  test("an override amount is required when the service has an original amount", () => {
    const r = validateEstimateEdits({
      ...valid,
      overrideServices: [
        { amount: "", currency: "USD", originalAmount: 5000 },
        { amount: " ", currency: "USD", originalAmount: null },
        { amount: "", currency: "USD", originalAmount: 0 },
      ],
    });
    expect(r.fields).toEqual({ "overrideServices.0.amount": estimateMessages.valueRequired, "overrideServices.2.amount": estimateMessages.valueRequired });
    expect(r.summary).toBe(estimateMessages.fillRequired);
  });

  test("an override amount must be a number of the currency", () => {
    const r = validateEstimateEdits({ ...valid, overrideServices: [{ amount: "12.345", currency: "USD" }, { amount: "abc", currency: "EUR" }, { amount: "1.5", currency: "JPY" }] });
    expect(Object.keys(r.fields)).toEqual(["overrideServices.0.amount", "overrideServices.1.amount", "overrideServices.2.amount"]);
    expect(r.fields["overrideServices.1.amount"]).toBe("This is not a valid number.");
  });

  test("a custom item needs a name, an amount and a taxability; the amount a whole number", () => {
    const r = validateEstimateEdits({
      ...valid,
      customServices: [
        { serviceName: "", amount: "", taxability: null, currency: "USD" },
        { serviceName: "Boat", amount: "12.50", taxability: "TAXABLE", currency: "USD" },
        { serviceName: "Car", amount: "-5", taxability: "NON_TAXABLE", currency: "USD" },
        { serviceName: "Piano", amount: "1,200", taxability: "TAXABLE", currency: "USD" },
      ],
    });
    expect(r.fields).toEqual({
      "customServices.0.serviceName": estimateMessages.customNameRequired,
      "customServices.0.amount": estimateMessages.valueRequired,
      "customServices.0.taxability": estimateMessages.customTaxabilityRequired,
      "customServices.1.amount": estimateMessages.wholeNumber,
      "customServices.2.amount": estimateMessages.wholeNumber,
    });
    expect(r.summary).toBe(estimateMessages.fillRequired);
  });

  test("a new custom row still blank is not checked; once named it is", () => {
    const blank = { serviceName: "", amount: "0", taxability: "MAYBE" as const, currency: "USD", newlyAdded: true };
    expect(validateEstimateEdits({ ...valid, customServices: [blank] }).summary).toBeNull();
    const named = validateEstimateEdits({ ...valid, customServices: [{ ...blank, serviceName: "Visa", amount: "" }] });
    expect(named.fields).toEqual({ "customServices.0.amount": estimateMessages.valueRequired });
  });

  test("approval: the approver's name and date when approved; nothing when not approved", () => {
    const approved = validateEstimateEdits({ ...valid, approval: { isApproved: true, approverName: " ", approverEmail: null, approvalDate: null }, requireApproverEmail: false });
    expect(approved.fields).toEqual({ approverName: estimateMessages.approverNameRequired, approvalDate: estimateMessages.approvalDateRequired });
    const notApproved = validateEstimateEdits({ ...valid, approval: { isApproved: false, approverName: null, approverEmail: null, approvalDate: null }, requireApproverEmail: false });
    expect(notApproved).toEqual({ fields: {}, summary: null });
  });

  test("approver e-mail: valid when given, required on send", () => {
    const approval = { isApproved: false, approverName: null, approvalDate: null };
    expect(validateEstimateEdits({ ...valid, approval: { ...approval, approverEmail: "not-an-email" }, requireApproverEmail: false }).fields).toEqual({
      approverEmail: estimateMessages.validEmail,
    });
    expect(validateEstimateEdits({ ...valid, approval: { ...approval, approverEmail: null }, requireApproverEmail: true }).fields).toEqual({
      approverEmail: estimateMessages.validEmail,
    });
    expect(validateEstimateEdits({ ...valid, approval: { ...approval, approverEmail: null }, requireApproverEmail: false }).summary).toBeNull();
  });
});
