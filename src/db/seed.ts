import { City, Country, State } from "country-state-city";
import currencyCodes from "currency-codes";
import type { DB } from "./index.ts";
import type { Role } from "../domain/roles.ts";
import { en } from "../domain/i18n/en.ts";
import { hashPassword } from "../services/auth.ts";
import { seedPolicyCatalogue, seedPolicyDemo } from "./seed-policy.ts";
import { seedWizardDemo } from "./seed-wizard.ts";
import { seedDemoCityIndices } from "./seed-estimate.ts";

/** The demo password of every demo account; it satisfies the spec's password rules. */
export const DEMO_PASSWORD = "Demo#2026pass";

export const demoGroups = [
  { name: "acme", displayName: "Acme Corp" },
  { name: "globex", displayName: "Globex Inc" },
  { name: "initech", displayName: "Initech" },
] as const;

export const demoUsers: ReadonlyArray<{ email: string; firstName: string; lastName: string; role: Role; group: string | null; sso?: true }> = [
  { email: "admin@meridian.test", firstName: "Ada", lastName: "Admin", role: "ADMIN", group: null },
  { email: "finance@meridian.test", firstName: "Fiona", lastName: "Finance", role: "FINANCE", group: null },
  { email: "crm@meridian.test", firstName: "Carl", lastName: "Caller", role: "CRM", group: null },
  { email: "hr@acme.test", firstName: "Hannah", lastName: "Reyes", role: "HR", group: "acme" },
  { email: "manager@acme.test", firstName: "Marco", lastName: "Bianchi", role: "MANAGER", group: "acme" },
  { email: "employee@acme.test", firstName: "Emma", lastName: "Lindqvist", role: "EMPLOYEE", group: "acme" },
  { email: "hr@globex.test", firstName: "Gary", lastName: "Holt", role: "HR", group: "globex" },
  { email: "employee@globex.test", firstName: "Grace", lastName: "Okafor", role: "EMPLOYEE", group: "globex" },
  // Signs in only through Initech's identity provider (no password).
  { email: "sso@initech.test", firstName: "Sam", lastName: "Singh", role: "EMPLOYEE", group: "initech", sso: true },
];

/**
 * Initech's single sign-on settings. The demo points them at http://127.0.0.1:9400/oidc, where
 * nothing runs by default: run an OpenID Connect provider there (client `meridian-demo`, redirect
 * URI `<PUBLIC_URL>/sso/callback`) or change the settings on /admin/sso.
 */
export const demoSsoSettings = {
  group: "initech",
  issuerUrl: "http://127.0.0.1:9400/oidc",
  clientId: "meridian-demo",
  clientSecret: "meridian-demo-secret",
  allowedDomains: "initech.test",
} as const;

/**
 * Indicative rates (units of the quote currency per 1 USD) so conversions work offline.
 * Replace them with a real feed by inserting newer `exchange_rates` rows; the newest `as_of` wins.
 */
const demoRatesFromUsd: Record<string, string> = {
  EUR: "0.9200", GBP: "0.7900", CHF: "0.8800", JPY: "151.2000", CAD: "1.3600", AUD: "1.5200",
  SGD: "1.3400", HKD: "7.8200", CNY: "7.2300", INR: "83.4000", SEK: "10.6000", NOK: "10.8000",
  DKK: "6.8700", PLN: "3.9800", BRL: "5.0500", MXN: "17.1000", ZAR: "18.6000", AED: "3.6725",
};

let passwordHash: Promise<string> | undefined;
const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type ReferenceOptions = { cities: "all" | "none" | readonly string[] };

/** Countries, states and cities from the country-state-city package, ISO 4217 currencies and demo rates. Runs once. */
export async function seedReferenceData(db: DB, options: ReferenceOptions = { cities: "all" }): Promise<boolean> {
  const existing = await db.selectFrom("countries").select("code").limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const currencies = currencyCodes.data
      .filter((c) => /^[A-Z]{3}$/.test(c.code))
      .map((c) => ({ code: c.code, name: c.currency, minor_units: c.digits }));
    await insertInChunks(currencies, 200, (chunk) => trx.insertInto("currencies").values(chunk).execute());

    const asOf = "2026-11-01";
    const rates = Object.entries(demoRatesFromUsd).map(([quote, rate]) => ({
      base_currency: "USD", quote_currency: quote, rate, as_of: asOf, source: "Meridian indicative demo rates",
    }));
    await trx.insertInto("exchange_rates").values(rates).execute();

    const countries = Country.getAllCountries().map((c) => ({
      code: c.isoCode, name: c.name, phone_code: c.phonecode || null, currency_code: c.currency || null,
      latitude: c.latitude || null, longitude: c.longitude || null,
    }));
    await insertInChunks(countries, 200, (chunk) => trx.insertInto("countries").values(chunk).execute());

    const states = State.getAllStates().map((s) => ({
      country_code: s.countryCode, code: s.isoCode, name: s.name, latitude: s.latitude ?? null, longitude: s.longitude ?? null,
    }));
    const seen = new Set<string>();
    const uniqueStates = states.filter((s) => !seen.has(`${s.country_code}:${s.code}`) && seen.add(`${s.country_code}:${s.code}`));
    await insertInChunks(uniqueStates, 1000, (chunk) => trx.insertInto("states").values(chunk).execute());

    if (options.cities !== "none") {
      const wanted = options.cities === "all" ? null : new Set(options.cities);
      const cities = City.getAllCities()
        .filter((c) => !wanted || wanted.has(c.countryCode))
        .map((c) => ({
          country_code: c.countryCode, state_code: c.stateCode || null, name: c.name,
          latitude: c.latitude ?? null, longitude: c.longitude ?? null,
        }));
      await insertInChunks(cities, 2000, (chunk) => trx.insertInto("cities").values(chunk).execute());
    }
  });
  return true;
}

/**
 * The shipped English UI texts, as global rows of the translations table. Runs on every start:
 * keys added to en.ts since the last start are inserted; rows already there (possibly edited
 * by an admin) are left alone.
 */
export async function seedTranslations(db: DB): Promise<number> {
  const existing = await db
    .selectFrom("translations")
    .select("msg_key")
    .where("msg_lang", "=", "en")
    .where("xlate_group", "=", "UI")
    .where("group_id", "is", null)
    .execute();
  const have = new Set(existing.map((r) => r.msg_key));
  const rows = Object.entries(en)
    .filter(([key]) => !have.has(key))
    .map(([key, value]) => ({ msg_key: key, msg_lang: "en", msg_value: value, xlate_group: "UI", group_id: null }));
  await insertInChunks(rows, 200, (chunk) => db.insertInto("translations").values(chunk).execute());
  return rows.length;
}

/** Demo groups and accounts (README lists them). Seeds only an empty database; returns whether it did. */
export async function seedDemoData(db: DB, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom("groups").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const hash = await demoHash();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const groupIds = new Map<string, number>();
    for (const g of demoGroups) {
      const row = await trx
        .insertInto("groups")
        .values({ name: g.name, display_name: g.displayName, status: "ACTIVE", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      groupIds.set(g.name, row.id);
    }
    await trx
      .insertInto("users")
      .values(
        demoUsers.map((u) => ({
          email: u.email, first_name: u.firstName, last_name: u.lastName, role: u.role,
          group_id: u.group ? (groupIds.get(u.group) ?? null) : null,
          password_hash: u.sso ? null : hash, is_sso_user: u.sso ? 1 : 0, terms_accepted_at: at, terms_version: "1",
          activation_state: "ACTIVE", created_at: at, updated_at: at,
        })),
      )
      .execute();
    const sso = demoSsoSettings;
    await trx
      .insertInto("group_sso_settings")
      .values({
        group_id: groupIds.get(sso.group)!, issuer_url: sso.issuerUrl, client_id: sso.clientId, client_secret: sso.clientSecret,
        allowed_domains: sso.allowedDomains, enabled: 1, created_at: at, updated_at: at,
      })
      .execute();
  });
  return true;
}

/**
 * What `npm start` runs on an empty database. `wizardDemo: false` leaves out the wizard demo
 * (seed-wizard.ts: forms, demo moves and their employees); default: with the demo.
 */
export async function seedAll(db: DB, options: { demo: boolean; reference?: ReferenceOptions; wizardDemo?: boolean }) {
  await seedReferenceData(db, options.reference);
  await seedTranslations(db);
  await seedPolicyCatalogue(db);
  if (options.demo) {
    await seedDemoData(db);
    await seedPolicyDemo(db);
    if (options.wizardDemo !== false) await seedWizardDemo(db);
    await seedDemoCityIndices(db);
  }
}
