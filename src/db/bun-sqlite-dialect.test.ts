import { describe, expect, test } from "bun:test";
import { openBunSqlite } from "./bun-sqlite-dialect.ts";

describe("bun:sqlite adapter", () => {
  test("runs, reads and reports changes; booleans and dates are bound as SQLite values", () => {
    const db = openBunSqlite(":memory:");
    db.prepare("create table t (id integer primary key, flag integer, at text)").run([]);
    const insert = db.prepare("insert into t (flag, at) values (?, ?)");
    expect(insert.reader).toBe(false);
    expect(insert.run([true, new Date("2026-01-02T03:04:05.000Z")])).toEqual({ changes: 1, lastInsertRowid: 1 });
    const select = db.prepare("select flag, at from t where id = ?");
    expect(select.reader).toBe(true);
    expect(select.all([1])).toEqual([{ flag: 1, at: "2026-01-02T03:04:05.000Z" }]);
    db.close();
  });

  test("foreign keys are enforced", () => {
    const db = openBunSqlite(":memory:");
    db.prepare("create table p (id integer primary key)").run([]);
    db.prepare("create table c (id integer primary key, p integer not null references p(id))").run([]);
    expect(() => db.prepare("insert into c (p) values (?)").run([42])).toThrow(/FOREIGN KEY/);
    db.close();
  });

  test("statements are reused per SQL text and the cache stays bounded", () => {
    const db = openBunSqlite(":memory:");
    db.prepare("create table n (v integer)").run([]);
    for (let i = 0; i < 700; i++) db.prepare(`insert into n (v) values (${i})`).run([]);
    const count = "select count(*) as c from n where v >= ?";
    expect(db.prepare(count).all([0])).toEqual([{ c: 700 }]);
    expect(db.prepare(count).all([600])).toEqual([{ c: 100 }]);
    // Statements evicted from the cache were finalized; the SQL still runs when asked again.
    expect(db.prepare("insert into n (v) values (0)").run([]).changes).toBe(1);
    db.close();
  });
});
