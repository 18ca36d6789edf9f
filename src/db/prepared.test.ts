import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { executePrepared, preparedQuery } from "./prepared.ts";
import { createTestDatabase, type TestDatabase } from "../test/db.ts";
import type { DB } from "./index.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ reference: { cities: "none" } });
});
afterAll(() => t.close());

const usersOf = preparedQuery((db: DB, a: { group: string; role: string | null }) => {
  let q = db
    .selectFrom("users")
    .innerJoin("groups", "groups.id", "users.group_id")
    .select("users.email")
    .where("groups.name", "=", a.group);
  if (a.role !== null) q = q.where("users.role", "=", a.role as never);
  return q.orderBy("users.email");
});

describe("preparedQuery", () => {
  test("binds new values on every call", async () => {
    expect((await usersOf(t.db, { group: "acme", role: null })).map((r) => r.email)).toEqual([
      "employee@acme.test",
      "hr@acme.test",
      "manager@acme.test",
    ]);
    expect((await usersOf(t.db, { group: "globex", role: null })).map((r) => r.email)).toEqual(["employee@globex.test", "hr@globex.test"]);
  });

  test("compiles each null/non-null shape separately", async () => {
    expect((await usersOf(t.db, { group: "acme", role: "HR" })).map((r) => r.email)).toEqual(["hr@acme.test"]);
    expect((await usersOf(t.db, { group: "acme", role: null })).length).toBe(3);
    expect((await usersOf(t.db, { group: "globex", role: "EMPLOYEE" })).map((r) => r.email)).toEqual(["employee@globex.test"]);
  });

  test("inside a transaction it runs on the transaction", async () => {
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ role: "MANAGER" }).where("email", "=", "employee@globex.test").execute();
      expect((await usersOf(trx, { group: "globex", role: "MANAGER" })).map((r) => r.email)).toEqual(["employee@globex.test"]);
      await trx.updateTable("users").set({ role: "EMPLOYEE" }).where("email", "=", "employee@globex.test").execute();
    });
  });
});

describe("executePrepared", () => {
  // One pooled connection, so every statement of a test runs on the connection that holds the named statement.
  let one: TestDatabase;
  beforeAll(async () => {
    one = await createTestDatabase({ reference: { cities: "none" }, poolSize: 1 });
  });
  afterAll(() => one.close());

  const emailOf = (db: DB, id: number) => executePrepared<{ email: string }>(db, sql<{ email: string }>`select email from users where id = ${id}`.compile(db));
  const preparedNames = async (db: DB) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);

  test("binds new values on every call; on PostgreSQL as one named statement of the connection", async () => {
    const users = await one.db.selectFrom("users").select(["id", "email"]).orderBy("id").limit(2).execute();
    expect(users.length).toBe(2);
    for (const u of [...users, ...users]) expect(await emailOf(one.db, u.id)).toEqual([{ email: u.email }]);
    expect(await emailOf(one.db, -1)).toEqual([]);
    if (one.dialect === "postgres") {
      const text = sql`select email from users where id = ${0}`.compile(one.db).sql;
      expect((await preparedNames(one.db)).filter((s) => s === text).length).toBe(1);
    }
  });

  test("a statement whose result columns changed, or that was deallocated, is prepared again", async () => {
    await sql`create table prepared_probe (id integer primary key, v integer)`.execute(one.db);
    await sql`insert into prepared_probe (id, v) values (1, 7)`.execute(one.db);
    const probe = () => executePrepared<{ id: number; v: unknown }>(one.db, sql<{ id: number; v: unknown }>`select * from prepared_probe where id = ${1}`.compile(one.db));
    expect(await probe()).toEqual([{ id: 1, v: 7 }]);
    await sql`alter table prepared_probe add column w text`.execute(one.db);
    expect(await probe()).toEqual([{ id: 1, v: 7, w: null } as never]);
    if (one.dialect === "postgres") await sql`deallocate all`.execute(one.db);
    expect(await probe()).toEqual([{ id: 1, v: 7, w: null } as never]);
    await sql`drop table prepared_probe`.execute(one.db);
  });

  test("inside a transaction it runs on the transaction (its uncommitted rows), not on the pool", async () => {
    const id = (await one.db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const before = (await emailOf(one.db, id))[0]!.email;
    await expect(
      one.db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ email: "prepared.probe@acme.test" }).where("id", "=", id).execute();
        expect(await emailOf(trx, id)).toEqual([{ email: "prepared.probe@acme.test" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await emailOf(one.db, id)).toEqual([{ email: before }]);
  });
});
