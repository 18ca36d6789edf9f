import { ZOutboxMessage, ZOutboxMessageRequest, ZOutboxRequest, ZOutboxResponse } from "../../domain/identity/activation/schemas.ts";
import { getOutboxMessage, listOutbox } from "../../services/admin/outbox.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/** The admin Outbox page: every e-mail Meridian recorded. */
export const mailRouter = router({
  outbox: roleProcedure("ADMIN")
    .input(sync(ZOutboxRequest))
    .output(sync(ZOutboxResponse))
    .query(({ ctx, input }) => listOutbox(ctx.db, input)),

  message: roleProcedure("ADMIN")
    .input(sync(ZOutboxMessageRequest))
    .output(sync(ZOutboxMessage))
    .query(({ ctx, input }) => getOutboxMessage(ctx.db, input.id)),
});
