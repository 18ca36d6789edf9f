/**
 * HR settings' documented paths for the extension reasons (issue 15; part 2 §7; bases from DESIGN.md:
 * HR settings → /admin/hr-settings/…): GET and POST /admin/hr-settings/extension-reason-enabled
 * (groupId; enableExtensionReason) and GET and POST /admin/group-options/json (groupId, optionGroup
 * EMPLOYEE_MOVE_STAGE_EXT; POST one change: action ADD | RENAME | REMOVE | DEFAULT with id and optionValue).
 * Responses carry status, count, data[], message (§7); a refusal has status "ERROR", the error's HTTP
 * status and its text (§5), anything unexpected "Sorry, an error occurred while loading screen." (§8).
 * Each handler parses with zod and calls the service of the `hrSettings.*` procedures.
 */
import type { Hono } from "hono";
import { hrSettingsMessages as M, ZLegacyGroupRequest, ZLegacyOptionChangeRequest, ZLegacyOptionsRequest, ZLegacySetEnabledRequest, type TLegacyOptionChangeRequest } from "../../../domain/admin/hr-settings/schemas.ts";
import type { TExtensionReasonsView } from "../../../domain/admin/hr-settings/schemas.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields, clientIp } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import {
  addExtensionReason,
  extensionReasons,
  hrSettingsGroup,
  removeExtensionReason,
  renameExtensionReason,
  setDefaultExtensionReason,
  setExtensionReasonEnabled,
  HR_SETTINGS_READERS,
  HR_SETTINGS_WRITERS,
} from "../../../services/admin/hr-settings/extension-reasons.ts";
import type { DB } from "../../../db/index.ts";

const failure = (error: unknown) => ({ status: "ERROR", count: 0, data: [], message: failureText(error, M.loadFailed) });
const enabledAnswer = (view: TExtensionReasonsView, message = "") => ({ status: "OK", count: 1, data: [{ enableExtensionReason: view.enabled }], message });
const optionsAnswer = (view: TExtensionReasonsView, message = "") => ({ status: "OK", count: view.reasons.length, data: view.reasons, message });

function applyChange(db: DB, actor: Parameters<typeof addExtensionReason>[1], group: { id: number }, input: TLegacyOptionChangeRequest) {
  switch (input.action) {
    case "ADD":
      return addExtensionReason(db, actor, group, input.optionValue);
    case "RENAME":
      return renameExtensionReason(db, actor, group, input.id, input.optionValue);
    case "REMOVE":
      return removeExtensionReason(db, actor, group, input.id);
    case "DEFAULT":
      return setDefaultExtensionReason(db, actor, group, input.id);
  }
}

export function mountLegacyHrSettings(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, "GET", "/admin/hr-settings/extension-reason-enabled", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacyGroupRequest, c.req.query());
    return enabledAnswer(await extensionReasons(db, await hrSettingsGroup(db, user, input.groupId, false)));
  }, failure, HR_SETTINGS_READERS);

  legacyRoute(app, "POST", "/admin/hr-settings/extension-reason-enabled", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacySetEnabledRequest, await readFields(c));
    const group = await hrSettingsGroup(db, user, input.groupId, true);
    return enabledAnswer(await setExtensionReasonEnabled(db, { user, ip: clientIp(c) }, group, input.enableExtensionReason), M.saved);
  }, failure, HR_SETTINGS_WRITERS);

  legacyRoute(app, "GET", "/admin/group-options/json", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacyOptionsRequest, c.req.query());
    return optionsAnswer(await extensionReasons(db, await hrSettingsGroup(db, user, input.groupId, false)));
  }, failure, HR_SETTINGS_READERS);

  legacyRoute(app, "POST", "/admin/group-options/json", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZLegacyOptionChangeRequest, await readFields(c));
    const group = await hrSettingsGroup(db, user, input.groupId, true);
    return optionsAnswer(await applyChange(db, { user, ip: clientIp(c) }, group, input), M.saved);
  }, failure, HR_SETTINGS_WRITERS);
}
