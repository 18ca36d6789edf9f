import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Reads and seeds the e2e server's SQLite file (E2E_DATABASE_URL, shared by playwright.config.ts)
 * through Bun, since the Outbox page belongs to another feature and Node 20 has no SQLite driver.
 */
function runSql<T>(sql: string, params: Array<string | number | null>): T {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const rows = db.query(process.env.E2E_SQL).all(...JSON.parse(process.env.E2E_PARAMS));
    console.log(JSON.stringify(rows));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], {
    env: { ...process.env, E2E_SQL: sql, E2E_PARAMS: JSON.stringify(params) },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "[]") as T;
}

/** The link of the newest password-reset e-mail to `email`, or null. */
export function latestResetLink(email: string): string | null {
  const rows = runSql<Array<{ link: string | null }>>(
    "SELECT link FROM outbox WHERE to_address = ? AND template = 'passwordReset' ORDER BY id DESC LIMIT 1",
    [email],
  );
  return rows[0]?.link ?? null;
}

export function countResetMails(email: string): number {
  return runSql<Array<{ n: number }>>("SELECT COUNT(*) AS n FROM outbox WHERE to_address = ? AND template = 'passwordReset'", [email])[0]!.n;
}

/** A throw-away employee outside every group (so group pages' counts stay as seeded), without a password, for tests that change or destroy an account; returns its id. */
export function insertDisposableUser(email: string, isSsoUser = false): number {
  const now = new Date().toISOString();
  const rows = runSql<Array<{ id: number }>>(
    `INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at)
     VALUES (?, 'Dana', 'Disposable', 'EMPLOYEE', NULL, NULL, ?, ?, '1', 'ACTIVE', ?, ?) RETURNING id`,
    [email, isSsoUser ? 1 : 0, now, now, now],
  );
  return rows[0]!.id;
}

export function userRow(id: number): { email: string; first_name: string; is_sso_user: number; activation_state: string } | undefined {
  return runSql<Array<{ email: string; first_name: string; is_sso_user: number; activation_state: string }>>(
    "SELECT email, first_name, is_sso_user, activation_state FROM users WHERE id = ?",
    [id],
  )[0];
}
