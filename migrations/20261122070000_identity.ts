// Identity and account lifecycle: outbox e-mail, single-use account tokens (activation and
// password reset), per-group single sign-on settings, SSO login state, and the user fields that
// activation and anonymization need. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", id)
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("link", "text")
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("set null"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("transport", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("outbox_created_idx").on("outbox").column("created_at").execute();

  await db.schema
    .createTable("account_tokens")
    .addColumn("id", "integer", id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("account_tokens_user_idx").on("account_tokens").columns(["user_id", "kind"]).execute();

  await db.schema
    .createTable("group_sso_settings")
    .addColumn("group_id", "integer", (c) => c.primaryKey().references("groups.id").onDelete("cascade"))
    .addColumn("issuer_url", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_secret", "text", (c) => c.notNull())
    .addColumn("allowed_domains", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sso_login_states")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("email_hint", "text")
    .addColumn("redirect", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("users").addColumn("phone", "text").execute();
  await db.schema.alterTable("users").addColumn("move_date", "text").execute();
  await db.schema.alterTable("users").addColumn("anonymized_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("anonymized_at").execute();
  await db.schema.alterTable("users").dropColumn("move_date").execute();
  await db.schema.alterTable("users").dropColumn("phone").execute();
  for (const table of ["sso_login_states", "group_sso_settings", "account_tokens", "outbox"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
