/**
 * The identity room: Sign-in, sessions, account and password recovery, SSO and social login, terms, users, and each person's notifications.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { authRouter } from "./auth.ts";
import { accountRouter } from "./account.ts";
import { usersRouter } from "./users.ts";
import { recoveryRouter } from "./recovery.ts";
import { sessionRouter } from "./session.ts";
import { ssoRouter } from "./sso.ts";
import { socialLoginRouter } from "./social-login.ts";
import { notificationsRouter } from "./notifications.ts";

export const identityProcedures = {
  auth: authRouter,
  account: accountRouter,
  users: usersRouter,
  recovery: recoveryRouter,
  session: sessionRouter,
  sso: ssoRouter,
  socialLogin: socialLoginRouter,
  notifications: notificationsRouter,
};
