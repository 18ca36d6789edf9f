/**
 * Social connections' documented paths (issue 14; part 1 §7, part 2 §7): GET /social/connection-count
 * → {success, status, message, count}; GET /social/connections.json → {success, status, message, handle,
 * destination, count, truncated, connections[]}. Each handler calls the same service function as the
 * tRPC procedure (src/services/employee/social/social.ts); failures answer `{ success: false, message }` with the
 * error table's status.
 */
import type { Hono } from "hono";
import { socialMessages } from "../../../domain/employee/social/social.ts";
import { failureText, legacyRoute, legacyUser } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { socialConnectionCount, socialConnections } from "../../../services/employee/social/social.ts";

export function mountLegacySocial(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const failure = (error: unknown) => ({ success: false, message: failureText(error, socialMessages.unavailable) });

  legacyRoute(app, "GET", "/social/connection-count", async (c) => socialConnectionCount(db, config, legacyUser(c)), (error) => ({ ...failure(error), count: 0 }));

  legacyRoute(app, "GET", "/social/connections.json", async (c) => socialConnections(db, config, legacyUser(c)), (error) => ({ ...failure(error), count: 0, connections: [] }));
}
