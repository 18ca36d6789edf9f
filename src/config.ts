import { z } from "zod";
import type { ThrottleSettings } from "./domain/identity/auth/throttle.ts";
import { parseSocialProviders, type SocialProvider } from "./domain/identity/social-login/providers.ts";
import { PROVIDERS, providerUserAgent } from "./domain/employee/widgets/providers.ts";
import packageJson from "../package.json";

/**
 * Every configuration variable the server reads, in one place.
 * README.md lists the same variables; keep the two in step.
 */
/** A public provider's URL (issue 24 §7): unset, the provider's public no-key default; "off", not configured. */
const ZProviderUrl = z.union([z.literal("off"), z.string().url()]).optional();
/** The provider URL a variable asks for: its value, the default when unset, null when "off". */
const providerUrl = (value: string | undefined, fallback: string): string | null => (value === "off" ? null : (value ?? fallback));

/** The URL name of a group (letters, digits, dash, underscore). */
const ZTaxProviderGroup = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "a group's URL name")
  .optional();

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().default("./data/meridian.sqlite"),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  COOKIE_SECURE: z.enum(["auto", "0", "1"]).default("auto"),
  PUBLIC_URL: z.string().url().optional(),
  LOG_REQUESTS: z.enum(["0", "1"]).default("1"),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(100),
  LOGIN_ADDRESS_DELAY_SECONDS: z.coerce.number().int().positive().default(10),
  WEB_DIR: z.string().default("./dist/web"),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Meridian <no-reply@meridian.local>"),
  ACTIVATION_CODE_DAYS: z.coerce.number().int().positive().default(7),
  RESET_LINK_MINUTES: z.coerce.number().int().positive().default(60),
  /** How long the approval link in a cost estimate's approval e-mail stays valid (issue 13 item 6). */
  ESTIMATE_APPROVAL_LINK_DAYS: z.coerce.number().int().positive().max(365).default(14),
  /** How many days before the move's start an expense may be dated (issue 24 §6). */
  EXPENSE_DATE_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  TAX_PROVIDER_GROUP: ZTaxProviderGroup,
  /** Employee files (issue 14): the local store's directory (content-addressed by SHA-256; `tmp/` holds uploads in flight). */
  FILES_DIR: z.string().default("./data/files"),
  /** S3-compatible object storage instead of FILES_DIR: the endpoint and bucket, e.g. `https://s3.eu-west-1.amazonaws.com/meridian-files`. */
  S3_URL: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** The feedback box (issue 14): the address feedback is mailed to; unset, the box says feedback is not configured. */
  FEEDBACK_EMAIL: z.string().trim().email().optional(),
  /** The weather widget (issue 14): an Open-Meteo forecast endpoint; unset, the public https://api.open-meteo.com/v1/forecast (issue 24 §7); "off", the widget says weather is not configured. */
  WEATHER_API_URL: ZProviderUrl,
  /** The overview page (issue 14): neighbourhoods and amenities from an OpenStreetMap Overpass API endpoint; unset, the public https://overpass-api.de/api/interpreter; "off", not configured. */
  OVERPASS_API_URL: ZProviderUrl,
  /** The overview page's "about" tab: a Wikipedia REST API base (GET /page/summary/{title}); unset, https://en.wikipedia.org/api/rest_v1; "off", not configured. */
  WIKIPEDIA_API_URL: ZProviderUrl,
  /** The overview page's commute tab: an OSRM route service base; unset, the public demo server https://router.project-osrm.org; "off", not configured. */
  ROUTING_API_URL: ZProviderUrl,
  /** The office address search (storeEmployeeOfficePreference): a Nominatim base; unset, the public https://nominatim.openstreetmap.org (at most one request a second, answers cached); "off", not configured. */
  GEOCODER_API_URL: ZProviderUrl,
  /** Sample properties and property search: a RentCast API base, e.g. https://api.rentcast.io/v1; unset, not configured. */
  PROPERTY_API_URL: z.string().url().optional(),
  /** The RentCast API key, sent as X-Api-Key. */
  PROPERTY_API_KEY: z.string().optional(),
  /** The overview page's maps: a Google-Static-Maps-format image endpoint (center, zoom, size, markers), e.g. https://maps.googleapis.com/maps/api/staticmap?key=…; unset, the page shows coordinates and "No map configured." */
  STATIC_MAP_URL: z.string().url().optional(),
  /** Social connections (issue 14): a Mastodon instance's base URL; unset, https://mastodon.social (issue 24 §7); "off", the connections widget says social connections are not configured. */
  SOCIAL_API_URL: ZProviderUrl,
  /** The overview's map without STATIC_MAP_URL (issue 24 §7): a map-tile URL template with {z}, {x}, {y}; unset, https://tile.openstreetmap.org/{z}/{x}/{y}.png (four tiles per map, cached 7 days); "off", "No map configured." */
  MAP_TILES_URL: ZProviderUrl,
  /** The currency box (issue 24 §7): the ECB's euro reference rates (eurofxref-daily.xml); unset, https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml; "off", the box uses the stored rates only. */
  ECB_RATES_URL: ZProviderUrl,
  /** Issue 24 §7: the operator's contact (an e-mail address or URL) in the User-Agent of every request to a public provider ("Meridian/<version> (<contact>)"), as Nominatim's usage policy asks; unset, PUBLIC_URL. */
  PROVIDER_CONTACT: z.string().trim().min(3).max(200).optional(),
  /** Finance (issue 16, part 2 §4/§6): 1 allows unlocking a paid employee bank account (the page then warns to relock); default 0. */
  FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT: z.enum(["0", "1"]).default("0"),
  /** Issue 23 item 11: 1 lets server-side fetches of configured URLs (SSO issuers, widget, overview and social providers) use plain http and reach loopback, private and link-local addresses. Tests and local demos only; default 0. */
  ALLOW_PRIVATE_FETCH: z.enum(["0", "1"]).default("0"),
  /** Issue 26: the HMAC-SHA256 secret of signed links in reminder e-mails (unsubscribe, report preview and download); unset, a random secret generated once and kept in the database. */
  LINK_SIGNING_SECRET: z.string().min(32).optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  seedDemo: boolean;
  session: { idleMinutes: number; maxHours: number; secureCookie: "auto" | boolean };
  publicUrl: string | undefined;
  logRequests: boolean;
  maxBodyBytes: number;
  loginThrottle: ThrottleSettings;
  webDir: string;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  activationCodeDays: number;
  resetLinkMinutes: number;
  estimateApprovalLinkDays: number;
  /** EXPENSE_DATE_WINDOW_DAYS: how many days before the move's start an expense may be dated. */
  expenseDateWindowDays: number;
  /** The group of the tax-provider defaulting rule (src/domain/estimate/tax-provider.ts), or null: off. */
  taxProviderGroup: string | null;
  /** Employee files: the local directory (also the staging area of uploads in flight) and, when S3_URL is set, the bucket. */
  files: { dir: string; s3: S3Settings | null };
  /** Where feedback is mailed (FEEDBACK_EMAIL), or null: feedback is not configured. */
  feedbackEmail: string | null;
  /** The weather provider's forecast endpoint (WEATHER_API_URL), or null: weather is not configured. */
  weatherApiUrl: string | null;
  /** The overview page's providers (issue 14), each null when not configured. */
  overview: OverviewProviders;
  /** The social provider's base URL (SOCIAL_API_URL: a Mastodon instance), or null: social connections are not configured. */
  socialApiUrl: string | null;
  /** The ECB's daily reference rates (ECB_RATES_URL) for the currency box, or null: stored rates only (issue 24 §7). */
  ecbRatesUrl: string | null;
  /** The User-Agent of every request to a public provider: "Meridian/<version> (<PROVIDER_CONTACT or PUBLIC_URL>)". */
  providerUserAgent: string;
  /** FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT: unlocking a paid employee bank account is allowed (default false). */
  financeAllowUnlockPaidAccount: boolean;
  /** Social login (issue 23 item 18): the OpenID Connect providers of SOCIAL_PROVIDERS (+ SOCIAL_<ID>_CLIENT_SECRET); empty: no social login. */
  socialProviders: SocialProvider[];
  /** ALLOW_PRIVATE_FETCH: server-side fetches of configured URLs may use http and private addresses (tests only; default false). */
  allowPrivateFetch: boolean;
  /** LINK_SIGNING_SECRET, or null: the database's generated secret (src/services/reporting/unsubscribe.ts). */
  linkSigningSecret: string | null;
};

/** The overview page's provider endpoints (OVERPASS_API_URL, WIKIPEDIA_API_URL, ROUTING_API_URL, GEOCODER_API_URL, PROPERTY_API_URL + PROPERTY_API_KEY, STATIC_MAP_URL). */
export type OverviewProviders = {
  overpassUrl: string | null;
  wikipediaUrl: string | null;
  routingUrl: string | null;
  geocoderUrl: string | null;
  propertyUrl: string | null;
  propertyApiKey: string | null;
  staticMapUrl: string | null;
  /** MAP_TILES_URL: the map tiles ({z}/{x}/{y}) of the no-key map, or null. */
  tilesUrl: string | null;
};

/** S3_URL split into the endpoint and the bucket (the URL's first path segment), with the credentials. */
export type S3Settings = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (PORT=) means "not set", not zero.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const social = parseSocialProviders(present);
  if ("error" in social) throw new Error(`Invalid configuration: ${social.error}`);
  // Plain http reaches no provider outside tests (the guarded fetch refuses it): say so at start-up.
  const insecure = social.providers.find((p) => p.issuer.startsWith("http:"));
  if (insecure && e.ALLOW_PRIVATE_FETCH !== "1") {
    throw new Error(`Invalid configuration: SOCIAL_PROVIDERS: provider "${insecure.id}" needs an https issuer (http only with ALLOW_PRIVATE_FETCH=1)`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO === "1",
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      maxHours: e.SESSION_MAX_HOURS,
      secureCookie: e.COOKIE_SECURE === "auto" ? "auto" : e.COOKIE_SECURE === "1",
    },
    publicUrl: e.PUBLIC_URL,
    logRequests: e.LOG_REQUESTS === "1",
    maxBodyBytes: e.MAX_BODY_BYTES,
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
      addressDelaySeconds: e.LOGIN_ADDRESS_DELAY_SECONDS,
    },
    webDir: e.WEB_DIR,
    trustProxy: e.TRUST_PROXY === "1",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    activationCodeDays: e.ACTIVATION_CODE_DAYS,
    resetLinkMinutes: e.RESET_LINK_MINUTES,
    estimateApprovalLinkDays: e.ESTIMATE_APPROVAL_LINK_DAYS,
    expenseDateWindowDays: e.EXPENSE_DATE_WINDOW_DAYS,
    taxProviderGroup: e.TAX_PROVIDER_GROUP?.toLowerCase() ?? null,
    files: { dir: e.FILES_DIR, s3: s3Settings(e) },
    feedbackEmail: e.FEEDBACK_EMAIL ?? null,
    weatherApiUrl: providerUrl(e.WEATHER_API_URL, PROVIDERS.openMeteo.defaultUrl),
    overview: {
      overpassUrl: providerUrl(e.OVERPASS_API_URL, PROVIDERS.overpass.defaultUrl),
      wikipediaUrl: providerUrl(e.WIKIPEDIA_API_URL, PROVIDERS.wikipedia.defaultUrl),
      routingUrl: providerUrl(e.ROUTING_API_URL, PROVIDERS.osrm.defaultUrl),
      geocoderUrl: providerUrl(e.GEOCODER_API_URL, PROVIDERS.nominatim.defaultUrl),
      propertyUrl: e.PROPERTY_API_URL ?? null,
      propertyApiKey: e.PROPERTY_API_KEY ?? null,
      staticMapUrl: e.STATIC_MAP_URL ?? null,
      tilesUrl: providerUrl(e.MAP_TILES_URL, PROVIDERS.osmTiles.defaultUrl),
    },
    socialApiUrl: providerUrl(e.SOCIAL_API_URL, PROVIDERS.mastodon.defaultUrl),
    ecbRatesUrl: providerUrl(e.ECB_RATES_URL, PROVIDERS.ecb.defaultUrl),
    providerUserAgent: providerUserAgent(packageJson.version, e.PROVIDER_CONTACT ?? e.PUBLIC_URL ?? null),
    financeAllowUnlockPaidAccount: e.FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT === "1",
    socialProviders: social.providers,
    allowPrivateFetch: e.ALLOW_PRIVATE_FETCH === "1",
    linkSigningSecret: e.LINK_SIGNING_SECRET ?? null,
  };
}

function s3Settings(e: z.infer<typeof ZConfig>): S3Settings | null {
  if (!e.S3_URL) return null;
  const url = new URL(e.S3_URL);
  const bucket = url.pathname.split("/").filter(Boolean)[0];
  if (!bucket) throw new Error("Invalid configuration: S3_URL: name the bucket as the URL's path (https://host/bucket)");
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error("Invalid configuration: S3_URL needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  return { endpoint: url.origin, bucket, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, region: e.S3_REGION };
}

/**
 * TAX_PROVIDER_GROUP, for code that runs without a request's configuration (an estimate's defaults
 * are built by requests and by the job worker alike). Read when asked; readConfig checks it at start-up.
 */
export function configuredTaxProviderGroup(env: Record<string, string | undefined> = process.env): string | null {
  const parsed = ZTaxProviderGroup.safeParse(env["TAX_PROVIDER_GROUP"]?.trim() || undefined);
  // Invalid: readConfig refused it at start-up already; here it is simply off.
  return parsed.success ? (parsed.data?.toLowerCase() ?? null) : null;
}
