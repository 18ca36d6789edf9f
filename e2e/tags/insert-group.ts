import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new ACTIVE client group with one policy and one manager (demo password), written straight into the e2e
 * server's SQLite file (E2E_DATABASE_URL, as e2e/moving-employee.ts does), so a spec may associate tags and
 * change HR settings without touching what other specs see.
 */
export function insertGroup(prefix: string): { name: string; displayName: string; policy: string; manager: string } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `${prefix}-${suffix}`;
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const name = process.env.E2E_GROUP, suffix = process.env.E2E_SUFFIX;
    const demo = db.query("SELECT password_hash FROM users WHERE email = 'manager@acme.test'").get();
    const now = new Date().toISOString();
    db.transaction(() => {
      const g = db.query("INSERT INTO groups (name, display_name, status, created_at, updated_at) VALUES (?, ?, 'ACTIVE', ?, ?) RETURNING id").get(name, "Group " + suffix, now, now);
      db.query("INSERT INTO policies (group_id, name, move_type, archetype, created_at, updated_at) VALUES (?, ?, 'INTERNATIONAL', 'LONG_TERM', ?, ?)").run(g.id, "Policy " + suffix, now, now);
      db.query(
        "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
        "VALUES (?, 'Tara', 'Tagged', 'MANAGER', ?, ?, 0, ?, '1', 'ACTIVE', ?, ?)",
      ).run("tagged-" + suffix + "@e2e.test", g.id, demo.password_hash, now, now, now);
    })();
  `;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_GROUP: name, E2E_SUFFIX: suffix }, encoding: "utf8" });
  return { name, displayName: `Group ${suffix}`, policy: `Policy ${suffix}`, manager: "Tara Tagged" };
}
