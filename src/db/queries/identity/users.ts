import { restrictPeople, type RestrictionScope } from "../restrictions.ts";
import type { Role } from "../../../domain/roles.ts";
import { sql } from "kysely";
import { likeIgnoreCase, likePattern } from "../like.ts";
import { preparedQuery } from "../../prepared.ts";
import type { DB } from "../../index.ts";
import type { NewUser, UserUpdate } from "../../schema.ts";

export const userColumns = [
  "users.id",
  "users.email",
  "users.first_name",
  "users.last_name",
  "users.role",
  "users.group_id",
  "users.password_hash",
  "users.is_sso_user",
  "users.terms_accepted_at",
  "users.activation_state",
  "users.last_login_at",
  "groups.name as group_name",
  "groups.display_name as group_display_name",
  "groups.status as group_status",
] as const;

export function selectUsers(db: DB) {
  return db.selectFrom("users").leftJoin("groups", "groups.id", "users.group_id").select(userColumns);
}

export type UserWithGroup = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function findUserByEmail(db: DB, email: string) {
  return selectUsers(db).where("users.email", "=", email).executeTakeFirst();
}

/** The user holding `email` (compared case-insensitively) and the group it belongs to (null for platform staff). */
export function findEmailOwner(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "group_id"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return selectUsers(db).where("users.id", "=", id).executeTakeFirst();
}

export async function insertUser(db: DB, user: NewUser): Promise<number> {
  const row = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A person invited (or named in a new move) who has no password yet: PENDING until they activate. */
export function insertPendingUser(
  db: DB,
  user: { email: string; firstName: string; lastName: string; role: Role; groupId: number; at: string; moveDate?: string | null },
): Promise<number> {
  return insertUser(db, pendingUserRow(user));
}

/** The users row of a PENDING person (`insertPendingUser`, or many at once in a batch). */
export function pendingUserRow(user: { email: string; firstName: string; lastName: string; role: Role; groupId: number; at: string; moveDate?: string | null }): NewUser {
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    group_id: user.groupId,
    password_hash: null,
    terms_accepted_at: null,
    terms_version: null,
    activation_state: "PENDING",
    last_login_at: null,
    move_date: user.moveDate ?? null,
    created_at: user.at,
    updated_at: user.at,
  };
}

export async function updateUser(db: DB, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable("users").set(patch).where("id", "=", id).execute();
}

export type PeopleParams = { groupId: number; role?: Role; search?: string; limit: number; offset: number };

type GroupPeopleArgs = { groupId: number; role: Role | null; pattern: string | null; now: string; limit: number; offset: number };
const buildGroupPeople = (db: DB, a: GroupPeopleArgs) => {
    let q = db
      .selectFrom("users")
      .select(["id", "email", "first_name", "last_name", "role", "activation_state", "last_login_at"])
      // "Activation Sent" (part 1 §4): a PENDING person whose activation code is out and still usable,
      // answered in the same read instead of a second query per page.
      .select((eb) =>
        eb
          .case()
          .when(
            eb.and([
              eb("activation_state", "=", "PENDING"),
              eb.exists(
                eb
                  .selectFrom("account_tokens as t")
                  .select("t.id")
                  .whereRef("t.user_id", "=", "users.id")
                  .where("t.kind", "=", "ACTIVATION")
                  .where("t.used_at", "is", null)
                  .where("t.expires_at", ">", a.now),
              ),
            ]),
          )
          .then(1)
          .else(0)
          .end()
          .as("activation_sent"),
      )
      .where("group_id", "=", a.groupId);
    if (a.role !== null) q = q.where("role", "=", a.role);
    const pattern = a.pattern;
    if (pattern !== null) {
      q = q.where((eb) =>
        eb.or([
          likeIgnoreCase(sql.ref("first_name"), pattern),
          likeIgnoreCase(sql.ref("last_name"), pattern),
          likeIgnoreCase(sql.ref("email"), pattern),
        ]),
      );
    }
    return q.orderBy("last_name").orderBy("first_name").orderBy("id").limit(a.limit).offset(a.offset);
};
const groupPeople = preparedQuery(buildGroupPeople);

/** One page of a group's people, ordered by last then first name (served by users_group_name_order_idx), with `activation_sent` (1 or 0) as of `now`. */
export function findGroupPeople(db: DB, p: PeopleParams, now = new Date(), scope: RestrictionScope = null) {
  const args: GroupPeopleArgs = {
    groupId: p.groupId,
    role: p.role ?? null,
    pattern: p.search ? likePattern(p.search) : null,
    now: now.toISOString(),
    limit: p.limit,
    offset: p.offset,
  };
  // A manager's restrictions change the SQL's shape, so that read is built per call (restrictPeople).
  return scope === null ? groupPeople(db, args) : restrictPeople(buildGroupPeople(db, args), scope, "users").execute();
}

export async function countGroupPeopleByRole(db: DB, groupId: number, scope: RestrictionScope = null) {
  const q = db
    .selectFrom("users")
    .select(["role", (eb) => eb.fn.countAll<number>().as("count")])
    .where("group_id", "=", groupId)
    .groupBy("role");
  const rows = await restrictPeople(q, scope, "users").execute();
  return rows.map((r) => ({ role: r.role, count: Number(r.count) }));
}

/** Users whose name or e-mail contains `search` (case-insensitive), with their group; platform tools (ADMIN). */
export function searchUsers(db: DB, search: string, limit: number) {
  const pattern = likePattern(search);
  return db
    .selectFrom("users")
    .leftJoin("groups", "groups.id", "users.group_id")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.role", "users.activation_state", "groups.display_name as group_display_name"])
    .where((eb) =>
      eb.or([
        likeIgnoreCase(sql`users.first_name || ' ' || users.last_name`, pattern),
        likeIgnoreCase(sql.ref("users.email"), pattern),
        // A user id typed as the search finds that user too (ids fit an int4).
        ...(/^\d{1,9}$/.test(search) ? [eb("users.id", "=", Number(search))] : []),
      ]),
    )
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .limit(limit)
    .execute();
}
