import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { en } from "../../domain/i18n/en.ts";
import { messages } from "../../domain/messages.ts";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError } from "../../test/errors.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const groups = await t.db.selectFrom("groups").select(["id", "name"]).execute();
  const acme = groups.find((g) => g.name === "acme")!.id;
  const globex = groups.find((g) => g.name === "globex")!.id;
  await t.db
    .insertInto("translations")
    .values([
      { msg_key: "app.name", msg_lang: "en", msg_value: "Acme Moves", xlate_group: "UI", group_id: acme },
      { msg_key: "login.title", msg_lang: "en", msg_value: "Globex sign-in", xlate_group: "UI", group_id: globex },
      { msg_key: "app.name", msg_lang: "de", msg_value: "Meridian DE", xlate_group: "UI", group_id: null },
      { msg_key: "report.title", msg_lang: "en", msg_value: "Not a UI text", xlate_group: "REPORT", group_id: null },
    ])
    .execute();
});
afterAll(() => t.close());

describe("i18n.messages: happy", () => {
  test("English UI texts, the same as the shipped ones, signed out", async () => {
    const anon = await callerFor(t.db, null);
    const result = await anon.i18n.messages({ lang: "en" });
    expect(result.lang).toBe("en");
    expect(result.messages).toEqual({ ...en });
    expect(result.messages["error.generic"]).toBe(messages.genericFailure);
    expect(result.messages["report.title"]).toBeUndefined();
  });

  test("English is the default language", async () => {
    const anon = await callerFor(t.db, null);
    expect((await anon.i18n.messages({})).messages["app.name"]).toBe("Meridian");
  });

  test("another language has only its own rows", async () => {
    const anon = await callerFor(t.db, null);
    expect(await anon.i18n.messages({ lang: "de" })).toEqual({ lang: "de", messages: { "app.name": "Meridian DE" } });
    expect(await anon.i18n.messages({ lang: "xx" })).toEqual({ lang: "xx", messages: {} });
  });

  test("a group's overrides win over the global texts", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const result = await hr.i18n.messages({ lang: "en", group: "acme" });
    expect(result.messages["app.name"]).toBe("Acme Moves");
    expect(result.messages["login.title"]).toBe(en["login.title"]);
    expect(Object.keys(result.messages)).toHaveLength(Object.keys(en).length);
  });
});

describe("i18n.messages: other group", () => {
  test("one group's overrides never reach another group or the global texts", async () => {
    const anon = await callerFor(t.db, null);
    const globex = await anon.i18n.messages({ lang: "en", group: "globex" });
    expect(globex.messages["app.name"]).toBe("Meridian");
    expect(globex.messages["login.title"]).toBe("Globex sign-in");
    const acme = await anon.i18n.messages({ lang: "en", group: "acme" });
    expect(acme.messages["login.title"]).toBe(en["login.title"]);
    const global = await anon.i18n.messages({ lang: "en" });
    expect(global.messages["app.name"]).toBe("Meridian");
    expect(global.messages["login.title"]).toBe(en["login.title"]);
  });

  test("an unknown group gets the global texts", async () => {
    const anon = await callerFor(t.db, null);
    expect((await anon.i18n.messages({ lang: "en", group: "initech" })).messages).toEqual({ ...en });
  });
});

describe("i18n.messages: errors", () => {
  test.each([
    ["lang", "one letter", { lang: "e" }],
    ["lang", "over 10 characters", { lang: "en-GB-oxendict" }],
    ["lang", "a number", { lang: 5 }],
    ["group", "over 64 characters", { group: "g".repeat(65) }],
  ])("bad %s: %s", async (path, _label, input) => {
    const anon = await callerFor(t.db, null);
    await expectInputError(anon.i18n.messages(input as { lang: string }), path);
  });
});
