import type { Role } from "../../roles.ts";

/**
 * Who may see and change an employee file (part 1 §6: HR manages files; part 2 §6: employee files
 * can be shared with MG, the provider, and with HR). Pure: the services load the row and the caller.
 *
 * - The employee always sees the files that are theirs (their own uploads and what HR or the
 *   provider filed for them), and changes only their own uploads.
 * - HR of the file's group sees what staff filed and what the employee shared with HR.
 * - ADMIN (the provider's staff, MG) sees what staff filed and what the employee shared with MG.
 * - Every other role (MANAGER, FINANCE, CRM, SUPPLIER) and every other person sees nothing.
 * Who a file is shared with is decided by whoever filed it: the employee for their uploads, staff
 * for theirs.
 */
export type FileViewer = { id: number; role: Role; groupId: number | null };
export type FileAccessRow = {
  group_id: number;
  employee_user_id: number | null;
  uploaded_by: number | null;
  uploaded_by_role: string;
  share_mg: number;
  share_hr: number;
};

const byEmployee = (row: FileAccessRow) => row.uploaded_by_role === "EMPLOYEE";

export function canSeeFile(viewer: FileViewer, row: FileAccessRow): boolean {
  switch (viewer.role) {
    case "EMPLOYEE":
      return row.employee_user_id !== null && row.employee_user_id === viewer.id;
    case "HR":
      return viewer.groupId === row.group_id && (!byEmployee(row) || row.share_hr === 1);
    case "ADMIN":
      return !byEmployee(row) || row.share_mg === 1;
    default:
      return false;
  }
}

/** Category, notes and deletion. */
export function canEditFile(viewer: FileViewer, row: FileAccessRow): boolean {
  if (!canSeeFile(viewer, row)) return false;
  return viewer.role === "EMPLOYEE" ? byEmployee(row) : true;
}

/** Share permissions: the side that filed it. */
export function canShareFile(viewer: FileViewer, row: FileAccessRow): boolean {
  if (!canEditFile(viewer, row)) return false;
  return viewer.role === "EMPLOYEE" ? byEmployee(row) : !byEmployee(row);
}

/** Roles that use the files calls at all. */
export const FILE_ROLES = ["EMPLOYEE", "HR", "ADMIN"] as const satisfies readonly Role[];
