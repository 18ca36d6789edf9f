/**
 * The move hub (issue 14; part 1 §2, §4, §7): the employee's tasks, HR of the move's group and admins
 * helping. Every procedure calls the same function as its documented path (src/routers/employee/legacy/movehub.ts);
 * access (own move only for employees) is checked in src/services/employee/movehub/access.ts.
 */
import { z } from "zod";
import {
  ZDeleteItemRequest,
  ZDeleteItemResponse,
  ZMoveHubView,
  ZMoveRef,
  ZSaveItemRequest,
  ZSaveItemResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZUpdateStatusRequest,
  ZUpdateStatusResponse,
} from "../../domain/employee/movehub/schemas.ts";
import { deleteItem, prepareHub, readHub, saveItem, sendMessage, updateStatus } from "../../services/employee/movehub/hub.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";
import { HUB_ROLES } from "../../services/employee/movehub/access.ts";

const hubProcedure = roleProcedure(...HUB_ROLES);

export const movehubRouter = router({
  /** The hub of the caller's move (employees) or of `moveId` (HR of its group, admins). Writes nothing. */
  view: hubProcedure
    .input(sync(ZMoveRef))
    .output(sync(ZMoveHubView))
    .query(({ ctx, input }) => readHub(ctx, ctx.user, input.moveId)),
  /** Materialises the generated tasks once (the page calls it when the view says prepared: false). */
  prepare: hubProcedure
    .input(sync(ZMoveRef))
    .output(sync(ZMoveHubView))
    .mutation(({ ctx, input }) => prepareHub(ctx, ctx.user, input.moveId)),
  /** POST /movehub/updateMHStatus: ORDER, DONE or DATE. */
  updateStatus: hubProcedure
    .input(sync(ZUpdateStatusRequest))
    .output(sync(ZUpdateStatusResponse))
    .mutation(async ({ ctx, input }) => ({ success: true as const, hub: await updateStatus(ctx, ctx.user, input) })),
  /** POST /addEditCustomItem. */
  saveItem: hubProcedure
    .input(sync(ZSaveItemRequest))
    .output(sync(ZSaveItemResponse))
    .mutation(async ({ ctx, input }) => ({ success: true as const, ...(await saveItem(ctx, ctx.user, input)) })),
  /** POST /deleteCustomItem: answers 'OK'. */
  deleteItem: hubProcedure
    .input(sync(ZDeleteItemRequest))
    .output(sync(z.object({ result: ZDeleteItemResponse })))
    .mutation(async ({ ctx, input }) => ({ result: await deleteItem(ctx, ctx.user, input) })),
  /** POST /movehub/sendMessage: the message form to the consultant (success, error). */
  sendMessage: hubProcedure
    .input(sync(ZSendMessageRequest))
    .output(sync(ZSendMessageResponse))
    .mutation(({ ctx, input }) => sendMessage(ctx, ctx.user, input)),
});
