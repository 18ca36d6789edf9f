import { readConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { seedAll } from "./db/seed.ts";
import { deleteExpiredSessions } from "./db/queries/identity/sessions.ts";
import { createApp } from "./server/app.ts";
import { directoryAssets, type AssetSource } from "./server/assets.ts";
import { startJobWorker } from "./services/jobs/queue.ts";
import { startNotificationMailer } from "./services/identity/notifications/notify.ts";
import { startReminderScheduler } from "./services/reporting/scheduler.ts";
import { startCrmReminderDueCheck } from "./services/crm/reminders.ts";
import { fileStoreFor } from "./services/employee/files/store.ts";
import { mailerFor } from "./trpc.ts";
import { publicBaseUrl } from "./services/mail.ts";

/**
 * Starts Meridian: configuration, database, migrations, seed data on an empty database,
 * the HTTP server and the session sweeper. `npm start` and the single binary both come here.
 */
export async function startServer(options: { config?: Config; assets?: AssetSource } = {}) {
  const config = options.config ?? readConfig();
  if (!config.publicUrl) {
    console.warn(`PUBLIC_URL is not set: links in e-mails and sign-in redirects point at ${publicBaseUrl(config)}. Set PUBLIC_URL to the address users open.`);
  }
  const { db, dialect, close } = openDatabase(config.databaseUrl);
  // Several instances may start at once on one PostgreSQL database: one applies, the others wait.
  await withStartupLock(db, dialect, async () => {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
    await seedAll(db, { demo: config.seedDemo, files: fileStoreFor(config) });
  });

  const app = createApp({ db, config, assets: options.assets ?? directoryAssets(config.webDir) });
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: config.maxBodyBytes + 1024 * 1024,
    fetch: (req, srv) => app.fetch(req, { ip: srv.requestIP(req)?.address, trustProxy: config.trustProxy }),
  });

  const sweep = setInterval(() => {
    const now = new Date();
    const idleCutoff = new Date(now.getTime() - config.session.idleMinutes * 60_000).toISOString();
    deleteExpiredSessions(db, idleCutoff, now.toISOString()).catch((e) => console.error("[sessions] sweep failed", e));
  }, 5 * 60_000);

  // Persisted background jobs (estimate recalculation, imports): resumes what a restart left.
  const stopJobs = startJobWorker({ db, config, mailer: mailerFor(config) });
  // Notification e-mails leave after their decision commits (issue 24 §3).
  const stopNotificationMails = startNotificationMailer({ db, config, mailer: mailerFor(config) });
  // Scheduled report and HR e-mail reminders (issue 26): croner each minute; one instance sends each (a lease row).
  const stopReminders = startReminderScheduler({ db, config, mailer: mailerFor(config) });
  // CRM reminders whose time has come are sent to their owners, each once across instances (issue 26).
  const stopCrmReminders = startCrmReminderDueCheck(db);

  console.log(`Meridian listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${server.port} (${dialect})`);
  const stop = async () => {
    clearInterval(sweep);
    stopJobs();
    stopNotificationMails();
    stopReminders();
    stopCrmReminders();
    server.stop();
    await close();
  };
  return { server, db, stop };
}

if (import.meta.main) {
  const { stop } = await startServer();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void stop().then(() => process.exit(0)));
  }
}
