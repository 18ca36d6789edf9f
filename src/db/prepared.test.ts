import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { preparedQuery } from "./prepared.ts";
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
