/**
 * Report filters (issue 26; part 2 §3 "Filter definition", §5 "Reporting", §9): every filter type's parsing
 * and the §5 rules, pure. The library (src/services/reporting/library.ts), the runner (run.ts) and the reminders
 * read filter values through `applyFilters`, so a value means the same on the page, in a download and in a mail.
 *
 * Rules (part 2 §5 "Filters: required ones non-empty (except group, which may be replaced by user ids);
 * "Inputs ... should be all set or all unset same time"; list-of-long fields allow digits and commas; custom
 * functional currency needs a chosen currency; range start cannot be after end (auto-adjusted); dates not in
 * the future"; §9 "datepicker … -20:+1 in reports; month and year dropdowns cover 10 years back"; "Default
 * currency filter in reports USD; default due date filter 45").
 *
 * Value formats: date "YYYY-MM-DD"; dateRange "start||end" (either side may be empty when not required);
 * dd/tdd/dynamic one option value; text free text; listOfLong "1,2,3"; monthAndYear "YYYY-MM"; year "YYYY".
 * A failure is AppError VALIDATION "Error applying filters..." (§8) with the rule's text per filter name.
 */
import { AppError, type FieldErrors } from "../errors.ts";
import { libraryMessages } from "./library-messages.ts";
import type { FilterDefinition, FilterValues } from "./types.ts";

/** Part 2 §9: the report filter defaults. */
export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_DUE_DAYS = "45";
/** The currency filter's value that asks for a custom functional currency (chosen in `customCurrency`). */
export const CUSTOM_CURRENCY = "CUSTOM";
/** The filter that may stand in for a required `group` filter (part 2 §5). */
export const GROUP_FILTER = "group";
export const USER_IDS_FILTER = "userIds";
export const CURRENCY_FILTER = "currency";
export const CUSTOM_CURRENCY_FILTER = "customCurrency";
export const DUE_DAYS_FILTER = "dueDays";

/** Part 2 §9: report datepickers span -20:+1 years around today. */
export function datepickerYears(today: string): { minYear: number; maxYear: number } {
  const year = Number(today.slice(0, 4));
  return { minYear: year - 20, maxYear: year + 1 };
}

/** Part 2 §9 "month and year dropdowns cover 10 years back". */
export const MONTH_YEAR_BACK = 10;

/** A parsed filter value. */
export type FilterValue =
  | { type: "date"; date: string }
  | { type: "dateRange"; start: string | null; end: string | null }
  | { type: "option"; value: string }
  | { type: "text"; text: string }
  | { type: "ids"; ids: number[] }
  | { type: "monthAndYear"; year: number; month: number }
  | { type: "year"; year: number };

/** The parsed values of a report's filters (absent = unset). */
export type AppliedFilters = { values: Map<string, FilterValue>; raw: FilterValues };

/** A report's filter rules beyond each definition: groups of inputs that are all set or all unset. */
export type FilterRules = { allOrNone?: string[][] };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "YYYY-MM-DD" (no 2025-02-30). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The spec's defaults for a report's filters: currency USD, due date 45 (part 2 §9), else each definition's first option for a required dropdown. */
export function specDefaults(defs: readonly FilterDefinition[]): FilterValues {
  const out: FilterValues = {};
  for (const d of defs) {
    if (d.name === CURRENCY_FILTER) out[d.name] = DEFAULT_CURRENCY;
    else if (d.name === DUE_DAYS_FILTER) out[d.name] = DEFAULT_DUE_DAYS;
  }
  return out;
}

/** "start||end" split (a value without `||` is the start alone). */
export function splitRange(text: string): [string, string] {
  const at = text.indexOf("||");
  if (at < 0) return [text.trim(), ""];
  return [text.slice(0, at).trim(), text.slice(at + 2).trim()];
}

const isSet = (v: string | undefined) => v !== undefined && v.trim() !== "" && v.trim() !== "||";

/**
 * Parses and checks `values` against a report's filter definitions (unknown names are ignored). Answers
 * the parsed values; a dateRange whose start is after its end comes back aligned (end = start), as the
 * spec's "auto-adjusted". `today` is "YYYY-MM-DD" (UTC).
 */
export function applyFilters(defs: readonly FilterDefinition[], values: FilterValues, today: string, rules: FilterRules = {}): AppliedFilters {
  const errors: FieldErrors = {};
  const parsed = new Map<string, FilterValue>();
  const raw: FilterValues = {};
  const byName = new Map(defs.map((d) => [d.name, d]));
  const { minYear, maxYear } = datepickerYears(today);

  const checkDate = (d: FilterDefinition, text: string): string | null => {
    if (!isIsoDate(text)) return libraryMessages.invalidDate(d.title);
    const year = Number(text.slice(0, 4));
    if (year < minYear || year > maxYear) return libraryMessages.outOfRange(d.title, minYear, maxYear);
    if (text > today) return libraryMessages.futureDate(d.title);
    return null;
  };

  for (const d of defs) {
    const text = values[d.name];
    if (!isSet(text)) {
      // Part 2 §5: a required group may be replaced by user ids.
      const replacedByUsers = d.name === GROUP_FILTER && isSet(values[USER_IDS_FILTER]) && byName.has(USER_IDS_FILTER);
      if (d.required && !replacedByUsers) errors[d.name] = libraryMessages.required(d.title);
      continue;
    }
    const value = text!.trim();
    switch (d.type) {
      case "date": {
        const e = checkDate(d, value);
        if (e) errors[d.name] = e;
        else parsed.set(d.name, { type: "date", date: value });
        break;
      }
      case "dateRange": {
        let [start, end] = splitRange(value);
        if (d.required && (start === "" || end === "")) {
          errors[d.name] = libraryMessages.required(d.title);
          break;
        }
        const e = (start !== "" ? checkDate(d, start) : null) ?? (end !== "" ? checkDate(d, end) : null);
        if (e) {
          errors[d.name] = e;
          break;
        }
        // Part 2 §5 "range start cannot be after end (auto-adjusted)": the end is aligned to the start.
        if (start !== "" && end !== "" && start > end) end = start;
        parsed.set(d.name, { type: "dateRange", start: start || null, end: end || null });
        raw[d.name] = `${start}||${end}`;
        break;
      }
      case "dd":
      case "tdd":
      case "dynamic": {
        if (d.options.length > 0 && !d.options.some((o) => o.value === value)) errors[d.name] = libraryMessages.invalidOption(d.title);
        else parsed.set(d.name, { type: "option", value });
        break;
      }
      case "text":
        parsed.set(d.name, { type: "text", text: value.slice(0, 200) });
        break;
      case "listOfLong": {
        // Part 2 §5 "list-of-long fields allow digits and commas".
        if (!/^[0-9,\s]*$/.test(value)) {
          errors[d.name] = libraryMessages.listOfLong(d.title);
          break;
        }
        const ids = value
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "")
          .map(Number);
        if (ids.some((n) => !Number.isSafeInteger(n) || n > 2_147_483_647)) {
          errors[d.name] = libraryMessages.invalidNumber(d.title);
          break;
        }
        parsed.set(d.name, { type: "ids", ids: [...new Set(ids)] });
        break;
      }
      case "monthAndYear": {
        const m = /^(\d{4})-(\d{2})$/.exec(value);
        const year = m ? Number(m[1]) : NaN;
        const month = m ? Number(m[2]) : NaN;
        const thisYear = Number(today.slice(0, 4));
        if (!m || month < 1 || month > 12) errors[d.name] = libraryMessages.invalidDate(d.title);
        else if (year < thisYear - MONTH_YEAR_BACK || year > thisYear) errors[d.name] = libraryMessages.outOfRange(d.title, thisYear - MONTH_YEAR_BACK, thisYear);
        else if (value > today.slice(0, 7)) errors[d.name] = libraryMessages.futureDate(d.title);
        else parsed.set(d.name, { type: "monthAndYear", year, month });
        break;
      }
      case "year": {
        const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
        if (Number.isNaN(year)) errors[d.name] = libraryMessages.invalidNumber(d.title);
        else if (year < minYear || year > maxYear) errors[d.name] = libraryMessages.outOfRange(d.title, minYear, maxYear);
        else parsed.set(d.name, { type: "year", year });
        break;
      }
    }
    if (!(d.name in raw) && !errors[d.name]) raw[d.name] = value;
  }

  // Part 2 §5 "Inputs ... should be all set or all unset same time", naming the inputs.
  for (const group of rules.allOrNone ?? []) {
    const set = group.filter((n) => isSet(values[n]));
    if (set.length > 0 && set.length < group.length) {
      const titles = group.map((n) => byName.get(n)?.title ?? n);
      for (const n of group) errors[n] ??= libraryMessages.allOrNone(titles);
    }
  }

  // Part 2 §5 "custom functional currency needs a chosen currency".
  if (values[CURRENCY_FILTER]?.trim() === CUSTOM_CURRENCY && byName.has(CURRENCY_FILTER) && !isSet(values[CUSTOM_CURRENCY_FILTER])) {
    errors[CUSTOM_CURRENCY_FILTER] ??= libraryMessages.currencyRequired;
  }

  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", libraryMessages.errorApplyingFilters, errors);
  return { values: parsed, raw };
}

/** Readers of parsed values (the queries take plain values, no rules). */
export function optionOf(f: AppliedFilters, name: string): string | null {
  const v = f.values.get(name);
  return v?.type === "option" ? v.value : null;
}
export function textOf(f: AppliedFilters, name: string): string | null {
  const v = f.values.get(name);
  return v?.type === "text" ? v.text : null;
}
export function idsOf(f: AppliedFilters, name: string): number[] | null {
  const v = f.values.get(name);
  return v?.type === "ids" && v.ids.length > 0 ? v.ids : null;
}
/** A dateRange (or date) as inclusive bounds; a monthAndYear or year as the whole period. */
export function periodOf(f: AppliedFilters, name: string): { start: string | null; end: string | null } {
  const v = f.values.get(name);
  if (!v) return { start: null, end: null };
  switch (v.type) {
    case "dateRange":
      return { start: v.start, end: v.end };
    case "date":
      return { start: v.date, end: v.date };
    case "monthAndYear": {
      const mm = String(v.month).padStart(2, "0");
      const last = new Date(Date.UTC(v.year, v.month, 0)).getUTCDate();
      return { start: `${v.year}-${mm}-01`, end: `${v.year}-${mm}-${String(last).padStart(2, "0")}` };
    }
    case "year":
      return { start: `${v.year}-01-01`, end: `${v.year}-12-31` };
    default:
      return { start: null, end: null };
  }
}

/**
 * The currency a money report reads: the filter's code, the custom functional currency's when CUSTOM, or
 * null for ALL (every currency, each row in its own).
 */
export function currencyOf(f: AppliedFilters): string | null {
  const v = optionOf(f, CURRENCY_FILTER);
  if (v === null || v === "ALL") return null;
  if (v === CUSTOM_CURRENCY) return optionOf(f, CUSTOM_CURRENCY_FILTER) ?? textOf(f, CUSTOM_CURRENCY_FILTER);
  return v;
}

/** Adds days to "YYYY-MM-DD". */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
