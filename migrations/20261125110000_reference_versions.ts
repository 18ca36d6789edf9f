// Reference data versions: one row per reference data set the server writes at start-up
// (geography and currencies, UI translations, the policy catalogue, the demo data). Each row holds
// the version (a content hash or package version) last written, so a start compares one small
// table with constants instead of re-reading every reference table. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reference_data_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reference_data_versions").ifExists().execute();
}
