/** Reads of the HR move page (src/services/moves/move-file.ts). No rules here. */
import type { DB } from "../../index.ts";

/** The move's estimate versions that are not deleted, newest first, with the author's name. */
export function findMoveEstimateVersions(db: DB, moveId: number) {
  return db
    .selectFrom("cost_estimates as e")
    .leftJoin("users as u", "u.id", "e.created_by")
    .select([
      "e.id",
      "e.version_number",
      "e.status",
      "e.type",
      "e.display_currency",
      "e.total_minor",
      "e.created_at",
      "e.is_approved",
      "e.approver_name",
      "e.approver_email",
      "e.approval_date",
      "e.approval_decision",
      "e.approval_comment",
      "e.approval_decided_at",
      "e.approval_decided_by",
      "u.first_name",
      "u.last_name",
    ])
    .where("e.move_id", "=", moveId)
    .where("e.status", "<>", "DELETED")
    .orderBy("e.version_number", "desc")
    .execute();
}

/** The move's stage-3 service overrides with the policy service's title, whether it is addable, and its amount. */
export function findMoveServiceOverrideTitles(db: DB, moveId: number, versionId: number) {
  return db
    .selectFrom("move_service_overrides as o")
    .leftJoin("policy_services as ps", (j) =>
      j.onRef("ps.service_key", "=", "o.service_key").onRef("ps.move_stage", "=", "o.move_stage").on("ps.policy_version_id", "=", versionId),
    )
    .leftJoin("services as s", "s.key", "o.service_key")
    .leftJoin("benefit_options as b", "b.id", "o.benefit_option_id")
    .select([
      "o.id",
      "o.move_stage",
      "o.service_key",
      "o.selected",
      "o.amount",
      "o.currency",
      "o.benefit_option_id",
      "ps.id as policy_service_id",
      "ps.amount as policy_amount",
      "ps.currency as policy_currency",
      "ps.title",
      "ps.addable",
      "s.name as service_name",
      "b.name as option_name",
    ])
    .where("o.move_id", "=", moveId)
    .orderBy("o.move_stage")
    .orderBy("o.id")
    .execute();
}

/**
 * The audit rows of a move (entity "move": wizard and estimate writes) and of its employee
 * (entity "user": activation, invitations), in the move's group, newest first, with the actor's name.
 */
export function findMoveAudit(db: DB, a: { groupId: number; moveId: number; employeeId: number; limit: number }) {
  return db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .select(["a.id", "a.at", "a.entity", "a.action", "a.actor_user_id", "u.first_name", "u.last_name"])
    .where("a.group_id", "=", a.groupId)
    .where((eb) =>
      eb.or([
        eb.and([eb("a.entity", "=", "move"), eb("a.entity_id", "=", String(a.moveId))]),
        eb.and([eb("a.entity", "=", "user"), eb("a.entity_id", "=", String(a.employeeId))]),
      ]),
    )
    .orderBy("a.id", "desc")
    .limit(a.limit)
    .execute();
}

export function findUserName(db: DB, userId: number) {
  return db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", userId).executeTakeFirst();
}
