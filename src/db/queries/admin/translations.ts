import type { DB } from "../../index.ts";

/** Every message of a language: global ones, then the group's overrides (later rows win). */
export function findMessages(db: DB, lang: string, groupId: number | null) {
  let q = db
    .selectFrom("translations")
    .select(["msg_key", "msg_value", "group_id"])
    .where("msg_lang", "=", lang)
    .where("xlate_group", "=", "UI");
  q = groupId === null
    ? q.where("group_id", "is", null)
    : q.where((eb) => eb.or([eb("group_id", "is", null), eb("group_id", "=", groupId)]));
  return q.orderBy("group_id", (ob) => ob.asc().nullsFirst()).execute();
}

export async function findLanguages(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("translations").select("msg_lang").distinct().orderBy("msg_lang").execute();
  return rows.map((r) => r.msg_lang);
}

/**
 * One message: the group's override when `groupId` is given and has one, else the global text,
 * in `langs` order (the requested language, then English).
 */
export async function findMessage(db: DB, key: string, langs: string[], xlateGroup: string, groupId: number | null) {
  let q = db
    .selectFrom("translations")
    .select(["msg_value", "msg_lang", "group_id"])
    .where("msg_key", "=", key)
    .where("xlate_group", "=", xlateGroup)
    .where("msg_lang", "in", langs);
  q = groupId === null
    ? q.where("group_id", "is", null)
    : q.where((eb) => eb.or([eb("group_id", "is", null), eb("group_id", "=", groupId)]));
  const rows = await q.execute();
  // Language first (the requested one wins over English), then the group's override over the global text.
  const rank = (r: { msg_lang: string; group_id: number | null }) => langs.indexOf(r.msg_lang) * 2 + (r.group_id === null ? 1 : 0);
  return rows.sort((a, b) => rank(a) - rank(b))[0]?.msg_value ?? null;
}
