// HR overview speed (issue 26 "Speed": the HR overview with 100,000 moves in the group within 10× auth.me).
// Each tile's count reads one range of an index instead of the group's moves:
// - moves_group_status_date_idx (group_id, status, move_date, id): "moves starting in the next 30 days" (open
//   moves by move date) and "drafts to finish" (status draft).
// - users_group_activation_idx (group_id, activation_state, id): "activations pending" starts from the group's
//   PENDING accounts (few) and checks each one's live moves through moves_employee_status_idx
//   (employee_user_id, status, group_id).
// - estimate_approval_links_open_idx (group_id, used_at, cost_estimate_id): "estimates awaiting approval"
//   starts from the group's unused approval links.
// (Assignments ending use moves_group_end_idx; expenses expenses_group_status_idx; incidents incidents_count_idx.)
// Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("moves_group_status_date_idx").on("moves").columns(["group_id", "status", "move_date", "id"]).execute();
  await db.schema.createIndex("moves_employee_status_idx").on("moves").columns(["employee_user_id", "status", "group_id"]).execute();
  await db.schema.createIndex("users_group_activation_idx").on("users").columns(["group_id", "activation_state", "id"]).execute();
  await db.schema.createIndex("estimate_approval_links_open_idx").on("estimate_approval_links").columns(["group_id", "used_at", "cost_estimate_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("estimate_approval_links_open_idx").execute();
  await db.schema.dropIndex("users_group_activation_idx").execute();
  await db.schema.dropIndex("moves_employee_status_idx").execute();
  await db.schema.dropIndex("moves_group_status_date_idx").execute();
}
