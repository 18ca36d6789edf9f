import currencyCodes from "currency-codes";
import currencyCodesPackage from "currency-codes/package.json";
import countryStateCityPackage from "country-state-city/package.json";
import type { DB } from "./index.ts";
import type { Role } from "../domain/roles.ts";
import { en } from "../domain/i18n/en.ts";
import { SERVICE_CATALOGUE } from "../domain/policy/catalogue.ts";
import { hashPassword } from "../services/identity/auth.ts";
import { contentVersion, readReferenceVersions, writeReferenceVersion, type ReferenceSet } from "./reference-versions.ts";
import { BASE_REPORTS } from "../domain/reporting/catalog.ts";
import { forgetCountryNames } from "./queries/admin/countries.ts";
import { SEED_BENEFIT_SETS, SEED_SERVICE_ATTRIBUTES, SEED_SPEND_CATEGORIES, seedPolicyCatalogue, seedPolicyDemo } from "./seed-policy.ts";
import { seedWizardDemo } from "./seed-wizard.ts";
import { seedDemoCityIndices } from "./seed-estimate.ts";
import { seedMoveHubDemo } from "./seed-movehub.ts";
import { seedExpensesDemo } from "./seed-expenses.ts";
import { seedFilesDemo } from "./seed-files.ts";
import type { FileStore } from "../services/employee/files/store.ts";
import { seedQuotesDemo } from "./seed-quotes.ts";
import { seedWelcomeDemo } from "./seed-welcome.ts";
import { seedAssignmentsDemo } from "./seed-assignments.ts";
import { seedIncidentsDemo } from "./seed-incidents.ts";
import { seedFinanceAccountsDemo } from "./seed-finance-accounts.ts";
import { seedFinanceApprovalDemo } from "./seed-finance-approval.ts";
import { seedFinanceAdhocDemo } from "./seed-finance-adhoc.ts";
import { seedFinanceBillsDemo } from "./seed-finance-bills.ts";
import { seedFinanceEstimatesDemo } from "./seed-finance-estimates.ts";
import { seedAccuracyDemo } from "./seed-accuracy.ts";
import { seedDashboardsDemo } from "./seed-dashboards.ts";
import { syncReportCatalogue } from "./queries/reporting/library.ts";

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

/** The geography package (about 8 MB of data): loaded only when geography is actually written. */
const loadGeography = () => import("country-state-city");
type Geography = Awaited<ReturnType<typeof loadGeography>>;

const currencyRows = () =>
  currencyCodes.data
    .filter((c) => /^[A-Z]{3}$/.test(c.code))
    .map((c) => ({ code: c.code, name: c.currency, minor_units: c.digits }));

const DEMO_RATES_AS_OF = "2026-11-01";
const demoRateRows = () =>
  Object.entries(demoRatesFromUsd).map(([quote, rate]) => ({
    base_currency: "USD", quote_currency: quote, rate, as_of: DEMO_RATES_AS_OF, source: "Meridian indicative demo rates",
  }));

const countryRows = (g: Geography) =>
  g.Country.getAllCountries().map((c) => ({
    code: c.isoCode, name: c.name, phone_code: c.phonecode || null, currency_code: c.currency || null,
    latitude: c.latitude || null, longitude: c.longitude || null,
  }));

function stateRows(g: Geography) {
  const seen = new Set<string>();
  return g.State.getAllStates()
    .map((s) => ({ country_code: s.countryCode, code: s.isoCode, name: s.name, latitude: s.latitude ?? null, longitude: s.longitude ?? null }))
    .filter((s) => !seen.has(`${s.country_code}:${s.code}`) && seen.add(`${s.country_code}:${s.code}`));
}

function cityRows(g: Geography, options: ReferenceOptions) {
  if (options.cities === "none") return [];
  const wanted = options.cities === "all" ? null : new Set(options.cities);
  return g.City.getAllCities()
    .filter((c) => !wanted || wanted.has(c.countryCode))
    .map((c) => ({
      country_code: c.countryCode, state_code: c.stateCode || null, name: c.name,
      latitude: c.latitude ?? null, longitude: c.longitude ?? null,
    }));
}

const cityKey = (c: { country_code: string; state_code: string | null; name: string }) => `${c.country_code}|${c.state_code ?? ""}|${c.name}`;

/**
 * Countries, states and cities from the country-state-city package, ISO 4217 currencies and demo
 * rates. An empty database gets all of them; a database that has them gets what this release ships
 * and it lacks (seedAll calls this only when the geography version changed). Returns whether rows were added.
 */
export async function seedReferenceData(db: DB, options: ReferenceOptions = { cities: "all" }): Promise<boolean> {
  forgetCountryNames(db);
  const existing = await db.selectFrom("countries").select("code").limit(1).executeTakeFirst();
  const geography = await loadGeography();
  if (!existing) {
    await db.transaction().execute(async (trx) => {
      await insertInChunks(currencyRows(), 200, (chunk) => trx.insertInto("currencies").values(chunk).execute());
      await trx.insertInto("exchange_rates").values(demoRateRows()).execute();
      await insertInChunks(countryRows(geography), 200, (chunk) => trx.insertInto("countries").values(chunk).execute());
      await insertInChunks(stateRows(geography), 1000, (chunk) => trx.insertInto("states").values(chunk).execute());
      await insertInChunks(cityRows(geography, options), 2000, (chunk) => trx.insertInto("cities").values(chunk).execute());
    });
    return true;
  }
  return topUpReferenceData(db, geography, options);
}

/** Adds the currencies, demo rates, countries, states and cities of this release that the database lacks; never changes or deletes a row. */
async function topUpReferenceData(db: DB, geography: Geography, options: ReferenceOptions): Promise<boolean> {
  const wantedCities = cityRows(geography, options);
  const cityCountries = [...new Set(wantedCities.map((c) => c.country_code))];
  const [currencies, rates, countries, states, cities] = await Promise.all([
    db.selectFrom("currencies").select("code").execute(),
    db.selectFrom("exchange_rates").select("quote_currency").where("base_currency", "=", "USD").execute(),
    db.selectFrom("countries").select("code").execute(),
    db.selectFrom("states").select(["country_code", "code"]).execute(),
    cityCountries.length === 0
      ? Promise.resolve([])
      : options.cities === "all"
        ? db.selectFrom("cities").select(["country_code", "state_code", "name"]).execute()
        : db.selectFrom("cities").select(["country_code", "state_code", "name"]).where("country_code", "in", cityCountries).execute(),
  ]);
  const haveCurrencies = new Set(currencies.map((c) => c.code));
  const haveRates = new Set(rates.map((r) => r.quote_currency));
  const haveCountries = new Set(countries.map((c) => c.code));
  const haveStates = new Set(states.map((s) => `${s.country_code}:${s.code}`));
  const haveCities = new Set(cities.map(cityKey));
  const newCurrencies = currencyRows().filter((c) => !haveCurrencies.has(c.code));
  const newRates = demoRateRows().filter((r) => !haveRates.has(r.quote_currency));
  const newCountries = countryRows(geography).filter((c) => !haveCountries.has(c.code));
  const newStates = stateRows(geography).filter((s) => !haveStates.has(`${s.country_code}:${s.code}`));
  const newCities = wantedCities.filter((c) => !haveCities.has(cityKey(c)) && haveCities.add(cityKey(c)));
  if (!newCurrencies.length && !newRates.length && !newCountries.length && !newStates.length && !newCities.length) return false;
  await db.transaction().execute(async (trx) => {
    await insertInChunks(newCurrencies, 200, (chunk) => trx.insertInto("currencies").values(chunk).execute());
    if (newRates.length) await trx.insertInto("exchange_rates").values(newRates).execute();
    await insertInChunks(newCountries, 200, (chunk) => trx.insertInto("countries").values(chunk).execute());
    await insertInChunks(newStates, 1000, (chunk) => trx.insertInto("states").values(chunk).execute());
    await insertInChunks(newCities, 2000, (chunk) => trx.insertInto("cities").values(chunk).execute());
  });
  return true;
}

/**
 * The shipped English UI texts, as global rows of the translations table. Runs at a start whose
 * en.ts differs from the last one written (seedAll): keys added since are inserted; rows already
 * there (possibly edited by an admin) are left alone.
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

/** Bump when the demo seed changes in a way an existing demo database should pick up. */
const DEMO_VERSION = "1";
/** Version of the finance demo month (issue 16). */
const FINANCE_DEMO_VERSION = "1";
/** Bump when the demo files (seed-files.ts) change. */
const DEMO_FILES_VERSION = "1";

/** The version each reference data set of this release would write (computed once per process). */
let expected: { geography: (options: ReferenceOptions) => string; translations: string; catalogue: string; reports: string } | undefined;
function expectedVersions() {
  return (expected ??= {
    geography: (options) =>
      contentVersion(
        `country-state-city ${countryStateCityPackage.version}`,
        `currency-codes ${currencyCodesPackage.version}`,
        demoRatesFromUsd,
        DEMO_RATES_AS_OF,
        options.cities === "all" || options.cities === "none" ? options.cities : [...options.cities].sort(),
      ),
    translations: contentVersion(en),
    catalogue: contentVersion(SERVICE_CATALOGUE, SEED_SERVICE_ATTRIBUTES, SEED_SPEND_CATEGORIES, SEED_BENEFIT_SETS),
    reports: contentVersion(BASE_REPORTS.map((r) => [r.key, r.category, r.name, r.description])),
  });
}

/**
 * What `npm start` runs at every start: reference data (geography and currencies, UI texts, the
 * policy catalogue) and, with `demo`, the demo data on an empty database. `wizardDemo: false`
 * leaves out the wizard demo (seed-wizard.ts: forms, demo moves and their employees); default:
 * with the demo. `files` (the server's file store) adds the demo employees' files (seed-files.ts).
 *
 * Each set is written only when the version stored in `reference_data_versions` differs from this
 * release's (src/db/reference-versions.ts): a start on an up-to-date database reads one small table
 * and nothing else, and a release that ships changed reference data tops it up. Returns the sets it wrote.
 */
export async function seedAll(
  db: DB,
  options: { demo: boolean; reference?: ReferenceOptions; wizardDemo?: boolean; files?: FileStore; financeDemo?: boolean },
): Promise<string[]> {
  const stored = await readReferenceVersions(db);
  const versions = expectedVersions();
  const ran: string[] = [];
  const step = async (name: ReferenceSet, version: string, seed: () => Promise<unknown>) => {
    if (stored.get(name) === version) return;
    await seed();
    await writeReferenceVersion(db, name, version);
    ran.push(name);
  };
  const reference = options.reference ?? { cities: "all" };
  await step("geography", versions.geography(reference), () => seedReferenceData(db, reference));
  await step("translations", versions.translations, () => seedTranslations(db));
  await step("policy-catalogue", versions.catalogue, () => seedPolicyCatalogue(db));
  // The recommended (BASE) reports of the library (issue 26): one row each, names kept up to date.
  await step("report-catalogue", versions.reports, () => syncReportCatalogue(db));
  if (options.demo) {
    const wizard = options.wizardDemo !== false;
    await step("demo", `${DEMO_VERSION}${wizard ? "+wizard" : ""}`, async () => {
      await seedDemoData(db);
      await seedPolicyDemo(db);
      if (wizard) await seedWizardDemo(db);
      await seedDemoCityIndices(db);
      await seedMoveHubDemo(db);
      await seedExpensesDemo(db);
      await seedQuotesDemo(db);
      await seedWelcomeDemo(db);
      if (wizard) await seedAssignmentsDemo(db);
      if (wizard) await seedIncidentsDemo(db);
      await seedDashboardsDemo(db);
    });
    // A month of finance (issue 16): accounts and lock periods, items waiting for approval, ad-hoc charges and
    // external spends, bills in every status with their payments, and a current cost estimate per live demo move
    // (spend against estimate then has an estimate to show). It needs the wizard's demo moves. Its own
    // step, so a database seeded before finance existed gets it on its next start.
    if (wizard && options.financeDemo !== false) {
      await step("demo-finance", FINANCE_DEMO_VERSION, async () => {
        await seedFinanceAccountsDemo(db);
        await seedFinanceApprovalDemo(db);
        await seedFinanceAdhocDemo(db);
        await seedFinanceBillsDemo(db);
        await seedFinanceEstimatesDemo(db);
        await seedAccuracyDemo(db);
      });
    }
  }
  // The demo employees' files (seed-files.ts) need the file store, which only the server has. A
  // store that cannot be reached (S3 down) does not stop the start: the next start tries again.
  if (options.demo && options.files) {
    const files = options.files;
    try {
      await step("demo-files", DEMO_FILES_VERSION, () => seedFilesDemo(db, files));
    } catch (error) {
      console.warn(`[seed] the demo files were not stored (${error instanceof Error ? error.message : String(error)}); the next start tries again`);
    }
  }
  return ran;
}
