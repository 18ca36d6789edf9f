import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { findMessages } from "../../db/queries/admin/translations.ts";

/** The UI messages of a language, with a group's overrides applied over the global texts. */
export async function loadMessages(db: DB, lang: string, groupName?: string) {
  const group = groupName ? await findGroupByName(db, groupName) : undefined;
  const rows = await findMessages(db, lang, group?.id ?? null);
  const messages: Record<string, string> = {};
  for (const r of rows) messages[r.msg_key] = r.msg_value;
  return { lang, messages };
}
