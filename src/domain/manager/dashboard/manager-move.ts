/**
 * A manager's read-only move page and their own note (issue 24 §4; part 1 §3 "Employee row (dashboard): … note";
 * §7 "POST /{group}/addEmployeeNote: uid, mid, notes (success)"). A manager opens every move their restrictions
 * allow (the dashboard's `restrictMoves`); the move page shows what HR's shows but the audit timeline, nothing
 * to edit, and the manager's own note. A manager's note is theirs (move_manager_notes, one per move and
 * manager), stored apart from HR's private notes (move_hr_notes), which it never overwrites; HR reads the
 * managers' notes of a move on its move page.
 */
import { z } from "zod";
import { ZMoveFileResponse } from "../../moves/move-file.ts";
import { zId } from "../../moves/wizard/search.ts";

export const ZManagerMoveRequest = z.object({ group: z.string().trim().min(1).max(64), employeeId: zId, moveId: zId });
export type TManagerMoveRequest = z.infer<typeof ZManagerMoveRequest>;

/** A manager's note on a move (empty, version 0, before the first save). */
export const ZManagerNote = z.object({ notesText: z.string(), version: z.number().int(), updatedAt: z.string().nullable() });
export type TManagerNote = z.infer<typeof ZManagerNote>;

export const ZManagerMoveResponse = ZMoveFileResponse.omit({ timeline: true }).extend({ note: ZManagerNote });
export type TManagerMoveResponse = z.infer<typeof ZManagerMoveResponse>;

/** The managers' notes on one move, for HR's move page (newest first). */
export const ZManagerNotesResponse = z.object({
  notes: z.array(z.object({ managerName: z.string(), notesText: z.string(), updatedAt: z.string() })),
});
export type TManagerNotesResponse = z.infer<typeof ZManagerNotesResponse>;
