/** Report filters (issue 26; part 2 §5 "Reporting", §9): every filter type and rule. */
import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { BASE_REPORTS } from "./catalog.ts";
import { applyFilters, currencyOf, datepickerYears, idsOf, isIsoDate, optionOf, periodOf, specDefaults, splitRange, textOf } from "./filters.ts";
import { libraryMessages } from "./library-messages.ts";
import type { FilterDefinition } from "./types.ts";

const TODAY = "2026-12-07";
const def = (name: string, type: FilterDefinition["type"], extra: Partial<FilterDefinition> = {}): FilterDefinition => ({ name, title: name.toUpperCase(), type, required: false, hidden: false, options: [], dynamicOptions: null, ...extra });

function failure(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.code).toBe("VALIDATION");
    expect(err.message).toBe(libraryMessages.errorApplyingFilters);
    return err;
  }
  throw new Error("expected a failure");
}

describe("filter types", () => {
  test("date: a real date, not in the future, within -20:+1 years", () => {
    const defs = [def("d", "date")];
    expect(periodOf(applyFilters(defs, { d: "2026-01-31" }, TODAY), "d")).toEqual({ start: "2026-01-31", end: "2026-01-31" });
    expect(failure(() => applyFilters(defs, { d: "2026-02-30" }, TODAY)).fields!.d).toBe(libraryMessages.invalidDate("D"));
    expect(failure(() => applyFilters(defs, { d: "2026-12-08" }, TODAY)).fields!.d).toBe(libraryMessages.futureDate("D"));
    expect(failure(() => applyFilters(defs, { d: "2005-01-01" }, TODAY)).fields!.d).toBe(libraryMessages.outOfRange("D", 2006, 2027));
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
  });

  test("dateRange with ||: either side may be empty; start after end is aligned", () => {
    const defs = [def("r", "dateRange")];
    expect(splitRange("2026-01-01||2026-02-01")).toEqual(["2026-01-01", "2026-02-01"]);
    expect(periodOf(applyFilters(defs, { r: "2026-01-01||" }, TODAY), "r")).toEqual({ start: "2026-01-01", end: null });
    expect(periodOf(applyFilters(defs, { r: "||2026-03-01" }, TODAY), "r")).toEqual({ start: null, end: "2026-03-01" });
    const adjusted = applyFilters(defs, { r: "2026-05-01||2026-02-01" }, TODAY);
    expect(periodOf(adjusted, "r")).toEqual({ start: "2026-05-01", end: "2026-05-01" });
    expect(adjusted.raw.r).toBe("2026-05-01||2026-05-01");
    expect(failure(() => applyFilters(defs, { r: "2026-01-01||2027-01-01" }, TODAY)).fields!.r).toBe(libraryMessages.futureDate("R"));
    expect(failure(() => applyFilters([def("r", "dateRange", { required: true })], { r: "2026-01-01||" }, TODAY)).fields!.r).toBe(libraryMessages.required("R"));
  });

  test("dd, tdd and dynamic: one of the options", () => {
    for (const type of ["dd", "tdd", "dynamic"] as const) {
      const defs = [def("o", type, { options: [{ value: "a", label: "A" }] })];
      expect(optionOf(applyFilters(defs, { o: "a" }, TODAY), "o")).toBe("a");
      expect(failure(() => applyFilters(defs, { o: "b" }, TODAY)).fields!.o).toBe(libraryMessages.invalidOption("O"));
    }
  });

  test("text is trimmed", () => {
    expect(textOf(applyFilters([def("t", "text")], { t: "  Smith " }, TODAY), "t")).toBe("Smith");
  });

  test("listOfLong: digits and commas only", () => {
    const defs = [def("ids", "listOfLong")];
    expect(idsOf(applyFilters(defs, { ids: "1,2,,3,2" }, TODAY), "ids")).toEqual([1, 2, 3]);
    expect(failure(() => applyFilters(defs, { ids: "1;2" }, TODAY)).fields!.ids).toBe(libraryMessages.listOfLong("IDS"));
    expect(failure(() => applyFilters(defs, { ids: "1,-2" }, TODAY)).fields!.ids).toBe(libraryMessages.listOfLong("IDS"));
    expect(failure(() => applyFilters(defs, { ids: "99999999999" }, TODAY)).fields!.ids).toBe(libraryMessages.invalidNumber("IDS"));
  });

  test("monthAndYear: 10 years back, not in the future", () => {
    const defs = [def("m", "monthAndYear")];
    expect(periodOf(applyFilters(defs, { m: "2024-02" }, TODAY), "m")).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(failure(() => applyFilters(defs, { m: "2015-12" }, TODAY)).fields!.m).toBe(libraryMessages.outOfRange("M", 2016, 2026));
    expect(failure(() => applyFilters(defs, { m: "2026-13" }, TODAY)).fields!.m).toBe(libraryMessages.invalidDate("M"));
    expect(failure(() => applyFilters([def("m", "monthAndYear")], { m: "2027-01" }, "2026-12-07")).fields!.m).toBeDefined();
  });

  test("year: within the report range -20:+1", () => {
    const defs = [def("y", "year")];
    expect(periodOf(applyFilters(defs, { y: "2020" }, TODAY), "y")).toEqual({ start: "2020-01-01", end: "2020-12-31" });
    expect(failure(() => applyFilters(defs, { y: "2005" }, TODAY)).fields!.y).toBe(libraryMessages.outOfRange("Y", 2006, 2027));
    expect(failure(() => applyFilters(defs, { y: "20x5" }, TODAY)).fields!.y).toBe(libraryMessages.invalidNumber("Y"));
    expect(datepickerYears(TODAY)).toEqual({ minYear: 2006, maxYear: 2027 });
  });
});

describe("part 2 §5 rules", () => {
  test("required filters must be set, except a group replaced by user ids", () => {
    const defs = [def("group", "text", { required: true }), def("userIds", "listOfLong")];
    expect(failure(() => applyFilters(defs, {}, TODAY)).fields!.group).toBe(libraryMessages.required("GROUP"));
    expect(failure(() => applyFilters(defs, { group: "  " }, TODAY)).fields!.group).toBe(libraryMessages.required("GROUP"));
    expect(idsOf(applyFilters(defs, { userIds: "4,5" }, TODAY), "userIds")).toEqual([4, 5]);
    // Another required filter is not replaced by user ids.
    expect(failure(() => applyFilters([def("x", "text", { required: true }), def("userIds", "listOfLong")], { userIds: "4" }, TODAY)).fields!.x).toBeDefined();
  });

  test("paired inputs: all set or all unset, naming the inputs", () => {
    const defs = [def("from", "monthAndYear"), def("to", "monthAndYear")];
    const rules = { allOrNone: [["from", "to"]] };
    const err = failure(() => applyFilters(defs, { from: "2026-01" }, TODAY, rules));
    expect(err.fields!.from).toBe("Inputs FROM, TO should be all set or all unset same time");
    expect(err.fields!.to).toBe("Inputs FROM, TO should be all set or all unset same time");
    expect(applyFilters(defs, {}, TODAY, rules).values.size).toBe(0);
    expect(applyFilters(defs, { from: "2026-01", to: "2026-03" }, TODAY, rules).values.size).toBe(2);
  });

  test("a custom functional currency needs a chosen currency", () => {
    const defs = BASE_REPORTS.find((r) => r.key === "expenses-by-status")!.filters.map((d) => (d.name === "customCurrency" ? { ...d, options: [{ value: "SEK", label: "SEK" }] } : d));
    expect(failure(() => applyFilters(defs, { currency: "CUSTOM" }, TODAY)).fields!.customCurrency).toBe(libraryMessages.currencyRequired);
    expect(currencyOf(applyFilters(defs, { currency: "CUSTOM", customCurrency: "SEK" }, TODAY))).toBe("SEK");
    expect(currencyOf(applyFilters(defs, { currency: "ALL" }, TODAY))).toBeNull();
    expect(currencyOf(applyFilters(defs, { currency: "USD" }, TODAY))).toBe("USD");
  });

  test("defaults: currency USD and due date 45 (part 2 §9)", () => {
    const bills = BASE_REPORTS.find((r) => r.key === "bills-by-status")!;
    expect(specDefaults(bills.filters)).toEqual({ currency: "USD", dueDays: "45" });
    // The defaults pass the report's own rules.
    expect(() => applyFilters(bills.filters, specDefaults(bills.filters), TODAY, bills.rules)).not.toThrow();
  });

  test("every catalogue report accepts its own defaults and names its columns once", () => {
    for (const r of BASE_REPORTS) {
      expect(() => applyFilters(r.filters, { ...specDefaults(r.filters), ...r.defaults }, TODAY, r.rules)).not.toThrow();
      expect(new Set(r.columns.map((c) => c.key)).size).toBe(r.columns.length);
      for (const c of r.columns) if (c.kind === "money") expect(r.columns.some((o) => o.key === c.currencyKey)).toBe(true);
    }
  });
});
