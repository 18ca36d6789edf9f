// The approver's decision on a cost estimate version (issue 13 item 6): the approval e-mail carries
// a signed link to a public page where the approver approves or rejects with a comment.
// - estimate_approval_links: one row per link sent. Only the SHA-256 of the link's token is stored;
//   a link expires (expires_at) and decides once (used_at, set by a conditional update).
// - cost_estimates: the decision recorded on the version (approval_decision APPROVED | REJECTED,
//   approval_comment, approval_decided_at, approval_decided_by = the approver's e-mail). It is set
//   once, by a conditional update (… where status = 'CURRENT' and approval_decision is null).
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cost_estimates").addColumn("approval_decision", "text").execute();
  await db.schema.alterTable("cost_estimates").addColumn("approval_comment", "text").execute();
  await db.schema.alterTable("cost_estimates").addColumn("approval_decided_at", "text").execute();
  await db.schema.alterTable("cost_estimates").addColumn("approval_decided_by", "text").execute();

  await db.schema
    .createTable("estimate_approval_links")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("cost_estimate_id", "integer", (c) => c.notNull().references("cost_estimates.id").onDelete("cascade"))
    /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("approver_email", "text", (c) => c.notNull())
    .addColumn("sent_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    /** ISO-8601 UTC. */
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    /** When the link's decision was recorded (null: not used). */
    .addColumn("used_at", "text")
    /** APPROVED | REJECTED: what this link decided. */
    .addColumn("decision", "text")
    .execute();
  await db.schema.createIndex("estimate_approval_links_token_key").on("estimate_approval_links").column("token_hash").unique().execute();
  await db.schema.createIndex("estimate_approval_links_estimate_idx").on("estimate_approval_links").columns(["cost_estimate_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("estimate_approval_links").execute();
  for (const column of ["approval_decided_by", "approval_decided_at", "approval_comment", "approval_decision"]) {
    await db.schema.alterTable("cost_estimates").dropColumn(column).execute();
  }
}
