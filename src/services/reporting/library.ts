/**
 * The report library (issue 26; part 2 §3, §4 "Reports: tabs recommended vs custom; favourites toggle; filters
 * show or hide", §5, §6 "Reports", §7, §9): the services behind `reports.*` and the documented /reporting/…
 * paths. The group comes resolved and checked (groupProcedure, or `libraryGroup` on the legacy paths): HR and
 * managers their own, admins any (an admin must pick one, part 2 §6).
 *
 * - Listing: the tab's reports (BASE; or CUSTOM and OLD), search over name and description, a category; the
 *   drawdown category only for a group with a Drawdown client account; reports disabled for the group
 *   (report_permissions enabled = 0) are not listed for HR and managers (admins see every one).
 * - Favourites: HR and managers only (part 2 §6); add and remove are idempotent (primary key + on conflict), so
 *   N parallel adds leave one row and every request succeeds.
 * - Filter defaults per user and report (one row: insert … on conflict do update); checked by the §5 rules
 *   before they are saved; without saved ones, the spec's (currency USD, due date 45).
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  deleteFavourite,
  findFilterDefaults,
  findGroupReports,
  groupHasDrawdown,
  insertFavourite,
  upsertFilterDefaults,
} from "../../db/queries/reporting/library.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import { categoryLabel, DRAWDOWN_CATEGORY, REPORT_CATEGORIES } from "../../domain/reporting/catalog.ts";
import { applyFilters, datepickerYears, specDefaults } from "../../domain/reporting/filters.ts";
import { libraryMessages } from "../../domain/reporting/library-messages.ts";
import type {
  TFavouriteResponse,
  TFilterDefaultsResponse,
  TFilterLabelRequest,
  TFilterLabelResponse,
  TReportFiltersResponse,
  TReportPreviewRequest,
  TReportPreviewResponse,
  TReportResultsRequest,
  TReportResultsResponse,
  TReportsListRequest,
  TReportsListResponse,
  TResultMessageResponse,
  TSaveFilterDefaultsRequest,
} from "../../domain/reporting/library-schemas.ts";
import type { FilterDefinition, FilterValues, ReportResult, ReportRow, ReportViewer } from "../../domain/reporting/types.ts";
import type { SessionUser } from "../identity/auth.ts";
import { loadMessages } from "../admin/i18n.ts";
import { assertReportingAllowed, catalogOf, filledFilters, reportForViewer, runReport, todayOf } from "./run.ts";

export type LibraryGroup = { id: number; name: string };

/** Who may use the library (the legacy paths check it before the request is read). */
export const LIBRARY_ROLES: Role[] = ["HR", "MANAGER", "ADMIN"];
export const FAVOURITE_ROLES: Role[] = ["HR", "MANAGER"];

/** The URL's or form's group for a legacy handler, checked as groupProcedure checks it (role first, then group). */
export async function libraryGroup(db: DB, user: SessionUser, name: string | undefined, roles: Role[] = LIBRARY_ROLES): Promise<LibraryGroup> {
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!name) {
    if (user.role === "ADMIN" || user.groupId === null || user.groupName === null) throw new AppError("VALIDATION", libraryMessages.selectGroupFirst, { group: libraryMessages.selectGroupFirst });
    return { id: user.groupId, name: user.groupName };
  }
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { id: group.id, name: group.name };
}

export function viewerOf(user: SessionUser, group: LibraryGroup): ReportViewer {
  return { userId: user.id, role: user.role, groupId: group.id, lang: "en" };
}

export async function listReports(db: DB, user: SessionUser, group: LibraryGroup, input: Omit<TReportsListRequest, "group">): Promise<TReportsListResponse> {
  await assertReportingAllowed(db, { role: user.role, userId: user.id });
  const drawdown = await groupHasDrawdown(db, group.id);
  const category = input.category && (input.category !== DRAWDOWN_CATEGORY || drawdown) ? input.category : input.category ? "\u0000none" : null;
  const rows = await findGroupReports(db, {
    groupId: group.id,
    userId: user.id,
    types: input.tab === "BASE" ? ["BASE"] : ["CUSTOM", "OLD"],
    search: input.search || null,
    category,
    enabledOnly: user.role !== "ADMIN",
  });
  const canFavourite = FAVOURITE_ROLES.includes(user.role);
  const reports = rows
    .filter((r) => drawdown || r.category !== DRAWDOWN_CATEGORY)
    .map((r) => {
      const entry = catalogOf(r);
      return {
        id: r.id,
        type: r.type as "BASE" | "CUSTOM" | "OLD",
        key: r.report_key,
        name: r.display_name?.trim() || r.name,
        description: r.description,
        category: r.category,
        favourite: canFavourite && r.favourite === 1,
        // Part 2 §6: admins delete custom reports; HR their own.
        canDelete: r.type !== "BASE" && (user.role === "ADMIN" || (user.role === "HR" && r.created_by === user.id)),
        canFavourite,
        thumbnail: { icon: entry?.icon ?? "table", columnTitles: (entry?.columns ?? customColumns(r.definition)).slice(0, 4).map((c) => c.title) },
      };
    });
  const present = new Set(reports.map((r) => r.category));
  const categories = REPORT_CATEGORIES.filter((c) => (c.key !== DRAWDOWN_CATEGORY || drawdown) && (present.has(c.key) || input.tab === "BASE")).map((c): { key: string; label: string } => ({ key: c.key, label: c.label }));
  for (const key of present) if (!categories.some((c) => c.key === key)) categories.push({ key, label: categoryLabel(key) });
  return { reports, categories };
}

/** The column titles a saved custom report names (its definition's fields), for the thumbnail. */
function customColumns(definition: string | null): { title: string }[] {
  if (!definition) return [];
  try {
    const parsed = JSON.parse(definition) as { fields?: { title?: string; name?: string }[] };
    return (parsed.fields ?? []).map((f) => ({ title: String(f.title ?? f.name ?? "") }));
  } catch {
    return [];
  }
}

/** A report's filter definitions with the dynamic lists filled (a CUSTOM/OLD report has none here). */
async function filtersOf(db: DB, viewer: ReportViewer, reportId: number): Promise<{ defs: FilterDefinition[]; rules: ReturnType<typeof rulesOf>; defaults: FilterValues }> {
  await assertReportingAllowed(db, viewer);
  const report = await reportForViewer(db, viewer, reportId);
  const entry = catalogOf(report);
  const defs = entry?.filters ?? [];
  const filled = await filledFilters(db, viewer.groupId, defs);
  return { defs: filled, rules: rulesOf(entry), defaults: { ...specDefaults(defs), ...entry?.defaults } };
}
const rulesOf = (entry: ReturnType<typeof catalogOf>) => entry?.rules ?? {};

export async function reportFilters(db: DB, user: SessionUser, group: LibraryGroup, reportId: number, now = new Date()): Promise<TReportFiltersResponse> {
  const viewer = viewerOf(user, group);
  const { defs, defaults } = await filtersOf(db, viewer, reportId);
  return { filters: defs, defaults: await defaultsOf(db, user.id, reportId, defaults), datepicker: datepickerYears(todayOf(now)) };
}

async function defaultsOf(db: DB, userId: number, reportId: number, fallback: FilterValues): Promise<FilterValues> {
  const saved = await findFilterDefaults(db, userId, reportId);
  if (saved !== undefined) {
    try {
      return JSON.parse(saved) as FilterValues;
    } catch {
      // An unreadable row falls back to the spec's defaults.
    }
  }
  return fallback;
}

export async function filterDefaults(db: DB, user: SessionUser, group: LibraryGroup, reportId: number): Promise<TFilterDefaultsResponse> {
  const viewer = viewerOf(user, group);
  const { defaults } = await filtersOf(db, viewer, reportId);
  const saved = await findFilterDefaults(db, user.id, reportId);
  return { filters: await defaultsOf(db, user.id, reportId, defaults), saved: saved !== undefined };
}

export async function saveFilterDefaults(db: DB, user: SessionUser, group: LibraryGroup, input: Omit<TSaveFilterDefaultsRequest, "group">, now = new Date()): Promise<TResultMessageResponse> {
  const viewer = viewerOf(user, group);
  const { defs, rules } = await filtersOf(db, viewer, input.reportId);
  // Part 2 §5: the values are checked as a run would check them (a CUSTOM report keeps what was sent).
  const values = defs.length > 0 ? applyFilters(defs, input.filters, todayOf(now), rules).raw : input.filters;
  await upsertFilterDefaults(db, user.id, input.reportId, JSON.stringify(values), now);
  return { success: true, resultMessage: libraryMessages.filterDefaultsSaved };
}

/** Preview: the first 100 rows (the run stops reading there). */
export const PREVIEW_ROWS = 100;

async function take(result: ReportResult, skip: number, count: number): Promise<{ rows: ReportRow[]; more: boolean }> {
  const rows: ReportRow[] = [];
  let seen = 0;
  const iterator = result.rows[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return { rows, more: false };
      if (seen++ < skip) continue;
      if (rows.length === count) return { rows, more: true };
      rows.push(next.value);
    }
  } finally {
    await iterator.return?.();
  }
}

export async function previewReport(db: DB, user: SessionUser, group: LibraryGroup, input: Omit<TReportPreviewRequest, "group">, now = new Date()): Promise<TReportPreviewResponse> {
  const result = await runReport(db, viewerOf(user, group), input.reportId, input.filters, now);
  const { rows, more } = await take(result, 0, PREVIEW_ROWS);
  return { columns: result.columns, rows, truncated: more };
}

export async function reportResults(db: DB, user: SessionUser, group: LibraryGroup, input: Omit<TReportResultsRequest, "group">, now = new Date()): Promise<TReportResultsResponse> {
  const result = await runReport(db, viewerOf(user, group), input.reportId, input.filters, now);
  const { rows, more } = await take(result, input.page * input.pageSize, input.pageSize);
  return { columns: result.columns, rows, page: input.page, pageSize: input.pageSize, hasMore: more };
}

/** Favourites: HR and managers (part 2 §6), a report their group may list. */
async function favouriteReport(db: DB, user: SessionUser, group: LibraryGroup, reportId: number): Promise<void> {
  if (!FAVOURITE_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", libraryMessages.favouritesNotForAdmins);
  await assertReportingAllowed(db, { role: user.role, userId: user.id });
  await reportForViewer(db, viewerOf(user, group), reportId);
}

export async function addFavourite(db: DB, user: SessionUser, group: LibraryGroup, reportId: number, now = new Date()): Promise<TFavouriteResponse> {
  await favouriteReport(db, user, group, reportId);
  await insertFavourite(db, user.id, reportId, now);
  return { success: true, favourite: true };
}

export async function removeFavourite(db: DB, user: SessionUser, group: LibraryGroup, reportId: number): Promise<TFavouriteResponse> {
  await favouriteReport(db, user, group, reportId);
  await deleteFavourite(db, user.id, reportId);
  return { success: true, favourite: false };
}

/**
 * POST loadReportFilterLabel: the translation of `xlateKey` in `lang` (the caller's group's own first), else
 * `defaultValue`; success is false when neither exists.
 */
export async function filterLabel(db: DB, input: TFilterLabelRequest, user?: SessionUser): Promise<TFilterLabelResponse> {
  const group = user?.groupName ?? undefined;
  const found = (await loadMessages(db, input.lang, group)).messages[input.xlateKey];
  if (found !== undefined) return { success: true, message: found };
  if (input.defaultValue) return { success: true, message: input.defaultValue };
  const english = input.lang === "en" ? undefined : (await loadMessages(db, "en", group)).messages[input.xlateKey];
  return english !== undefined ? { success: true, message: english } : { success: false, message: "" };
}

/** The report a download names, for its file name (the run checks access again). */
export async function reportNameFor(db: DB, viewer: ReportViewer, reportId: number): Promise<string> {
  const report = await reportForViewer(db, viewer, reportId);
  return report.display_name?.trim() || report.name;
}
