import { sql } from "kysely";
import { containsIgnoreCase } from "../like.ts";
import type { DB } from "../../index.ts";
import { NON_PAYABLE_CURRENCY_CODES } from "../../../domain/money/currencies.ts";

export function findCountries(db: DB) {
  return db.selectFrom("countries").select(["code", "name", "currency_code"]).orderBy("name").execute();
}

export function findStates(db: DB, countryCode: string) {
  return db
    .selectFrom("states")
    .select(["code", "name"])
    .where("country_code", "=", countryCode)
    .orderBy("name")
    .execute();
}

export function findCities(db: DB, p: { countryCode: string; stateCode?: string; search?: string; limit: number }) {
  let q = db
    .selectFrom("cities")
    .select(["id", "country_code", "state_code", "name", "latitude", "longitude"])
    .where("country_code", "=", p.countryCode);
  if (p.stateCode) q = q.where("state_code", "=", p.stateCode);
  // lower() on both sides: LIKE ignores case on SQLite but not on PostgreSQL.
  if (p.search) q = q.where(containsIgnoreCase(sql.ref("name"), p.search, "prefix"));
  return q.orderBy("name").limit(p.limit).execute();
}

/** The currencies a picker offers: ISO 4217 money, without metals, test and fund units (issue 24 §6). */
export function findCurrencies(db: DB) {
  return db.selectFrom("currencies").selectAll().where("code", "not in", [...NON_PAYABLE_CURRENCY_CODES]).orderBy("code").execute();
}

/** The newest stored rate from `base` to `quote`, if any. */
export function findLatestRate(db: DB, base: string, quote: string) {
  return db
    .selectFrom("exchange_rates")
    .select(["rate", "as_of", "source"])
    .where("base_currency", "=", base)
    .where("quote_currency", "=", quote)
    .orderBy("as_of", "desc")
    .limit(1)
    .executeTakeFirst();
}
