/**
 * The manager dashboard (issue 15; part 1 §2 "/{group}/managerDashboardBody: paginated, sortable by column,
 * zero-based page in the URL, a per-page selector"; §3 "Employee row (dashboard): id, first and last name, move
 * status, number of move stages, current move stage id, assignment end date, note, new end date, extension
 * reason, end-assignment reason"; §7 "GET /{group}/managerDashboardBody?filters&cache&page&numberOfRows (returns
 * HTML). POST /{group}/addEmployeeNote: uid, mid, notes (success)").
 *
 * `filters` (our decision, the spec leaves it open): a JSON object, URL-encoded, every key optional:
 *   { "status": "open" | "on_assignment" | "completed" | "draft", "q": "<name or e-mail, up to 100 chars>",
 *     "endFrom": "YYYY-MM-DD", "endTo": "YYYY-MM-DD" }  (end = assignment end date, both bounds inclusive).
 * Unknown keys are refused. Without a status every move but cancelled ones is listed.
 * `sort` (a column key of DASHBOARD_SORTS) and `dir` (asc | desc) sit beside `filters` in the query.
 * `cache` is the client's cache-buster: accepted (up to 64 characters) and ignored; the server reuses only the
 * pager's count, and only while the group's data version is unchanged (src/db/queries/manager/dashboard.ts), so a total
 * is never stale.
 * `page` is zero-based; `numberOfRows` one of DASHBOARD_PAGE_SIZES (the per-page selector).
 */
import { z } from "zod";
import { HR_NOTES_MAX } from "../../moves/employee-file/schemas.ts";
import { DASHBOARD_PAGE_SIZES, DASHBOARD_SORTS } from "./constants.ts";

export { DASHBOARD_PAGE_SIZES };
export const DASHBOARD_DEFAULT_ROWS = 25;

/** Sortable columns (whitelist) and their header labels, in table order. */
export const DASHBOARD_COLUMNS = [
  { key: "id", label: "Id", sortable: true },
  { key: "firstName", label: "First name", sortable: true },
  { key: "lastName", label: "Last name", sortable: true },
  { key: "moveStatus", label: "Move status", sortable: true },
  { key: "numberOfMoveStages", label: "Move stages", sortable: true },
  { key: "currentMoveStageId", label: "Current stage", sortable: true },
  { key: "assignmentEndDate", label: "Assignment end date", sortable: true },
  { key: "note", label: "Note", sortable: true },
  { key: "newEndDate", label: "New end date", sortable: true },
  { key: "extensionReason", label: "Extension reason", sortable: true },
  { key: "endAssignmentReason", label: "End-assignment reason", sortable: true },
] as const;

export { DASHBOARD_SORTS };
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];

export const dashboardMessages = {
  badFilters: "The filters are not valid.",
  badSort: "This column cannot be sorted.",
  badRows: `The number of rows must be one of ${DASHBOARD_PAGE_SIZES.join(", ")}.`,
  badPage: "The page must be a whole number from 0.",
  notAllowed: "The dashboard is not available to you.",
  noteSaved: "The note was saved.",
} as const;

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, dashboardMessages.badFilters);

export const ZDashboardFilters = z
  .strictObject({
    status: z.enum(["draft", "open", "on_assignment", "completed"], dashboardMessages.badFilters).optional(),
    q: z.string(dashboardMessages.badFilters).trim().max(100, dashboardMessages.badFilters).optional(),
    endFrom: DATE.optional(),
    endTo: DATE.optional(),
  }, { error: dashboardMessages.badFilters });
export type TDashboardFilters = z.infer<typeof ZDashboardFilters>;

/** `filters` as it arrives in the URL: empty or a JSON object (see the header). */
export const ZFiltersParam = z.preprocess((v, ctx) => {
  if (v === undefined || v === null || v === "") return {};
  if (typeof v !== "string") return v;
  try {
    const parsed: unknown = JSON.parse(v);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: dashboardMessages.badFilters, input: v });
  return z.NEVER;
}, ZDashboardFilters);

const intParam = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number(message).int(message).min(min, message).max(max, message),
  );

export const ZDashboardRequest = z.object({
  group: z.string().trim().min(1).max(64),
  filters: ZFiltersParam.default({}),
  cache: z.string().max(64).optional(),
  page: intParam(dashboardMessages.badPage, 0, 1_000_000).default(0),
  numberOfRows: z
    .preprocess((v) => (typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : v), z.number(dashboardMessages.badRows))
    .refine((n) => (DASHBOARD_PAGE_SIZES as readonly number[]).includes(n), dashboardMessages.badRows)
    .default(DASHBOARD_DEFAULT_ROWS),
  sort: z.enum(DASHBOARD_SORTS, dashboardMessages.badSort).default("lastName"),
  dir: z.enum(["asc", "desc"], dashboardMessages.badSort).default("asc"),
});
export type TDashboardRequest = z.infer<typeof ZDashboardRequest>;

export const ZDashboardRow = z.object({
  /** The employee's user id. */
  id: z.number().int(),
  moveId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  moveStatus: z.string(),
  numberOfMoveStages: z.number().int(),
  currentMoveStageId: z.number().int(),
  assignmentEndDate: z.string().nullable(),
  /** For HR and ADMIN the move's HR note (move_hr_notes); for a MANAGER their own note (move_manager_notes, issue 24 §4). */
  note: z.string().nullable(),
  newEndDate: z.string().nullable(),
  extensionReason: z.string().nullable(),
  endAssignmentReason: z.string().nullable(),
});
export type TDashboardRow = z.infer<typeof ZDashboardRow>;

export const ZDashboardResponse = z.object({
  rows: z.array(ZDashboardRow),
  total: z.number().int(),
  page: z.number().int(),
  numberOfRows: z.number().int(),
  pages: z.number().int(),
  sort: z.enum(DASHBOARD_SORTS),
  dir: z.enum(["asc", "desc"]),
  filters: ZDashboardFilters,
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

const idParam = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number("A valid id is required.").int("A valid id is required.").positive("A valid id is required.").max(2_147_483_647, "A valid id is required."),
);

/** POST /{group}/addEmployeeNote: uid (the employee), mid (their move), notes (replaces the move's note). */
export const ZAddNoteRequest = z.object({
  group: z.string().trim().min(1).max(64),
  uid: idParam,
  mid: idParam,
  notes: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string("The note must be text.").max(HR_NOTES_MAX, `The note can be at most ${HR_NOTES_MAX} characters.`),
  ),
});
export type TAddNoteRequest = z.infer<typeof ZAddNoteRequest>;

export const ZAddNoteResponse = z.object({ success: z.boolean(), note: z.string() });
export type TAddNoteResponse = z.infer<typeof ZAddNoteResponse>;
