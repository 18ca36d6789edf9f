/**
 * The crm room: The relocation consultant: welcome calls.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { welcomeCallsRouter } from "./welcome-calls.ts";
import { crmRemindersRouter } from "./reminders.ts";

export const crmProcedures = {
  welcomeCalls: welcomeCallsRouter,
  crmReminders: crmRemindersRouter,
};
