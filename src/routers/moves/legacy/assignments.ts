/**
 * The documented paths of extend and end assignments (issue 15; part 1 §7 "POST
 * /hr/json/extend-employee-assignments and /hr/json/repatriate-employees: actions array (employeeId, message,
 * newEndDate, groupOptionId for extend or reason for end, plus services and budgets for end)"). The body is JSON
 * (or a form with `actions` as JSON text); `group` (URL name) is optional and defaults to the caller's own group
 * (ADMIN must name it). Answers {success, message, results[]}; a failure {success: false, message, results: [],
 * errors} with the error table's status: "We were unable to process data." (§8) with each action's texts in
 * `errors` (`actions.<i>.<field>`), "No employees were selected!" for none. Each handler parses with the tRPC
 * procedure's schema and calls the same service.
 */
import type { Hono } from "hono";
import { assignmentMessages as M, ZLegacyEndRequest, ZLegacyExtendRequest } from "../../../domain/moves/assignments/schemas.ts";
import { publicError } from "../../../domain/errors.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { assignmentsGroup, endAssignments, extendAssignments } from "../../../services/moves/assignments/assignments.ts";

const failure = (error: unknown) => ({ success: false, message: failureText(error, M.unableToProcess), results: [], errors: publicError(error).fields ?? {} });

/** A form post carries `actions` as JSON text; a JSON body as an array. */
function fieldsOf(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.actions !== "string") return raw;
  try {
    return { ...raw, actions: JSON.parse(raw.actions) };
  } catch {
    return { ...raw, actions: undefined };
  }
}

export function mountLegacyAssignments(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, "POST", "/hr/json/extend-employee-assignments", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacyExtendRequest, fieldsOf(await readFields(c)));
    const group = await assignmentsGroup(db, user, input.group);
    return { success: true, ...(await extendAssignments(db, { user, ip: clientIp(c) }, group, input.actions)) };
  }, failure);

  legacyRoute(app, "POST", "/hr/json/repatriate-employees", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacyEndRequest, fieldsOf(await readFields(c)));
    const group = await assignmentsGroup(db, user, input.group);
    return { success: true, ...(await endAssignments(db, { user, ip: clientIp(c) }, group, input.actions)) };
  }, failure);
}
