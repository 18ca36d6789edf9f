/**
 * Demo supplier quotes (issue 14 comparison page): employee@acme.test (New York) and
 * employee@globex.test (Berlin) each get quotes for flat search and removals on their open move — onshore
 * and international suppliers, one over the flat-search budget (the overdraft popup), one expired (cannot
 * be booked). Written as HR would enter them; only on a move without quotes (idempotent).
 */
import type { DB } from "./index.ts";
import { toMinor } from "../domain/money/money.ts";

type DemoQuote = { service: string; stage: number; company: string; scope: "ONSHORE" | "INTERNATIONAL"; currency: string; amount: string; details: string; location: string; lat: number; lon: number; validDays: number };

const DEMO_QUOTES: Record<string, DemoQuote[]> = {
  "employee@acme.test": [
    { service: "FLATSEARCH", stage: 1, company: "Manhattan Home Finders", scope: "ONSHORE", currency: "USD", amount: "1800.00", details: "Three accompanied viewing days, lease negotiation and move-in inspection. Fee payable on signing.", location: "Midtown Manhattan, New York", lat: 40.7549, lon: -73.984, validDays: 30 },
    { service: "FLATSEARCH", stage: 1, company: "Brooklyn Bridge Relocation", scope: "ONSHORE", currency: "USD", amount: "2400.00", details: "Five viewing days across Brooklyn and Manhattan, school-district briefing, utilities set-up.", location: "Brooklyn Heights, New York", lat: 40.6959, lon: -73.9956, validDays: 21 },
    { service: "FLATSEARCH", stage: 1, company: "Atlas Global Homes", scope: "INTERNATIONAL", currency: "USD", amount: "5200.00", details: "Dedicated consultant in London and New York, virtual pre-viewings, unlimited viewing days.", location: "London, United Kingdom", lat: 51.5072, lon: -0.1276, validDays: 45 },
    { service: "FLATSEARCH", stage: 1, company: "Hudson Apartment Scouts", scope: "ONSHORE", currency: "USD", amount: "1200.00", details: "Two viewing days. This offer has lapsed.", location: "Jersey City, New Jersey", lat: 40.7178, lon: -74.0431, validDays: -3 },
    { service: "REMOVALS", stage: 1, company: "Crown Worldwide Movers", scope: "INTERNATIONAL", currency: "USD", amount: "8450.00", details: "Door-to-door sea freight, 20 ft container, packing, customs clearance and insurance.", location: "Newark, New Jersey", lat: 40.7357, lon: -74.1724, validDays: 30 },
    { service: "REMOVALS", stage: 1, company: "Empire State Van Lines", scope: "ONSHORE", currency: "USD", amount: "3100.00", details: "Local delivery from the port, unpacking and debris removal.", location: "Queens, New York", lat: 40.7282, lon: -73.7949, validDays: 30 },
  ],
  "employee@globex.test": [
    { service: "FLATSEARCH", stage: 1, company: "Berlin Wohnungsservice", scope: "ONSHORE", currency: "EUR", amount: "1200.00", details: "Two viewing days in Mitte and Prenzlauer Berg, Anmeldung appointment, German lease review.", location: "Mitte, Berlin", lat: 52.52, lon: 13.405, validDays: 30 },
    { service: "FLATSEARCH", stage: 1, company: "Hauptstadt Relocation", scope: "ONSHORE", currency: "EUR", amount: "1650.00", details: "Four viewing days, SCHUFA guidance, handover protocol.", location: "Charlottenburg, Berlin", lat: 52.5163, lon: 13.3041, validDays: 30 },
    { service: "FLATSEARCH", stage: 1, company: "EuroHome International", scope: "INTERNATIONAL", currency: "EUR", amount: "4100.00", details: "Consultants in London and Berlin, virtual tours before arrival, unlimited viewings.", location: "Amsterdam, Netherlands", lat: 52.3676, lon: 4.9041, validDays: 30 },
    { service: "REMOVALS", stage: 1, company: "Santa Fe Relocation", scope: "INTERNATIONAL", currency: "EUR", amount: "5900.00", details: "Road freight from the UK, packing, customs and storage up to 30 days.", location: "Hamburg, Germany", lat: 53.5511, lon: 9.9937, validDays: 30 },
  ],
};

export async function seedQuotesDemo(db: DB, now = new Date()): Promise<number> {
  let written = 0;
  const at = now.toISOString();
  for (const [email, quotes] of Object.entries(DEMO_QUOTES)) {
    const move = await db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.id", "m.group_id"])
      .where("u.email", "=", email)
      .where("m.status", "in", ["open", "on_assignment"])
      .orderBy("m.id", "desc")
      .executeTakeFirst();
    if (!move) continue;
    if (await db.selectFrom("supplier_quotes").select("id").where("move_id", "=", move.id).limit(1).executeTakeFirst()) continue;
    const hr = await db.selectFrom("users").select("id").where("group_id", "=", move.group_id).where("role", "=", "HR").orderBy("id").limit(1).executeTakeFirst();
    for (const q of quotes) {
      const money = toMinor(q.amount, q.currency);
      await db
        .insertInto("supplier_quotes")
        .values({
          group_id: move.group_id, move_id: move.id, service_key: q.service, move_stage: q.stage, company_name: q.company, scope: q.scope,
          currency: money.currency, amount: money.amount, details: q.details, location: q.location, latitude: String(q.lat), longitude: String(q.lon),
          valid_until: new Date(now.getTime() + q.validDays * 86_400_000).toISOString().slice(0, 10), status: "OPEN",
          created_by: hr?.id ?? null, created_at: at, updated_at: at,
        })
        .execute();
      written++;
    }
  }
  return written;
}
