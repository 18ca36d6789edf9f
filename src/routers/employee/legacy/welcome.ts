/**
 * The welcome popup's documented path (issue 14; part 1 §7 "POST /mercer/popup", shape not given):
 * a JSON or form body (see src/domain/employee/welcome/schemas.ts: moveId, action STAGE | DISMISS | BOOK and the
 * booking's date, time, timeZone, phone, interests comma-separated) parsed with the procedure's own
 * schema, the same service as `welcome.answer`; answers `{ success: true, state }`. Failures answer
 * `{ success: false, error }` with the error's status and the spec's "There is an issue saving welcome
 * data." for anything unexpected (part 2 §8).
 */
import type { Hono } from "hono";
import { welcomeMessages } from "../../../domain/employee/welcome/messages.ts";
import { ZWelcomeAnswerRequest } from "../../../domain/employee/welcome/schemas.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { answerWelcome } from "../../../services/employee/welcome/popup.ts";

export function mountLegacyWelcome(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  legacyRoute(app, "POST", "/mercer/popup", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZWelcomeAnswerRequest, await readFields(c));
    return { success: true as const, state: await answerWelcome({ db, ip: clientIp(c) }, user, input) };
  }, (error) => ({ success: false, error: failureText(error, welcomeMessages.saveFailed) }), ["EMPLOYEE"]);
}
