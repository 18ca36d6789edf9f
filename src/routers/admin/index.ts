/**
 * The admin room: The platform admin: groups, admin accounts, HR settings, translations, the outbox, reference data and client errors.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { adminRouter } from "./admin.ts";
import { referenceRouter } from "./reference.ts";
import { i18nRouter } from "./i18n.ts";
import { mailRouter } from "./mail.ts";
import { adminAccountsRouter } from "./admin-accounts.ts";
import { errorsRouter } from "./errors.ts";
import { hrSettingsRouter } from "./hr-settings.ts";

export const adminProcedures = {
  admin: adminRouter,
  reference: referenceRouter,
  i18n: i18nRouter,
  mail: mailRouter,
  adminAccounts: adminAccountsRouter,
  errors: errorsRouter,
  hrSettings: hrSettingsRouter,
};
