/**
 * The reporting room's shared shapes (issue 26; part 2 §3 "Reporting"): what a report is, what its
 * filters are, and what running one gives. Pure types (no I/O); the library, the builder, the charts,
 * the reminders and the HR overview all speak them, so a report reads the same on the page, in a CSV or
 * XLSX download and in a reminder e-mail.
 */
import type { Role } from "../roles.ts";

/** Part 2 §3: BASE (recommended), CUSTOM (configured), OLD (custom). */
export const REPORT_TYPES = ["BASE", "CUSTOM", "OLD"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Part 2 §3 filter definition types. */
export const FILTER_TYPES = ["date", "dateRange", "dd", "tdd", "dynamic", "text", "listOfLong", "monthAndYear", "year"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** Part 2 §3 "Filter definition: name, title, type, required, hidden, options, dynamicOptions". */
export type FilterDefinition = {
  name: string;
  title: string;
  type: FilterType;
  required: boolean;
  hidden: boolean;
  options: { value: string; label: string }[];
  /** For `dynamic` (and `tdd`) filters: the name of the list the server fills (e.g. "policies", "managers"). */
  dynamicOptions: string | null;
};

/** The kinds of values a report column holds (how pages, CSV and XLSX format them). */
export type ColumnKind = "text" | "integer" | "money" | "date" | "datetime" | "percent";

/** One column of a report's result. A `money` column's amounts are integer minor units; `currencyKey` names the column holding its ISO 4217 code. */
export type ReportColumn = { key: string; title: string; kind: ColumnKind; currencyKey?: string };

/** One cell: text, an integer (minor units for money), or null. Never a float for money. */
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** A report's result: its columns and its rows, streamed (a million rows never sit in memory). */
export type ReportResult = { columns: ReportColumn[]; rows: AsyncIterable<ReportRow> };

/**
 * Who is reading: their role and group, and (for a MANAGER) the restriction scope of
 * src/db/queries/restrictions.ts, read at the time of the read (a reminder e-mail reads with the recipient's).
 * `groupId` is the group whose rows are read (an admin picks one).
 */
export type ReportViewer = { userId: number; role: Role; groupId: number; lang: string };

/** Filter values as sent: name → text (a dateRange is "start||end", a listOfLong "1,2,3"). */
export type FilterValues = Record<string, string>;
