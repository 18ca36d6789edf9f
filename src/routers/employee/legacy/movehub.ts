/**
 * The move hub's documented paths (part 1 §7 "Move hub"): POST /movehub/updateMHStatus (type ORDER:
 * itemId, section, order; DONE: itemId, isDone; DATE: itemId, dueDate), POST /addEditCustomItem
 * (dueDate, title, ddText, order, section, mhItemId, isDone), the delete answering 'OK' and the
 * message form answering success and error. The spec names neither the delete's nor the message
 * form's path: Meridian serves them at POST /deleteCustomItem (beside /addEditCustomItem) and POST
 * /movehub/sendMessage (beside updateMHStatus). Each handler parses with the tRPC procedure's schema
 * and calls the same service function (src/services/employee/movehub/hub.ts); form or JSON bodies; an employee's
 * own move by default, `moveId` for HR and admins. Failures answer `{ success: false, error }` with the
 * error's HTTP status and the §8 text for anything unexpected.
 */
import type { Context, Hono } from "hono";
import { moveHubMessages } from "../../../domain/employee/movehub/messages.ts";
import { ZDeleteItemRequest, ZSaveItemRequest, ZSendMessageRequest, ZUpdateStatusRequest } from "../../../domain/employee/movehub/schemas.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { deleteItem, saveItem, sendMessage, updateStatus } from "../../../services/employee/movehub/hub.ts";
import { HUB_ROLES } from "../../../services/employee/movehub/access.ts";
import { mailerFor } from "../../../trpc.ts";

type C = Context<AppEnv>;

export function mountLegacyMoveHub(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const hubDeps = { db, config, mailer: mailerFor(config) };
  const serve = (path: string, fallback: string, run: (c: C) => Promise<unknown>) =>
    legacyRoute(app, "POST", path, run, (error) => ({ success: false, error: failureText(error, fallback) }), HUB_ROLES);

  serve("/movehub/updateMHStatus", moveHubMessages.generic, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZUpdateStatusRequest, await readFields(c));
    return { success: true, hub: await updateStatus(hubDeps, user, input) };
  });

  serve("/addEditCustomItem", moveHubMessages.generic, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZSaveItemRequest, await readFields(c));
    return { success: true, ...(await saveItem(hubDeps, user, input)) };
  });

  serve("/deleteCustomItem", moveHubMessages.generic, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZDeleteItemRequest, await readFields(c));
    return c.text(await deleteItem(hubDeps, user, input));
  });

  serve("/movehub/sendMessage", moveHubMessages.contactSupport, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZSendMessageRequest, await readFields(c));
    return sendMessage(hubDeps, user, input);
  });
}
