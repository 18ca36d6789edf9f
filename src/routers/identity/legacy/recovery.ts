import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { recoveryMessages } from "../../../domain/identity/recovery/messages.ts";
import { ZRecoveryRequest, ZRegisterClientInfoRequest, ZSetPasswordRequest } from "../../../domain/identity/recovery/schemas.ts";
import { registerClientInfo, requestPasswordReset, setNewPassword, type RecoveryDeps } from "../../../services/identity/recovery.ts";
import { clientIp, httpStatusOf, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";
import { mailerFor } from "../../../trpc.ts";

/** part 2 §7 "Login, activation, account": account recovery, set-new-password and the client-info post. */
export function mountLegacyRecovery(app: Hono<AppEnv>, deps: AppDeps) {
  const recoveryDeps = (c: Context<AppEnv>): RecoveryDeps => ({
    db: deps.db,
    config: deps.config,
    mailer: mailerFor(deps.config),
    ip: clientIp(c),
  });

  // Answers { success, message, error }: the same success for every well-formed address.
  app.post("/user/account-recovery", async (c) => {
    try {
      const input = parseFields(ZRecoveryRequest, await readFields(c));
      return c.json(await requestPasswordReset(recoveryDeps(c), input.email));
    } catch (error) {
      logUnexpected("account-recovery", error);
      return c.json({ success: false, message: null, error: publicError(error).message }, httpStatusOf(error));
    }
  });

  // Answers { success, redirectUrl, error } (plus errors by field for a form that breaks the rules).
  app.post("/user/set-new-password", async (c) => {
    try {
      const input = parseFields(ZSetPasswordRequest, await readFields(c));
      return c.json(await setNewPassword({ db: deps.db, ip: clientIp(c) }, input));
    } catch (error) {
      logUnexpected("set-new-password", error);
      const known = error instanceof AppError;
      const fields = known ? (error.fields ?? null) : null;
      const text = !known ? recoveryMessages.setPasswordFailed : fields && !fields.token ? recoveryMessages.formHasErrors : error.message;
      return c.json({ success: false, redirectUrl: null, error: text, errors: fields }, httpStatusOf(error));
    }
  });

  app.post("/registerClientInfo", async (c) => {
    try {
      // Signed in first, then the fields (issue 23 item 13).
      if (!c.get("session")) throw new AppError("UNAUTHORIZED", messages.signInRequired);
      const input = parseFields(ZRegisterClientInfoRequest, await readFields(c));
      return c.json(await registerClientInfo(deps.db, c.get("session"), input.timezoneOffset));
    } catch (error) {
      logUnexpected("registerClientInfo", error);
      return c.json({ success: false, message: publicError(error).message }, httpStatusOf(error));
    }
  });
}
