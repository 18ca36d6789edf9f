import type { DB } from "../../../db/index.ts";
import { insertAudit, type AuditEntry } from "../../../db/queries/audit.ts";
import type { WizardActor } from "./types.ts";

type MoveAuditEntry = { at: string; action: string; oldValues?: unknown; newValues?: unknown };

/** The audit row of a wizard write on a move, by the actor from its address. */
export function moveAuditEntry(actor: WizardActor, move: { id: number; groupId: number }, entry: MoveAuditEntry): AuditEntry {
  return { ...entry, actorUserId: actor.user.id, groupId: move.groupId, entity: "move", entityId: move.id, ip: actor.ip };
}

/** Writes the audit row of a wizard write on a move; call it in the write's transaction. */
export function auditMove(trx: DB, actor: WizardActor, move: { id: number; groupId: number }, entry: MoveAuditEntry): Promise<void> {
  return insertAudit(trx, moveAuditEntry(actor, move, entry));
}
