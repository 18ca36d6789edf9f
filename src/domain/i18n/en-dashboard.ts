/**
 * English texts of the manager dashboard page /{group}/managerDashboard (issue 15; part 1 §2, §3, §7). The
 * column headers and the server's own texts (the refusal for a manager without the dashboard, the note's
 * length) come from src/domain/dashboard/schemas.ts.
 */
import { DASHBOARD_COLUMNS, dashboardMessages } from "../dashboard/schemas.ts";
import { HR_NOTES_MAX } from "../employee-file/schemas.ts";

const columns = Object.fromEntries(DASHBOARD_COLUMNS.map((c) => [`dashboard.col.${c.key}`, c.label])) as Record<`dashboard.col.${(typeof DASHBOARD_COLUMNS)[number]["key"]}`, string>;

export const enDashboard = {
  "dashboard.title": "Manager dashboard",
  "dashboard.eyebrow": "{{group}} · Dashboard",
  "dashboard.intro": "The moves you may see with their stage, assignment end date, extensions and notes. Sort by any column; the page, filters and order stay in the address.",
  "dashboard.assignmentsLink": "Extend or end assignments",
  "dashboard.caption": "Employees and their moves",
  "dashboard.filters": "Filter the dashboard",
  "dashboard.search": "Search by name",
  "dashboard.searchPlaceholder": "Name or e-mail",
  "dashboard.statusFilter": "Move status",
  "dashboard.allStatuses": "All statuses",
  "dashboard.status.draft": "Draft",
  "dashboard.status.open": "Open",
  "dashboard.status.on_assignment": "On assignment",
  "dashboard.status.completed": "Completed",
  "dashboard.status.cancelled": "Cancelled",
  "dashboard.endFrom": "Assignment ends from",
  "dashboard.endTo": "Assignment ends by",
  "dashboard.clearFilters": "Clear filters",
  "dashboard.perPage": "Rows per page",
  "dashboard.pages": "Dashboard pages",
  "dashboard.showing": "Showing {{from}}–{{to}} of {{total}}",
  "dashboard.previous": "Previous page",
  "dashboard.next": "Next page",
  "dashboard.goToPage": "Page {{page}}",
  "dashboard.sortBy": "Sort by {{column}}",
  "dashboard.empty": "No moves to show",
  "dashboard.emptyBody": "Moves you may see appear here once they are started.",
  "dashboard.noMatch": "No move matches these filters",
  "dashboard.noMatchBody": "Change or clear the filters to see more.",
  "dashboard.pastEnd": "This page is past the last one.",
  "dashboard.firstPage": "Go to the first page",
  "dashboard.loadFailed": "The dashboard could not be loaded.",
  "dashboard.notAllowed": dashboardMessages.notAllowed,
  "dashboard.notSet": "—",
  "dashboard.stageOf": "{{current}} of {{count}}",
  "dashboard.noNote": "No note",
  "dashboard.editNote": "Edit note",
  "dashboard.editNoteFor": "Edit the note of {{name}}",
  "dashboard.noteTitle": "Note for {{name}}",
  "dashboard.noteDescription": "The move's note, shared with HR's employee file. Saving replaces the previous note.",
  "dashboard.noteLabel": "Note",
  "dashboard.noteCount": "{{count}} of {{max}} characters",
  "dashboard.noteTooLong": `The note can be at most ${HR_NOTES_MAX} characters.`,
  "dashboard.saveNote": "Save note",
  "dashboard.saveFailed": "The note could not be saved.",
  "dashboard.close": "Close",
  "dashboard.cancel": "Cancel",
  ...columns,
} as const satisfies Record<string, string>;
