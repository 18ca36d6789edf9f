import { ZSocialConnectionsResponse, ZSocialCountResponse } from "../../../domain/employee/social/social.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./social.ts (served in /api/openapi.json). */
export const socialOperations: Operation[] = [
  { method: "get", path: "/social/connection-count", summary: "How many of the accounts the signed-in employee follows (on the Mastodon instance SOCIAL_API_URL, through the handle they linked) mention the destination city or country of their move: {count}, with success, status (OK, NOT_CONFIGURED, NO_HANDLE, NO_DESTINATION, UNAVAILABLE) and message. Employees only", spec: "part 1 §7; part 2 §7", response: ZSocialCountResponse, auth: "session" },
  { method: "get", path: "/social/connections.json", summary: "The accounts the signed-in employee follows that mention the destination of their move (displayName, acct, avatar, url, matchedIn, matchedText; up to 400 followed accounts read), the destination (city, country), count and truncated, with success, status (OK, NOT_CONFIGURED, NO_HANDLE, NO_DESTINATION, UNAVAILABLE) and message; never invented people. Employees only", spec: "part 1 §7; part 2 §7", response: ZSocialConnectionsResponse, auth: "session" },
];
