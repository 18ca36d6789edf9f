/**
 * HR settings: the group's extension reasons and the enableExtensionReason flag (issue 15; part 2 §3, §5,
 * §7, §8). Both transports call these (src/routers/admin/hr-settings.ts, src/routers/admin/legacy/hr-settings.ts).
 * Reads: HR of the group and ADMIN (the extend-assignment popup lists the reasons); writes: ADMIN.
 * Every write runs in one transaction after the group's row lock, so the invariant "enabled ⇒ at least one
 * reason and a default" holds under parallel calls; one default per group (partial unique index
 * group_options_default_uq) and one row per value (group_options_value_uq, insert … on conflict do nothing).
 */
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { findGroupById } from "../../../db/queries/admin/groups.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import { EXTENSION_REASON_GROUP, hrSettingsMessages as M, type TExtensionReason, type TExtensionReasonsView } from "../../../domain/admin/hr-settings/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup, type Role } from "../../../domain/roles.ts";
import type { SessionUser } from "../../identity/auth.ts";

export type Actor = { user: SessionUser; ip: string | null };
type Group = { id: number };

/** Who reads and who changes a group's HR settings (the legacy paths check it before the request is read). */
export const HR_SETTINGS_READERS: readonly Role[] = ["HR", "ADMIN"];
export const HR_SETTINGS_WRITERS: readonly Role[] = ["ADMIN"];
const READERS = HR_SETTINGS_READERS;
const WRITERS = HR_SETTINGS_WRITERS;

/** The group named by id in a legacy request, checked against the caller (404 unknown, 403 not theirs). */
export async function hrSettingsGroup(db: DB, user: SessionUser, groupId: number, write: boolean): Promise<GroupRef> {
  if (!(write ? WRITERS : READERS).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, groupId)) throw new AppError("FORBIDDEN", messages.otherGroup);
  const group = await findGroupById(db, groupId);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  return group as GroupRef;
}

function reasonRows(db: DB, groupId: number) {
  return db
    .selectFrom("group_options")
    .select(["id", "option_value", "default_value"])
    .where("group_id", "=", groupId)
    .where("option_group", "=", EXTENSION_REASON_GROUP)
    .orderBy("id")
    .execute();
}

async function enabledFlag(db: DB, groupId: number): Promise<boolean> {
  const row = await db.selectFrom("group_hr_settings").select("extension_reason_enabled").where("group_id", "=", groupId).executeTakeFirst();
  return row?.extension_reason_enabled === 1;
}

/** The reasons (in the order they were added) and the flag: the page's and the extend popup's read. */
export async function extensionReasons(db: DB, group: Group): Promise<TExtensionReasonsView> {
  const [rows, enabled] = await Promise.all([reasonRows(db, group.id), enabledFlag(db, group.id)]);
  return { enabled, reasons: rows.map(toReason) };
}

const toReason = (r: { id: number; option_value: string; default_value: number }): TExtensionReason => ({ id: r.id, optionValue: r.option_value, defaultValue: r.default_value === 1 });

/** The invariant of an enabled group (§5): at least one reason, one of them the default. */
function checkEnabledRule(reasons: { default_value: number }[]) {
  if (reasons.length === 0) throw new AppError("VALIDATION", M.reasonsRequired);
  if (!reasons.some((r) => r.default_value === 1)) throw new AppError("VALIDATION", M.defaultRequired);
}

async function write<T>(db: DB, actor: Actor, group: Group, work: (trx: DB) => Promise<T>): Promise<TExtensionReasonsView> {
  if (!WRITERS.includes(actor.user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(actor.user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "groups", group.id))) throw new AppError("NOT_FOUND", messages.notFound);
    await work(trx);
    return extensionReasons(trx, group);
  });
}

function audit(trx: DB, actor: Actor, groupId: number, entityId: number, action: string, oldValues?: unknown, newValues?: unknown) {
  return insertAudit(trx, {
    actorUserId: actor.user.id,
    groupId,
    entity: "hr_settings",
    entityId,
    action,
    oldValues,
    newValues,
    ip: actor.ip,
    at: new Date().toISOString(),
  });
}

async function reasonOf(trx: DB, groupId: number, reasonId: number) {
  const row = await trx
    .selectFrom("group_options")
    .select(["id", "option_value", "default_value"])
    .where("id", "=", reasonId)
    .where("group_id", "=", groupId)
    .where("option_group", "=", EXTENSION_REASON_GROUP)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", M.reasonNotFound, { id: M.reasonNotFound });
  return row;
}

/** Adds a reason; the same value again (any case) is CONFLICT valueExists, so parallel identical adds leave one row. */
export function addExtensionReason(db: DB, actor: Actor, group: Group, optionValue: string) {
  return write(db, actor, group, async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto("group_options")
      .values({ group_id: group.id, option_group: EXTENSION_REASON_GROUP, option_value: optionValue, value_key: optionValue.toLowerCase(), default_value: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["group_id", "option_group", "value_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("CONFLICT", M.valueExists, { optionValue: M.valueExists });
    await audit(trx, actor, group.id, row.id, "hr-settings.extension-reason.add", undefined, { optionValue });
  });
}

/** Renames a reason; the new value must not be blank nor another reason's. */
export function renameExtensionReason(db: DB, actor: Actor, group: Group, reasonId: number, optionValue: string) {
  return write(db, actor, group, async (trx) => {
    const old = await reasonOf(trx, group.id, reasonId);
    if (old.option_value === optionValue) return;
    const taken = await trx
      .selectFrom("group_options")
      .select("id")
      .where("group_id", "=", group.id)
      .where("option_group", "=", EXTENSION_REASON_GROUP)
      .where("value_key", "=", optionValue.toLowerCase())
      .where("id", "<>", reasonId)
      .executeTakeFirst();
    if (taken) throw new AppError("CONFLICT", M.valueExists, { optionValue: M.valueExists });
    await trx
      .updateTable("group_options")
      .set({ option_value: optionValue, value_key: optionValue.toLowerCase(), updated_at: new Date().toISOString() })
      .where("id", "=", reasonId)
      .execute();
    await audit(trx, actor, group.id, reasonId, "hr-settings.extension-reason.rename", { optionValue: old.option_value }, { optionValue });
  });
}

/** Removes a reason; while the flag is on, the last reason or the default cannot go (§5's rule kept). */
export function removeExtensionReason(db: DB, actor: Actor, group: Group, reasonId: number) {
  return write(db, actor, group, async (trx) => {
    const old = await reasonOf(trx, group.id, reasonId);
    if (await enabledFlag(trx, group.id)) {
      checkEnabledRule((await reasonRows(trx, group.id)).filter((r) => r.id !== reasonId));
    }
    await trx.deleteFrom("group_options").where("id", "=", reasonId).execute();
    await audit(trx, actor, group.id, reasonId, "hr-settings.extension-reason.remove", { optionValue: old.option_value, defaultValue: old.default_value === 1 });
  });
}

/** Makes the reason the group's one default (the previous default is cleared first, in the same transaction). */
export function setDefaultExtensionReason(db: DB, actor: Actor, group: Group, reasonId: number) {
  return write(db, actor, group, async (trx) => {
    const target = await reasonOf(trx, group.id, reasonId);
    if (target.default_value === 1) return;
    const now = new Date().toISOString();
    await trx
      .updateTable("group_options")
      .set({ default_value: 0, updated_at: now })
      .where("group_id", "=", group.id)
      .where("option_group", "=", EXTENSION_REASON_GROUP)
      .where("default_value", "=", 1)
      .execute();
    await trx.updateTable("group_options").set({ default_value: 1, updated_at: now }).where("id", "=", reasonId).execute();
    await audit(trx, actor, group.id, reasonId, "hr-settings.extension-reason.default", undefined, { optionValue: target.option_value });
  });
}

/** Switches the flag; on needs at least one reason and a default (§5 texts). */
export function setExtensionReasonEnabled(db: DB, actor: Actor, group: Group, enabled: boolean) {
  return write(db, actor, group, async (trx) => {
    const before = await enabledFlag(trx, group.id);
    if (enabled) checkEnabledRule(await reasonRows(trx, group.id));
    if (before === enabled) return;
    const now = new Date().toISOString();
    await trx
      .insertInto("group_hr_settings")
      .values({ group_id: group.id, extension_reason_enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column("group_id").doUpdateSet({ extension_reason_enabled: enabled ? 1 : 0, updated_at: now }))
      .execute();
    await audit(trx, actor, group.id, group.id, "hr-settings.extension-reason-enabled", { enabled: before }, { enabled });
  });
}
