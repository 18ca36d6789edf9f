/**
 * Social connections' service (spec refs in src/domain/employee/social/social.ts): social.connections,
 * social.connectionCount, GET /social/connections.json and /social/connection-count, and the handle the
 * employee links (social.link / social.unlink). The destination is that of the employee's own newest move
 * that is not a draft or cancelled: its city name and its country's name. Followed accounts come from the
 * configured provider (SOCIAL_API_URL) on every read; nothing is stored but the handle.
 */
import { couldNotReach } from "../../../domain/employee/widgets/providers.ts";
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import {
  connectionsAt,
  socialMessages,
  type TLinkSocialRequest,
  type TLinkSocialResponse,
  type TSocialConnectionsResponse,
  type TSocialCountResponse,
} from "../../../domain/employee/social/social.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { fetchPolicyOf } from "../../safe-fetch.ts";
import { mastodonProvider, SocialProviderError, type SocialProvider } from "./social-provider.ts";

type SocialConfig = Pick<Config, "socialApiUrl" | "allowPrivateFetch">;

const providers = new Map<string, SocialProvider>();
function providerFor(config: SocialConfig): SocialProvider | null {
  const url = config.socialApiUrl;
  if (!url) return null;
  const key = `${url} ${config.allowPrivateFetch}`;
  let p = providers.get(key);
  if (!p) providers.set(key, (p = mastodonProvider(url, fetchPolicyOf(config))));
  return p;
}

async function destinationOf(db: DB, userId: number) {
  const row = await db
    .selectFrom("moves as m")
    .leftJoin("cities as c", "c.id", "m.destination_city_id")
    .leftJoin("countries as k", "k.code", "m.destination_country_code")
    .select(["m.destination_city_name", "c.name as city", "m.destination_country_code", "k.name as country"])
    .where("m.employee_user_id", "=", userId)
    .where("m.status", "not in", ["draft", "cancelled"])
    .orderBy("m.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const city = row.city ?? row.destination_city_name ?? null;
  const country = row.country ?? null;
  if (!city && !country) return null;
  return { city, country, countryCode: row.destination_country_code ?? null };
}

async function handleOf(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom("social_links").select("handle").where("user_id", "=", userId).executeTakeFirst();
  return row?.handle ?? null;
}

/** The people the employee follows who mention their destination (or why there are none). */
export async function socialConnections(db: DB, config: SocialConfig, user: SessionUser): Promise<TSocialConnectionsResponse> {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
  const handle = await handleOf(db, user.id);
  const base = { handle, destination: null, count: 0, truncated: false, connections: [] };
  const provider = providerFor(config);
  if (!provider) return { success: false, status: "NOT_CONFIGURED", message: socialMessages.notConfigured, ...base };
  const destination = await destinationOf(db, user.id);
  if (!destination) return { success: false, status: "NO_DESTINATION", message: socialMessages.noDestination, ...base };
  if (!handle) return { success: false, status: "NO_HANDLE", message: socialMessages.noHandle, ...base, destination };
  try {
    const following = await provider.following(handle);
    if (!following) return { success: false, status: "NO_HANDLE", message: socialMessages.unknownHandle, ...base, destination };
    const places = [destination.city, destination.country].filter((p): p is string => !!p);
    const connections = connectionsAt(following.accounts, places);
    return { success: true, status: "OK", message: "", handle, destination, count: connections.length, truncated: following.truncated, connections };
  } catch (error) {
    if (!(error instanceof SocialProviderError)) throw error;
    console.warn(`[social] ${error.message}`);
    return { success: false, status: "UNAVAILABLE", message: error.unreachable ? couldNotReach("mastodon") : socialMessages.unavailable, ...base, destination };
  }
}

/** GET /social/connection-count: {count} of the connections above, with the same status. */
export async function socialConnectionCount(db: DB, config: SocialConfig, user: SessionUser): Promise<TSocialCountResponse> {
  const view = await socialConnections(db, config, user);
  return { success: view.success, status: view.status, message: view.message, count: view.count };
}

/** Links the employee's handle (one row per user: insert … on conflict do update). */
export async function linkSocialHandle(db: DB, user: SessionUser, input: TLinkSocialRequest, now = new Date()): Promise<TLinkSocialResponse> {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
  const at = now.toISOString();
  await db
    .insertInto("social_links")
    .values({ user_id: user.id, handle: input.handle, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ handle: input.handle, updated_at: at }))
    .execute();
  return { success: true, handle: input.handle, message: socialMessages.linked };
}

/** Removes the employee's handle (none linked: success false). */
export async function unlinkSocialHandle(db: DB, user: SessionUser): Promise<TLinkSocialResponse> {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
  const gone = await db.deleteFrom("social_links").where("user_id", "=", user.id).executeTakeFirst();
  return { success: Number(gone.numDeletedRows) > 0, handle: null, message: socialMessages.unlinked };
}
