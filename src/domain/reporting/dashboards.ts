/**
 * The third-party dashboards viewer (issue 26; part 2 §2 "A third-party dashboard viewer page with a list
 * of dashboards and an embedded frame", §3 "Dashboard: id, description, url", §7 "GET looker-style
 * dashboards: initial-dashboard (url), dashboards (list), dashboards/{id} (url, description)"). Pure: the
 * rules for a dashboard's address and the group's allow-list of dashboard sites, the Content-Security-Policy
 * directive that frames only those sites, the shapes of the `dashboards` procedures and the texts.
 *
 * A dashboard's url is https, and its origin is on the group's allow-list; an allow-listed site is an https
 * origin (scheme, host, port; no path, no credentials) whose host is a name or a public address literal.
 * Names are resolved (and refused when any address is not public) by the service, outside tests.
 */
import { z } from "zod";
import { ipLiteralOf, isPublicAddress } from "../network/addresses.ts";
import { ZId } from "../numbers.ts";

export const dashboardMessages = {
  loadFailed: "Error loading dashboards.",
  notFound: "This dashboard does not exist.",
  none: "No dashboards have been set up for this group yet.",
  managerOff: "Dashboards are turned off for your account.",
  invalidUrl: "Enter the dashboard's full web address (https://…).",
  httpsOnly: "A dashboard's address must start with https://.",
  originNotAllowed: "This dashboard's site is not on the group's list of allowed dashboard sites. Add the site first.",
  notPublic: "A dashboard's site must be a public internet address.",
  invalidOrigin: "Enter a site as https://host (with a port if it has one), without a path.",
  originExists: "This site is already on the list.",
  originInUse: "A dashboard of this group uses this site. Remove the dashboard first.",
  originNotFound: "This site is not on the list.",
  duplicateUrl: "This dashboard is already in the group's list.",
  initialConflict: "Another dashboard was made the initial one at the same time. Reload and try again.",
  titleRequired: "Enter the dashboard's title.",
  saved: "Dashboard saved.",
  deleted: "Dashboard removed.",
  originAdded: "Site added.",
  originRemoved: "Site removed.",
} as const;

export const DASHBOARD_TITLE_MAX = 120;
export const DASHBOARD_DESCRIPTION_MAX = 500;
export const DASHBOARD_URL_MAX = 2000;

/** The host is an address literal that is not public (loopback, private, link-local, …). */
export function isNonPublicLiteral(hostname: string): boolean {
  const literal = ipLiteralOf(hostname);
  return literal !== null && !isPublicAddress(literal);
}

/**
 * An allow-list entry as typed ("https://Dashboards.Example.com/" → "https://dashboards.example.com"),
 * or the reason it is refused. `allowPrivate` (tests only) lets a non-public address literal through.
 */
export function normaliseOrigin(text: string, allowPrivate = false): { origin: string } | { error: string } {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    return { error: dashboardMessages.invalidOrigin };
  }
  if (u.protocol !== "https:") return { error: dashboardMessages.httpsOnly };
  if (u.username || u.password || (u.pathname !== "/" && u.pathname !== "") || u.search || u.hash) return { error: dashboardMessages.invalidOrigin };
  if (!allowPrivate && (isNonPublicLiteral(u.hostname) || u.hostname === "localhost" || u.hostname.endsWith(".localhost"))) return { error: dashboardMessages.notPublic };
  return { origin: u.origin };
}

/**
 * What is wrong with a dashboard's address for a group whose allow-list is `origins`, or null: not a URL,
 * not https, credentials in it, or a site not on the list.
 */
export function dashboardUrlProblem(url: string, origins: readonly string[]): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return dashboardMessages.invalidUrl;
  }
  if (u.protocol !== "https:") return dashboardMessages.httpsOnly;
  if (u.username || u.password) return dashboardMessages.invalidUrl;
  if (!origins.includes(u.origin)) return dashboardMessages.originNotAllowed;
  return null;
}

/** The dashboard's origin (its url is checked before it is stored). */
export function originOfUrl(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The page's frame-src directive: only the group's allow-listed origins that are still well-formed https
 * origins (anything else — a stored value with a space or a semicolon — is left out, never passed into the
 * header); none at all is 'none'.
 */
export function frameSrcDirective(origins: readonly string[]): string {
  const safe = origins.filter((o) => /^https:\/\/[a-z0-9.[\]:-]+$/i.test(o) && originOfUrl(o) === o);
  return `frame-src ${safe.length > 0 ? [...new Set(safe)].join(" ") : "'none'"}`;
}

/** The page's Content-Security-Policy: the app's own policy with the frame-src directive replaced or added. */
export function withFrameSrc(policy: string, origins: readonly string[]): string {
  const kept = policy
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d !== "" && !/^(frame-src|child-src)\b/i.test(d));
  return [...kept, frameSrcDirective(origins)].join("; ");
}

/** The dashboards page's path (`/{group}/dashboards`): the group's URL name, else null. */
export function dashboardsPageGroup(path: string): string | null {
  const m = /^\/([a-z0-9][a-z0-9-]*)\/dashboards\/?$/.exec(path);
  return m ? m[1]! : null;
}

// ── shapes ───────────────────────────────────────────────────────────────────────────────────────

const ZGroup = z.string().trim().min(1).max(64);

export const ZDashboardsRequest = z.object({ group: ZGroup });
export const ZDashboardRequest = z.object({ group: ZGroup, dashboardId: ZId });

export const ZDashboard = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  isInitial: z.boolean(),
  sortOrder: z.number().int(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZDashboardListResponse = z.object({ dashboards: z.array(ZDashboard), initialId: z.number().int().nullable() });
export type TDashboardListResponse = z.infer<typeof ZDashboardListResponse>;
/** GET initial-dashboard: its url (null when the group has none). */
export const ZInitialDashboardResponse = z.object({ url: z.string().nullable(), id: z.number().int().nullable() });
/** GET dashboards/{id}: url and description. */
export const ZDashboardDetailResponse = z.object({ id: z.number().int(), title: z.string(), url: z.string(), description: z.string() });

export const ZSaveDashboardRequest = z.object({
  group: ZGroup,
  /** Absent: a new dashboard. */
  dashboardId: ZId.optional(),
  title: z.string({ error: dashboardMessages.titleRequired }).trim().min(1, dashboardMessages.titleRequired).max(DASHBOARD_TITLE_MAX),
  url: z.string({ error: dashboardMessages.invalidUrl }).trim().min(1, dashboardMessages.invalidUrl).max(DASHBOARD_URL_MAX, dashboardMessages.invalidUrl),
  description: z.string().trim().max(DASHBOARD_DESCRIPTION_MAX).default(""),
  isInitial: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type TSaveDashboardRequest = z.infer<typeof ZSaveDashboardRequest>;

export const ZOriginRequest = z.object({ group: ZGroup, origin: z.string().trim().min(1, dashboardMessages.invalidOrigin).max(300, dashboardMessages.invalidOrigin) });

/** The admin section: the dashboards and the allow-list. */
export const ZDashboardAdminResponse = z.object({ dashboards: z.array(ZDashboard), origins: z.array(z.string()) });
export type TDashboardAdminResponse = z.infer<typeof ZDashboardAdminResponse>;
