// Guards for writes that may happen once (DESIGN.md "Data": guarded writes are atomic on both
// databases): one CURRENT cost estimate version per move, one DRAFT version per policy. Both are
// partial unique indexes, so two parallel saves cannot both win; the loser's insert fails and the
// app answers CONFLICT. Duplicate CURRENT versions left by earlier races are demoted first (the
// newest stays current). Frozen: imports nothing from src/.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("cost_estimates")
    .set({ status: "SUPERSEDED" })
    .where("status", "=", "CURRENT")
    .where(
      "id",
      "not in",
      db.selectFrom("cost_estimates").select((eb) => eb.fn.max("id").as("id")).where("status", "=", "CURRENT").groupBy("move_id"),
    )
    .execute();
  await db.schema
    .createIndex("cost_estimates_one_current")
    .on("cost_estimates")
    .column("move_id")
    .unique()
    .where(sql.ref("status"), "=", "CURRENT")
    .execute();
  await db.schema
    .createIndex("policy_versions_one_draft")
    .on("policy_versions")
    .column("policy_id")
    .unique()
    .where(sql.ref("status"), "=", "DRAFT")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("policy_versions_one_draft").execute();
  await db.schema.dropIndex("cost_estimates_one_current").execute();
}
