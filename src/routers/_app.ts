import { accountRouter } from "./account.ts";
import { adminRouter } from "./admin.ts";
import { adminAccountsRouter } from "./admin-accounts.ts";
import { mailRouter } from "./mail.ts";
import { recoveryRouter } from "./recovery.ts";
import { sessionRouter } from "./session.ts";
import { ssoRouter } from "./sso.ts";
import { socialLoginRouter } from "./social-login.ts";
import { usersRouter } from "./users.ts";
import { authRouter } from "./auth.ts";
import { groupRouter } from "./group.ts";
import { i18nRouter } from "./i18n.ts";
import { referenceRouter } from "./reference.ts";
import { policyRouter } from "./policy/index.ts";
import { preferencesRouter } from "./preferences.ts";
import { wizardRouter } from "./wizard/index.ts";
import { formBuilderRouter } from "./form-builder.ts";
import { estimateRouter } from "./estimate/index.ts";
import { movesRouter } from "./moves.ts";
import { errorsRouter } from "./errors.ts";
import { movehubRouter } from "./movehub.ts";
import { filesRouter } from "./files.ts";
import { budgetsRouter } from "./budgets.ts";
import { expensesRouter } from "./expenses.ts";
import { widgetsRouter } from "./widgets.ts";
import { overviewRouter } from "./overview.ts";
import { welcomeRouter } from "./welcome.ts";
import { welcomeCallsRouter } from "./welcome-calls.ts";
import { notificationsRouter } from "./notifications.ts";
import { managersRouter } from "./managers.ts";
import { dashboardRouter } from "./dashboard.ts";
import { employeeRouter } from "./employee.ts";
import { socialRouter } from "./social.ts";
import { quotesRouter } from "./quotes.ts";
import { hrSettingsRouter } from "./hr-settings.ts";
import { assignmentsRouter } from "./assignments.ts";
import { tagsRouter } from "./tags.ts";
import { bulkRouter } from "./bulk.ts";
import { employeeFileRouter } from "./employee-file.ts";
import { incidentsRouter } from "./incidents.ts";
import { financeRouter } from "./finance/index.ts";
import { createCallerFactory, router } from "../trpc.ts";

/** Every area's router. Later areas (wizard, estimate, policy, finance, reporting, crm) are added here. */
export const appRouter = router({
  auth: authRouter,
  group: groupRouter,
  admin: adminRouter,
  reference: referenceRouter,
  i18n: i18nRouter,
  account: accountRouter,
  users: usersRouter,
  mail: mailRouter,
  recovery: recoveryRouter,
  session: sessionRouter,
  adminAccounts: adminAccountsRouter,
  sso: ssoRouter,
  socialLogin: socialLoginRouter,
  policy: policyRouter,
  preferences: preferencesRouter,
  wizard: wizardRouter,
  formBuilder: formBuilderRouter,
  estimate: estimateRouter,
  moves: movesRouter,
  errors: errorsRouter,
  budgets: budgetsRouter,
  expenses: expensesRouter,
  movehub: movehubRouter,
  files: filesRouter,
  widgets: widgetsRouter,
  overview: overviewRouter,
  welcome: welcomeRouter,
  welcomeCalls: welcomeCallsRouter,
  notifications: notificationsRouter,
  managers: managersRouter,
  dashboard: dashboardRouter,
  employee: employeeRouter,
  social: socialRouter,
  quotes: quotesRouter,
  hrSettings: hrSettingsRouter,
  assignments: assignmentsRouter,
  tags: tagsRouter,
  bulk: bulkRouter,
  employeeFile: employeeFileRouter,
  incidents: incidentsRouter,
  finance: financeRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
