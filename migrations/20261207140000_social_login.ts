// Social login (issue 23 item 18; part 2 §3 activation form allowSocialLogin / loginType, §6 "Managers
// cannot use social login"): OpenID Connect sign-in through providers configured by SOCIAL_PROVIDERS.
// - social_identities: a provider account (provider id from the configuration + the provider's `sub`)
//   linked to one Meridian user. Unique (provider, subject): one provider account signs in one user;
//   unique (user_id, provider): a user links at most one account per provider. `linked_by` is "email"
//   (first sign-in with a verified address equal to the user's) or "explicit" (linked while signed in).
// - social_login_states: one row per sign-in or link attempt (state, nonce, PKCE verifier, the user the
//   attempt is for, 10 minutes). The callback deletes the row it uses, so a state works once.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("social_identities")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("linked_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_login_at", "text")
    .execute();
  await db.schema.createIndex("social_identities_subject_uq").on("social_identities").columns(["provider", "subject"]).unique().execute();
  await db.schema.createIndex("social_identities_user_uq").on("social_identities").columns(["user_id", "provider"]).unique().execute();

  await db.schema
    .createTable("social_login_states")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("social_login_states_expires_idx").on("social_login_states").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("social_login_states").ifExists().execute();
  await db.schema.dropTable("social_identities").ifExists().execute();
}
