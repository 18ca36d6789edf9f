/**
 * The employee room: The relocating employee: home, move hub, expenses and budgets, files, overview, social, widgets, quotes and bookings, the welcome popup, preferences.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { preferencesRouter } from "./preferences.ts";
import { budgetsRouter } from "./budgets.ts";
import { expensesRouter } from "./expenses.ts";
import { movehubRouter } from "./movehub.ts";
import { filesRouter } from "./files.ts";
import { widgetsRouter } from "./widgets.ts";
import { overviewRouter } from "./overview.ts";
import { welcomeRouter } from "./welcome.ts";
import { employeeRouter } from "./employee.ts";
import { socialRouter } from "./social.ts";
import { quotesRouter } from "./quotes.ts";

export const employeeProcedures = {
  preferences: preferencesRouter,
  budgets: budgetsRouter,
  expenses: expensesRouter,
  movehub: movehubRouter,
  files: filesRouter,
  widgets: widgetsRouter,
  overview: overviewRouter,
  welcome: welcomeRouter,
  employee: employeeRouter,
  social: socialRouter,
  quotes: quotesRouter,
};
