/**
 * widgets.* procedures and their documented paths (GET/POST /user/currency; part 1 §3, §7; part 2 §7)
 * on the test database (SQLite, or PostgreSQL with TEST_DB=postgres): happy paths, persistence across
 * sessions, bad input (nothing written), signed out, cross-site, isolation between users of the same
 * group and of other groups, parallel saves.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { currencyWidgetMessages, WIDGETS_PREFS_COOKIE } from "../../domain/employee/widgets/currency.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson, type TestApp } from "../../test/app.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectTrpcError, expectNoStackTrace } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
async function newUser(db: DB, group = "acme", role: "EMPLOYEE" | "HR" = "EMPLOYEE") {
  const email = `widget-${Date.now()}-${++seq}@${group}.test`;
  const id = await insertTestUser(db, { email, group, role });
  return { email, id };
}

const prefsRows = async (db: DB, userId: number) => db.selectFrom("user_widget_prefs").selectAll().where("user_id", "=", userId).execute();
const widgetCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${WIDGETS_PREFS_COOKIE}=`)) ?? null;
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("widgets.currency (tRPC)", () => {
  test("a new user sees the defaults: USD with EUR, GBP, USD displayed and every rate to 4 places", async () => {
    const { email } = await newUser(t.db);
    const view = await (await callerFor(t.db, email)).widgets.currency({});
    expect(view.userCurrency).toEqual({ code: "USD", name: expect.any(String), rate: "1.0000" });
    expect(view.userCurrency.name).toMatch(/dollar/i);
    expect(view.displayedCurrencies.map((c) => c.code)).toEqual(["EUR", "GBP", "USD"]);
    // The seeded demo rate (src/db/seed.ts): 1 USD = 0.9200 EUR.
    expect(view.displayedCurrencies[0]!.rate).toBe("0.9200");
    expect(view.availableCurrencies.length).toBeGreaterThan(10);
    for (const c of view.availableCurrencies) expect(c.rate).toMatch(/^\d+\.\d{4}$/);
  });

  test("setCurrency stores the choice; a new session of the same user reads it; rates follow the chosen currency", async () => {
    const { email, id } = await newUser(t.db);
    const saved = await (await callerFor(t.db, email)).widgets.setCurrency({ currency: "eur", displayedCurrencies: ["GBP", "JPY", "USD"] });
    expect(saved.userCurrency).toMatchObject({ code: "EUR", rate: "1.0000" });
    // 0.79 / 0.92 and 151.2 / 0.92 (demo rates quoted from USD), rounded half up to 4 places.
    expect(saved.displayedCurrencies).toEqual([
      { code: "GBP", name: expect.any(String), rate: "0.8587" },
      { code: "JPY", name: expect.any(String), rate: "164.3478" },
      { code: "USD", name: expect.any(String), rate: "1.0870" },
    ]);
    const again = await (await callerFor(t.db, email)).widgets.currency({});
    expect(again).toEqual(saved);
    expect(await prefsRows(t.db, id)).toHaveLength(1);

    // Only the currency: the displayed list stays as stored.
    const onlyCurrency = await (await callerFor(t.db, email)).widgets.setCurrency({ currency: "GBP" });
    expect(onlyCurrency.userCurrency.code).toBe("GBP");
    expect(onlyCurrency.displayedCurrencies.map((c) => c.code)).toEqual(["GBP", "JPY", "USD"]);
  });

  test("an explicit selectedCurrency / selectedCurrencies is shown without being stored", async () => {
    const { email, id } = await newUser(t.db);
    const view = await (await callerFor(t.db, email)).widgets.currency({ selectedCurrency: "JPY", selectedCurrencies: ["EUR"] });
    expect(view.userCurrency.code).toBe("JPY");
    expect(view.displayedCurrencies.map((c) => c.code)).toEqual(["EUR"]);
    expect(await prefsRows(t.db, id)).toEqual([]);
  });

  test("bad input is refused with a clear text and writes nothing", async () => {
    const { email, id } = await newUser(t.db);
    const caller = await callerFor(t.db, email);
    await expectInputError(caller.widgets.setCurrency({ currency: "EURO" }), "currency");
    await expectInputError(caller.widgets.setCurrency({ currency: "EUR", displayedCurrencies: Array.from({ length: 13 }, () => "X").map((_, i) => `A${String.fromCharCode(65 + i)}B`) }), "displayedCurrencies");
    // Well-formed but without an exchange rate.
    await expectTrpcError(caller.widgets.setCurrency({ currency: "XTS" }), "BAD_REQUEST", currencyWidgetMessages.unknown("XTS"));
    await expectTrpcError(caller.widgets.setCurrency({ currency: "EUR", displayedCurrencies: ["GBP", "XTS"] }), "BAD_REQUEST", currencyWidgetMessages.unknown("XTS"));
    await expectTrpcError(caller.widgets.currency({ selectedCurrency: "XTS" }), "BAD_REQUEST", currencyWidgetMessages.unknown("XTS"));
    expect(await prefsRows(t.db, id)).toEqual([]);
  });

  test("signed out: refused", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.widgets.currency({}), "UNAUTHORIZED");
    await expectTrpcError(anon.widgets.setCurrency({ currency: "EUR" }), "UNAUTHORIZED");
  });

  test("one user's choice never changes another's: a colleague of the same group, their HR, another group's employee", async () => {
    const a = await newUser(t.db, "acme");
    const b = await newUser(t.db, "acme");
    const hr = await newUser(t.db, "acme", "HR");
    const other = await newUser(t.db, "globex");
    await (await callerFor(t.db, a.email)).widgets.setCurrency({ currency: "JPY", displayedCurrencies: ["CHF"] });
    for (const u of [b, hr, other]) {
      const view = await (await callerFor(t.db, u.email)).widgets.currency({});
      expect(view.userCurrency.code).toBe("USD");
      expect(view.displayedCurrencies.map((c) => c.code)).toEqual(["EUR", "GBP", "USD"]);
      expect(await prefsRows(t.db, u.id)).toEqual([]);
    }
    // Every role has its own widget: HR and an admin store theirs without touching a's.
    await (await callerFor(t.db, hr.email)).widgets.setCurrency({ currency: "GBP" });
    await (await callerFor(t.db, DEMO.ADMIN)).widgets.setCurrency({ currency: "CHF" });
    expect((await (await callerFor(t.db, a.email)).widgets.currency({})).userCurrency.code).toBe("JPY");
  });

  test("parallel saves of one user leave one row holding one of the sent choices, never a 500", async () => {
    const { email, id } = await newUser(t.db);
    const callers = await Promise.all(Array.from({ length: 8 }, () => callerFor(t.db, email)));
    const codes = ["EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "SGD", "HKD"];
    const results = await race(8, (i) => callers[i]!.widgets.setCurrency({ currency: codes[i]! }));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const rows = await prefsRows(t.db, id);
    expect(rows).toHaveLength(1);
    expect(codes).toContain(rows[0]!.selected_currency);
  });
});

describe("GET/POST /user/currency (documented paths)", () => {
  let app: TestApp;
  const appOf = () => (app ??= appFor(t.db));

  test("POST form {currency} stores it and sets MG_WIDGETS_PREFS; GET reads it back, with the cookie or without", async () => {
    const { email, id } = await newUser(t.db);
    const cookie = await cookieFor(t.db, email);
    const res = await postForm(appOf(), "/user/currency", { currency: "GBP" }, { cookie });
    expect(res.status).toBe(200);
    const set = widgetCookie(res);
    expect(set).not.toBeNull();
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Path=/");
    expect(set).not.toContain("HttpOnly");
    expect(JSON.parse(decodeURIComponent(cookiePair(set!).slice(WIDGETS_PREFS_COOKIE.length + 1)))).toEqual({ selectedCurrency: "GBP", displayedCurrencies: ["EUR", "GBP", "USD"] });
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.userCurrency).toMatchObject({ code: "GBP", rate: "1.0000" });
    expect((await prefsRows(t.db, id))[0]).toMatchObject({ selected_currency: "GBP", displayed_currencies: "EUR,GBP,USD" });

    const read = await jsonOf(await get(appOf(), "/user/currency", { cookie }));
    expect(read.status).toBe(200);
    expect(Object.keys(read.body).sort()).toEqual(["availableCurrencies", "displayedCurrencies", "ratesMessage", "ratesSource", "success", "userCurrency"]);
    expect(read.body.userCurrency.code).toBe("GBP");
  });

  test("GET: selectedCurrency and selectedCurrencies (comma-separated) first, then the stored choice, then the cookie", async () => {
    const { email } = await newUser(t.db);
    const session = await cookieFor(t.db, email);
    const prefs = `${WIDGETS_PREFS_COOKIE}=${encodeURIComponent(JSON.stringify({ selectedCurrency: "CHF", displayedCurrencies: ["JPY"] }))}`;
    const withCookie = (await jsonOf(await get(appOf(), "/user/currency", { cookie: `${session}; ${prefs}` }))).body;
    expect(withCookie.userCurrency.code).toBe("CHF");
    expect(withCookie.displayedCurrencies.map((c: { code: string }) => c.code)).toEqual(["JPY"]);

    const explicit = (await jsonOf(await get(appOf(), "/user/currency?selectedCurrency=eur&selectedCurrencies=GBP,USD", { cookie: `${session}; ${prefs}` }))).body;
    expect(explicit.userCurrency.code).toBe("EUR");
    expect(explicit.displayedCurrencies.map((c: { code: string }) => c.code)).toEqual(["GBP", "USD"]);

    // The POST sends only {currency}: the displayed list comes from the cookie and is stored with it.
    await postJson(appOf(), "/user/currency", { currency: "GBP" }, { cookie: `${session}; ${prefs}` });
    const stored = (await jsonOf(await get(appOf(), "/user/currency", { cookie: session }))).body;
    expect(stored.userCurrency.code).toBe("GBP");
    expect(stored.displayedCurrencies.map((c: { code: string }) => c.code)).toEqual(["JPY"]);
    // The stored choice now wins over an older cookie.
    const overCookie = (await jsonOf(await get(appOf(), "/user/currency", { cookie: `${session}; ${prefs}` }))).body;
    expect(overCookie.userCurrency.code).toBe("GBP");
  });

  test("bad input: 400 with the text and nothing written; a broken cookie counts as absent", async () => {
    const { email, id } = await newUser(t.db);
    const cookie = await cookieFor(t.db, email);
    for (const [fields, text] of [
      [{ currency: "" }, "Choose a currency by its three-letter code."],
      [{ currency: "EURO" }, "Choose a currency by its three-letter code."],
      [{ currency: "XTS" }, currencyWidgetMessages.unknown("XTS")],
      [{}, null],
    ] as const) {
      const res = await postForm(appOf(), "/user/currency", fields as Record<string, string>, { cookie });
      const raw = await res.text();
      expectNoStackTrace(raw);
      expect(res.status).toBe(400);
      const body = JSON.parse(raw);
      expect(body.success).toBe(false);
      if (text) expect(body.error).toBe(text);
      expect(widgetCookie(res)).toBeNull();
    }
    expect((await get(appOf(), "/user/currency?selectedCurrency=%ZZ", { cookie })).status).toBeLessThan(500);
    expect((await get(appOf(), "/user/currency?selectedCurrencies=EUR,XTS", { cookie })).status).toBe(400);
    const broken = await get(appOf(), "/user/currency", { cookie: `${cookie}; ${WIDGETS_PREFS_COOKIE}=%7Bnot-json` });
    expect(broken.status).toBe(200);
    expect((await broken.json()).userCurrency.code).toBe("USD");
    expect(await prefsRows(t.db, id)).toEqual([]);
  });

  test("signed out: 401; a cross-site POST: 403; neither writes", async () => {
    const before = await t.db.selectFrom("user_widget_prefs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await get(appOf(), "/user/currency")).status).toBe(401);
    expect((await postForm(appOf(), "/user/currency", { currency: "EUR" })).status).toBe(401);
    const { email } = await newUser(t.db);
    const cross = await postForm(appOf(), "/user/currency", { currency: "EUR" }, { cookie: await cookieFor(t.db, email), origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    const after = await t.db.selectFrom("user_widget_prefs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
