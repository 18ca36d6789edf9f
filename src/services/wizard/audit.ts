import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import type { WizardActor } from "./types.ts";

/** The audit row of a wizard write on a move, by the actor from its address; call it in the write's transaction. */
export function auditMove(
  trx: DB,
  actor: WizardActor,
  move: { id: number; groupId: number },
  entry: { at: string; action: string; oldValues?: unknown; newValues?: unknown },
): Promise<void> {
  return insertAudit(trx, { ...entry, actorUserId: actor.user.id, groupId: move.groupId, entity: "move", entityId: move.id, ip: actor.ip });
}
