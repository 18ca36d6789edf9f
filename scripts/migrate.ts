/**
 * npm run migrate            applies every pending migration to DATABASE_URL
 * npm run migrate -- --down  reverts the most recent migration (one step)
 */
import { readConfig } from "../src/config.ts";
import { dialectOf, openDatabase } from "../src/db/index.ts";
import { migrateDown, migrateToLatest } from "../src/db/migrate.ts";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--down");
if (unknown.length > 0 || args.includes("--help")) {
  console.error(`usage: npm run migrate [-- --down]   (unknown argument: ${unknown.join(" ")})`);
  process.exit(2);
}
const down = args.includes("--down");

const config = readConfig();
const { db, close } = openDatabase(config.databaseUrl);
const target = `${dialectOf(config.databaseUrl)} ${redact(config.databaseUrl)}`;
try {
  if (down) {
    const reverted = await migrateDown(db);
    console.log(reverted.length > 0 ? `Reverted on ${target}: ${reverted.join(", ")}` : `Nothing to revert on ${target}.`);
  } else {
    const applied = await migrateToLatest(db);
    console.log(applied.length > 0 ? `Applied on ${target}: ${applied.join(", ")}` : `Already up to date: ${target}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await close();
}

/** Hides a password in a postgres:// URL. */
function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}
