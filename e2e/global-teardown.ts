import { rm } from "node:fs/promises";

/** Removes the run's SQLite database (and its WAL files) that playwright.config.ts chose. */
export default async function globalTeardown(): Promise<void> {
  const db = process.env.E2E_DATABASE_URL;
  if (!db) return;
  await Promise.all(["", "-wal", "-shm"].map((suffix) => rm(`${db}${suffix}`, { force: true })));
}
