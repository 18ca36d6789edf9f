/** The OpenAPI descriptions of the crm room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { crmRemindersOperations } from "./legacy/reminders.openapi.ts";

export const crmPaths: Operation[] = [...crmRemindersOperations];
