/**
 * npm run seed: migrates DATABASE_URL and seeds reference data, translations and (unless
 * SEED_DEMO=0) the demo groups and accounts. Idempotent: each reference data set is written only when
 * its version in reference_data_versions differs from this release's, the demo only on an empty database.
 */
import { readConfig } from "../src/config.ts";
import { dialectOf, openDatabase, type DB } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { seedAll } from "../src/db/seed.ts";

const tables = ["groups", "users", "currencies", "countries", "states", "cities", "translations"] as const;

async function counts(db: DB): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const config = readConfig();
const { db, close } = openDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
  const before = await counts(db);
  await seedAll(db, { demo: config.seedDemo });
  const after = await counts(db);
  const added = tables.filter((t) => after[t]! > before[t]!).map((t) => `${t} +${after[t]! - before[t]!}`);
  console.log(
    added.length > 0
      ? `Seeded ${dialectOf(config.databaseUrl)} database: ${added.join(", ")}`
      : "Nothing to seed: the database already holds its seed data.",
  );
  console.log(`Rows now: ${tables.map((t) => `${t} ${after[t]}`).join(", ")}${config.seedDemo ? "" : " (SEED_DEMO=0: no demo accounts)"}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await close();
}
