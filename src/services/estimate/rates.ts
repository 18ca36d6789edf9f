/**
 * Exchange rates for estimates: the newest stored rate of each currency quoted from USD, crossed
 * through USD for any pair. Rates are decimal strings; display rounding (4 places) happens in
 * src/domain/money/money.ts, never here.
 */
import Decimal from "decimal.js";
import type { DB } from "../../db/index.ts";
import { findLatestRates } from "../../db/queries/estimate/estimate.ts";
import { AppError } from "../../domain/errors.ts";
import { roundHalfUp } from "../../domain/money/money.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";

export type RateOf = (from: string, to: string) => string;
export type RateTable = { rateOf: RateOf; currencies: string[] };

const cache = new WeakMap<DB, { at: number; table: RateTable }>();
const CACHE_MS = 60_000;

/** Places kept in a crossed rate before display rounding. */
const CROSS_PLACES = 10;

export function rateTableFrom(fromUsd: Map<string, string>): RateTable {
  const usd = (code: string) => {
    if (code === "USD") return new Decimal(1);
    const r = fromUsd.get(code);
    if (!r) throw new AppError("VALIDATION", estimateMessages.experiencingIssue, { currency: `No exchange rate for ${code}.` });
    return new Decimal(r);
  };
  return {
    currencies: ["USD", ...[...fromUsd.keys()].filter((c) => c !== "USD")].sort(),
    rateOf(from, to) {
      if (from === to) return "1";
      return roundHalfUp(usd(to).dividedBy(usd(from)), CROSS_PLACES);
    },
  };
}

/** The rate table of this database (read at most once a minute). */
export async function loadRates(db: DB, now = Date.now()): Promise<RateTable> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_MS) return hit.table;
  const rows = await findLatestRates(db);
  const fromUsd = new Map<string, string>();
  for (const r of rows) {
    if (r.base_currency === "USD" && !fromUsd.has(r.quote_currency)) fromUsd.set(r.quote_currency, r.rate);
  }
  const table = rateTableFrom(fromUsd);
  cache.set(db, { at: now, table });
  return table;
}
