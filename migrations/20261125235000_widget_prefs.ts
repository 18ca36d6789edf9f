// Widget preferences (issue 14; part 1 §3 "Preferences cookie MG_WIDGETS_PREFS holds selectedCurrency and
// displayedCurrencies", part 2 §7 "POST /user/currency form {currency}"): the currency widget's choice per
// user, kept in the database as well as in the cookie so it follows the user to another browser and
// survives a cleared cookie. One row per user, written by insert … on conflict (user_id) do update.
// displayed_currencies: comma-separated ISO 4217 codes in the order shown. updated_at: ISO-8601 UTC.
// Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_widget_prefs")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("selected_currency", "text", (c) => c.notNull())
    .addColumn("displayed_currencies", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_widget_prefs").execute();
}
