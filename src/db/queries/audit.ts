import type { DB } from "../index.ts";
import { insertRows } from "./bulk-insert.ts";

export type AuditEntry = {
  actorUserId: number | null;
  groupId: number | null;
  entity: string;
  entityId: string | number | null;
  action: string;
  oldValues?: unknown;
  newValues?: unknown;
  ip?: string | null;
  at: string;
};

/** The audit_log row of an entry (values as JSON text). */
export function auditRow(e: AuditEntry) {
  return {
    at: e.at,
    actor_user_id: e.actorUserId,
    group_id: e.groupId,
    entity: e.entity,
    entity_id: e.entityId === null ? null : String(e.entityId),
    action: e.action,
    old_values: e.oldValues == null ? null : JSON.stringify(e.oldValues),
    new_values: e.newValues == null ? null : JSON.stringify(e.newValues),
    ip: e.ip ?? null,
  };
}

/** Appends one audit row; call it inside the same transaction as the write it records. */
export async function insertAudit(db: DB, e: AuditEntry): Promise<void> {
  await db.insertInto("audit_log").values(auditRow(e)).execute();
}

/** Appends many audit rows, many per statement (a batch's writes); the same rows `insertAudit` writes one by one. */
export async function insertAudits(db: DB, entries: AuditEntry[]): Promise<void> {
  await insertRows(db, "audit_log", entries.map(auditRow));
}

export function findAuditFor(db: DB, entity: string, entityId: string) {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("id")
    .execute();
}
