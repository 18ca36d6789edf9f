import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { findMessage } from "../../db/queries/admin/translations.ts";
import { AppError } from "../../domain/errors.ts";
import { messages, missingTooltipText } from "../../domain/messages.ts";
import type { TSaveUserPropertyRequest, TTooltipRequest, TXlateMsgRequest } from "../../domain/employee/preferences/schemas.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import type { SessionUser } from "../identity/auth.ts";

/** POST /user/saveUserProperty: stores one integer property of the signed-in user (insert or replace). */
export async function saveUserProperty(db: DB, user: SessionUser, input: TSaveUserPropertyRequest, now = new Date()) {
  await db
    .insertInto("user_properties")
    .values({ user_id: user.id, key: input.key, value: input.integer, updated_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doUpdateSet({ value: input.integer, updated_at: now.toISOString() }))
    .execute();
  return { success: true as const, key: input.key, integer: input.integer };
}

/** The signed-in user's saved properties. */
export async function listUserProperties(db: DB, user: SessionUser) {
  const rows = await db.selectFrom("user_properties").select(["key", "value"]).where("user_id", "=", user.id).orderBy("key").execute();
  return { properties: Object.fromEntries(rows.map((r) => [r.key, Number(r.value)])) };
}

/** Platform staff serve every client group; everyone else reads only their own group's texts. */
const STAFF: readonly Role[] = ["ADMIN", "CRM", "FINANCE"];

async function groupIdFor(db: DB, user: SessionUser, groupName: string | undefined): Promise<number | null> {
  if (groupName === undefined) return null;
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!STAFF.includes(user.role) && !canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group.id;
}

const languagesFor = (lang: string) => (lang === "en" ? ["en"] : [lang, "en"]);

/**
 * GET /json/get/tooltip: the tooltip text of `key` (translation key `tooltip.<key>`), in the
 * language (English when missing), with the client group's override when `group` is given.
 */
export async function findTooltip(db: DB, user: SessionUser, input: TTooltipRequest) {
  const groupId = await groupIdFor(db, user, input.group);
  const text = await findMessage(db, `tooltip.${input.key}`, languagesFor(input.language), "UI", groupId);
  // part 2 §8: a missing tooltip answers the spec's fallback text, with the key (issue 23 item 22).
  return { success: true as const, key: input.key, language: input.language, text: text ?? missingTooltipText(input.key) };
}

/** GET /json/get/xlateMsg: one translation of the translation group, with the customer's override. */
export async function findXlateMsg(db: DB, user: SessionUser, input: TXlateMsgRequest) {
  const groupId = await groupIdFor(db, user, input.customer);
  const message = await findMessage(db, input.key, languagesFor(input.lang), input.group, groupId);
  return { success: true as const, key: input.key, lang: input.lang, message };
}
