import { sql } from "kysely";
import type { DB } from "../../index.ts";
import { likeIgnoreCase, likePattern } from "../like.ts";

export type NewClientError = {
  at: string;
  userId: number | null;
  groupId: number | null;
  page: string;
  message: string;
  detail: string | null;
  userAgent: string | null;
  fingerprint: string;
};

/** `count` stops here (the integer column's range), an error repeated forever stays one row. */
const COUNT_CEILING = 2_000_000_000;

/**
 * Stores one report in ONE statement: a new fingerprint adds a row while the table holds fewer than
 * `maxRows` rows; a known one adds to its `count` and takes the newest time, page and reporter
 * (insert … on conflict, so parallel repeats on any number of instances are all counted).
 */
export async function storeClientError(db: DB, e: NewClientError, maxRows: number): Promise<void> {
  await sql`
    insert into client_errors (at, first_at, user_id, group_id, page, message, detail, user_agent, count, fingerprint)
    select ${e.at}, ${e.at}, cast(${e.userId} as integer), cast(${e.groupId} as integer), ${e.page}, ${e.message}, ${e.detail}, ${e.userAgent}, 1, ${e.fingerprint}
    where (select count(*) from client_errors) < ${maxRows}
       or exists (select 1 from client_errors where fingerprint = ${e.fingerprint})
    on conflict (fingerprint) do update set
      at = excluded.at,
      page = excluded.page,
      user_id = excluded.user_id,
      group_id = excluded.group_id,
      user_agent = excluded.user_agent,
      count = case when client_errors.count < ${COUNT_CEILING} then client_errors.count + 1 else client_errors.count end`.execute(db);
}

/** Newest first; `search` matches the message, page, detail or the reporter's e-mail. */
export function findClientErrorsPage(db: DB, p: { search?: string; limit: number; offset: number }) {
  let q = db
    .selectFrom("client_errors as e")
    .leftJoin("users as u", "u.id", "e.user_id")
    .leftJoin("groups as g", "g.id", "e.group_id")
    .select([
      "e.id",
      "e.at",
      "e.first_at",
      "e.page",
      "e.message",
      "e.detail",
      "e.user_agent",
      "e.count",
      "u.email as user_email",
      "g.name as group_name",
    ]);
  if (p.search) {
    const pattern = likePattern(p.search);
    q = q.where((eb) =>
      eb.or([
        likeIgnoreCase(sql.ref("e.message"), pattern),
        likeIgnoreCase(sql.ref("e.page"), pattern),
        likeIgnoreCase(sql.ref("e.detail"), pattern),
        likeIgnoreCase(sql.ref("u.email"), pattern),
      ]),
    );
  }
  return q.orderBy("e.at", "desc").orderBy("e.id", "desc").limit(p.limit).offset(p.offset).execute();
}
