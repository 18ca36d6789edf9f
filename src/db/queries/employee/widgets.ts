import type { DB } from "../../index.ts";

/** The user's stored currency widget choice, if any. */
export function findWidgetPrefs(db: DB, userId: number) {
  return db.selectFrom("user_widget_prefs").select(["selected_currency", "displayed_currencies"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Stores the user's choice: one row per user, insert … on conflict do update (parallel saves leave one row, the last one's values). */
export function upsertWidgetPrefs(db: DB, row: { userId: number; selectedCurrency: string; displayedCurrencies: string; now: string }) {
  return db
    .insertInto("user_widget_prefs")
    .values({ user_id: row.userId, selected_currency: row.selectedCurrency, displayed_currencies: row.displayedCurrencies, updated_at: row.now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ selected_currency: row.selectedCurrency, displayed_currencies: row.displayedCurrencies, updated_at: row.now }),
    )
    .execute();
}

/** Names of the currencies with these codes. */
export function findCurrencyNames(db: DB, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom("currencies").select(["code", "name"]).where("code", "in", [...codes]).execute();
}
