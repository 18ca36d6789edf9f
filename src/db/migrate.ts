import { Migrator, PostgresAdapter, sql, type MigrationResultSet, type Kysely } from "kysely";
import { migrations } from "../../migrations/index.ts";

/**
 * On PostgreSQL the migration tables live in the connection's current schema. Without naming it,
 * Kysely looks for `kysely_migration` in every schema and, finding another schema's copy, skips
 * creating its own and then fails ("relation kysely_migration_lock does not exist").
 */
async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
}

/**
 * Whether every migration of this release is recorded as applied, in one read of the migration
 * table (no lock, no DDL): the usual start-up, on a database that is already up to date.
 * False when the table is missing or names any migration as not yet applied.
 */
async function upToDate(db: Kysely<any>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => done.has(name));
  } catch {
    return false;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // On PostgreSQL an unqualified name may find another schema's table: there the Migrator checks itself.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) && (await upToDate(db))) return [];
  return applied(await (await migratorFor(db)).migrateToLatest());
}

export async function migrateDown(db: Kysely<any>): Promise<string[]> {
  return applied(await (await migratorFor(db)).migrateDown());
}

function applied({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
