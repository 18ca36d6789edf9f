import {
  ZLinkSocialRequest,
  ZLinkSocialResponse,
  ZSocialConnectionsResponse,
  ZSocialCountResponse,
} from "../../domain/employee/social/social.ts";
import { linkSocialHandle, socialConnectionCount, socialConnections, unlinkSocialHandle } from "../../services/employee/social/social.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/**
 * Social connections (issue 14; part 1 §7, part 2 §7, part 2 §2 connections page). The reads call the same
 * service as their documented paths (src/routers/employee/legacy/social.ts); each employee sees only their own.
 */
const employees = roleProcedure("EMPLOYEE");

export const socialRouter = router({
  /** GET /social/connections.json: followed accounts that mention the move's destination, and the destination. */
  connections: employees.output(sync(ZSocialConnectionsResponse)).query(({ ctx }) => socialConnections(ctx.db, ctx.config, ctx.user)),
  /** GET /social/connection-count: {count} of them. */
  connectionCount: employees.output(sync(ZSocialCountResponse)).query(({ ctx }) => socialConnectionCount(ctx.db, ctx.config, ctx.user)),
  /** Links the employee's handle on the configured instance (one per user; a new one replaces it). */
  link: employees
    .input(sync(ZLinkSocialRequest))
    .output(sync(ZLinkSocialResponse))
    .mutation(({ ctx, input }) => linkSocialHandle(ctx.db, ctx.user, input)),
  /** Removes the employee's handle. */
  unlink: employees.output(sync(ZLinkSocialResponse)).mutation(({ ctx }) => unlinkSocialHandle(ctx.db, ctx.user)),
});
