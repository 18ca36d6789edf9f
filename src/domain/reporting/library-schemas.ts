/**
 * The report library's request and response schemas (issue 26; part 2 §3 "Reporting", §4 "Reports: tabs
 * recommended vs custom; favourites toggle; filters show or hide", §7 "Reporting"). One place: the `reports.*`
 * procedures (src/routers/reporting/library.ts), the documented /reporting/… paths
 * (src/routers/reporting/legacy/library.ts) and the pages parse with these.
 */
import { z } from "zod";
import { FILTER_TYPES, REPORT_TYPES } from "./types.ts";

const ZGroupName = z.string().trim().min(1).max(64);
const ZReportId = z.coerce.number().int().positive().max(2_147_483_647);

/** Filter values as sent: name → text ("start||end" for a dateRange, "1,2,3" for a listOfLong). */
export const ZFilterValues = z.record(z.string().max(100), z.string().max(4000)).refine((v) => Object.keys(v).length <= 100, { message: "Too many filters." });

/** A JSON text of filter values (the documented form posts and GETs carry them as one field), or the object itself. */
export const ZFilterValuesField = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return {};
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, ZFilterValues);

export const ZReportTab = z.enum(["BASE", "CUSTOM"]);

export const ZReportsListRequest = z.object({
  group: ZGroupName,
  tab: ZReportTab.default("BASE"),
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
});
export type TReportsListRequest = z.infer<typeof ZReportsListRequest>;

/** What the thumbnail view draws for a report: its icon and its first column titles. */
export const ZReportThumbnail = z.object({ icon: z.string(), columnTitles: z.array(z.string()) });

export const ZReportSummary = z.object({
  id: z.number().int(),
  type: z.enum(REPORT_TYPES),
  /** The catalogue key of a BASE report (null for CUSTOM/OLD). */
  key: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  favourite: z.boolean(),
  /** Admins delete custom reports; HR their own (part 2 §6). BASE reports never. */
  canDelete: z.boolean(),
  /** Managers and HR may favourite (part 2 §6); admins not. */
  canFavourite: z.boolean(),
  thumbnail: ZReportThumbnail,
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

export const ZReportCategory = z.object({ key: z.string(), label: z.string() });

export const ZReportsListResponse = z.object({ reports: z.array(ZReportSummary), categories: z.array(ZReportCategory) });
export type TReportsListResponse = z.infer<typeof ZReportsListResponse>;

export const ZReportRef = z.object({ group: ZGroupName, reportId: ZReportId });
export type TReportRef = z.infer<typeof ZReportRef>;

export const ZFilterDefinition = z.object({
  name: z.string(),
  title: z.string(),
  type: z.enum(FILTER_TYPES),
  required: z.boolean(),
  hidden: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  dynamicOptions: z.string().nullable(),
});

export const ZReportFiltersRequest = ZReportRef;
export type TReportFiltersRequest = TReportRef;
export const ZReportFiltersResponse = z.object({
  filters: z.array(ZFilterDefinition),
  /** The user's saved defaults, else the spec's (currency USD, due date 45). */
  defaults: z.record(z.string(), z.string()),
  /** Report datepickers: -20:+1 years (part 2 §9), as years. */
  datepicker: z.object({ minYear: z.number().int(), maxYear: z.number().int() }),
});
export type TReportFiltersResponse = z.infer<typeof ZReportFiltersResponse>;

export const ZReportColumn = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(["text", "integer", "money", "date", "datetime", "percent"]),
  currencyKey: z.string().optional(),
});
export const ZReportCell = z.union([z.string(), z.number(), z.null()]);

export const ZReportPreviewRequest = ZReportRef.extend({ filters: ZFilterValuesField.default({}) });
export type TReportPreviewRequest = z.infer<typeof ZReportPreviewRequest>;
/** The first 100 rows (money in integer minor units; `currencyKey` names the row's currency column). */
export const ZReportPreviewResponse = z.object({
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), ZReportCell)),
  truncated: z.boolean(),
});
export type TReportPreviewResponse = z.infer<typeof ZReportPreviewResponse>;

/** GET /reporting/finance/getReportResults: one page of a report's rows. */
export const ZReportResultsRequest = ZReportRef.extend({
  filters: ZFilterValuesField.default({}),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});
export type TReportResultsRequest = z.infer<typeof ZReportResultsRequest>;
export const ZReportResultsResponse = z.object({
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), ZReportCell)),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TReportResultsResponse = z.infer<typeof ZReportResultsResponse>;

export const ZSaveFilterDefaultsRequest = ZReportRef.extend({ filters: ZFilterValuesField });
export type TSaveFilterDefaultsRequest = z.infer<typeof ZSaveFilterDefaultsRequest>;
export const ZResultMessageResponse = z.object({ success: z.boolean(), resultMessage: z.string() });
export type TResultMessageResponse = z.infer<typeof ZResultMessageResponse>;

export const ZFilterDefaultsRequest = ZReportRef;
export const ZFilterDefaultsResponse = z.object({ filters: z.record(z.string(), z.string()), saved: z.boolean() });
export type TFilterDefaultsResponse = z.infer<typeof ZFilterDefaultsResponse>;

export const ZFavouriteRequest = ZReportRef;
export const ZFavouriteResponse = z.object({ success: z.boolean(), favourite: z.boolean() });
export type TFavouriteResponse = z.infer<typeof ZFavouriteResponse>;

/** POST loadReportFilterLabel (xlateKey, lang, defaultValue; returns success, message). */
export const ZFilterLabelRequest = z.object({
  xlateKey: z.string().trim().min(1).max(200),
  lang: z.string().trim().min(2).max(16).default("en"),
  defaultValue: z.string().max(500).default(""),
});
export type TFilterLabelRequest = z.infer<typeof ZFilterLabelRequest>;
export const ZFilterLabelResponse = z.object({ success: z.boolean(), message: z.string() });
export type TFilterLabelResponse = z.infer<typeof ZFilterLabelResponse>;

/** Form posts to /reporting/download and /reporting/generate: the report, its filters and the format. */
export const ZReportDownloadRequest = ZReportRef.extend({
  filters: ZFilterValuesField.default({}),
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type TReportDownloadRequest = z.infer<typeof ZReportDownloadRequest>;
