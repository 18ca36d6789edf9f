import type { DB } from "../index.ts";

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
