import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { recoveryMessages } from "../../../domain/identity/recovery/messages.ts";
import { ZRecoveryRequest, ZRegisterClientInfoRequest, ZSetPasswordRequest } from "../../../domain/identity/recovery/schemas.ts";
import { registerClientInfo, requestPasswordReset, setNewPassword, type RecoveryDeps } from "../../../services/identity/recovery.ts";
import { clientIp, legacyRoute, parseFields, readFields } from "../../../server/http.ts";
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
  legacyRoute(app, {
    method: "POST",
    path: "/user/account-recovery",
    trailingSlash: false,
    input: ZRecoveryRequest,
    run: async (c, { input }) => requestPasswordReset(recoveryDeps(c), input.email),
    failure: (error) => ({ success: false, message: null, error: publicError(error).message }),
  });

  // Answers { success, redirectUrl, error } (plus errors by field for a form that breaks the rules).
  legacyRoute(app, {
    method: "POST",
    path: "/user/set-new-password",
    trailingSlash: false,
    input: ZSetPasswordRequest,
    run: async (c, { input }) => setNewPassword({ db: deps.db, ip: clientIp(c) }, input),
    failure: (error) => {
      const known = error instanceof AppError;
      const fields = known ? (error.fields ?? null) : null;
      const text = !known ? recoveryMessages.setPasswordFailed : fields && !fields.token ? recoveryMessages.formHasErrors : error.message;
      return { success: false, redirectUrl: null, error: text, errors: fields };
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/registerClientInfo",
    trailingSlash: false,
    // Signed in first, then the fields (issue 23 item 13). The session alone (not `user`): terms not yet accepted are no refusal here.
    run: async (c) => {
      const session = c.get("session");
      if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
      const input = parseFields(ZRegisterClientInfoRequest, await readFields(c));
      return registerClientInfo(deps.db, session, input.timezoneOffset);
    },
    failure: (error) => ({ success: false, message: publicError(error).message }),
  });
}
