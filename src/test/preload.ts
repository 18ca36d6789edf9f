// Loaded before every `bun test` file (bunfig.toml): quiet request logs.
process.env.LOG_REQUESTS ??= "0";

// After the run's last test: drop the PostgreSQL template databases src/test/db.ts made for this process.
import { afterAll } from "bun:test";
afterAll(async () => {
  await (globalThis as { __meridianPgTemplates?: { drop?: () => Promise<void> } }).__meridianPgTemplates?.drop?.();
});
