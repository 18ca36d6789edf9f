/**
 * The dashboard's page sizes and sortable columns, in a module that imports nothing: the web client's route
 * table (src/web/features/dashboard/routes.tsx, part of the initial JavaScript) validates its URL search with
 * them without pulling the dashboard's zod schemas into the first download. schemas.ts re-exports them.
 */
export const DASHBOARD_PAGE_SIZES = [10, 25, 50, 100] as const;

export const DASHBOARD_SORTS = [
  "id",
  "firstName",
  "lastName",
  "moveStatus",
  "numberOfMoveStages",
  "currentMoveStageId",
  "assignmentEndDate",
  "note",
  "newEndDate",
  "extensionReason",
  "endAssignmentReason",
] as const;
