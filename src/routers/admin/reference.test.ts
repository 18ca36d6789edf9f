import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(); // cities of GB and LU only
});
afterAll(() => t.close());

const employee = () => callerFor(t.db, "employee@acme.test");

describe("reference: happy", () => {
  test("countries, ordered by name, with their currency", async () => {
    const countries = await (await employee()).reference.countries();
    expect(countries).toHaveLength(250);
    expect(countries.find((c) => c.code === "GB")).toEqual({ code: "GB", name: "United Kingdom", currencyCode: "GBP" });
    expect(countries.find((c) => c.code === "LU")).toEqual({ code: "LU", name: "Luxembourg", currencyCode: "EUR" });
    const names = countries.map((c) => c.name);
    expect(names[0]).toBe("Afghanistan");
    expect(names.indexOf("Luxembourg")).toBeLessThan(names.indexOf("United Kingdom"));
  });

  test("states of a country, lower-case code accepted", async () => {
    const states = await (await employee()).reference.states({ countryCode: "gb" });
    expect(states).toContainEqual({ code: "ENG", name: "England" });
    expect(states).toContainEqual({ code: "SCT", name: "Scotland" });
    expect(states.every((s) => typeof s.code === "string" && s.name.length > 0)).toBe(true);
    expect((await (await employee()).reference.states({ countryCode: "LU" })).map((s) => s.code)).toContain("CA");
  });

  test("cities by prefix, with numeric coordinates", async () => {
    const cities = await (await employee()).reference.cities({ countryCode: "GB", search: "London" });
    expect(cities.map((c) => c.name)).toEqual(["London", "Londonderry County Borough"]);
    expect(cities[0]).toMatchObject({ countryCode: "GB", state: "ENG", name: "London", latitude: 51.50853, longitude: -0.12574 });
    expect(cities[0]!.id).toBeGreaterThan(0);
  });

  test("city search ignores letter case on both dialects", async () => {
    const cities = await (await employee()).reference.cities({ countryCode: "gb", search: "london" });
    expect(cities.map((c) => c.name)).toEqual(["London", "Londonderry County Borough"]);
  });

  test("cities filtered by state, limited, ordered by name", async () => {
    const caller = await employee();
    const english = await caller.reference.cities({ countryCode: "GB", stateCode: "ENG", search: "Lon" });
    expect(english.map((c) => c.name)).toContain("London");
    expect(english.every((c) => c.state === "ENG")).toBe(true);
    const five = await caller.reference.cities({ countryCode: "LU", limit: 5 });
    expect(five).toHaveLength(5);
    expect(await caller.reference.cities({ countryCode: "LU" })).toHaveLength(50);
  });

  test("a country whose cities were not loaded has none; an unknown one has no states", async () => {
    const caller = await employee();
    expect(await caller.reference.cities({ countryCode: "FR" })).toEqual([]);
    expect(await caller.reference.states({ countryCode: "ZZ" })).toEqual([]);
  });

  test("currencies with their minor units", async () => {
    const currencies = await (await employee()).reference.currencies();
    expect(currencies.find((c) => c.code === "JPY")).toEqual({ code: "JPY", name: "Yen", minorUnits: 0 });
    expect(currencies.find((c) => c.code === "USD")?.minorUnits).toBe(2);
    expect(currencies.find((c) => c.code === "BHD")?.minorUnits).toBe(3);
    expect(currencies.map((c) => c.code)).toEqual([...currencies.map((c) => c.code)].sort());
  });

  test("every role may read reference data", async () => {
    for (const email of ["admin@meridian.test", "finance@meridian.test", "hr@globex.test"]) {
      expect((await (await callerFor(t.db, email)).reference.currencies()).length).toBeGreaterThan(100);
    }
  });
});

describe("reference: errors", () => {
  test.each([
    ["countryCode", "three letters", { countryCode: "GBR" }],
    ["countryCode", "one letter", { countryCode: "G" }],
    ["countryCode", "missing", {}],
    ["limit", "zero", { countryCode: "GB", limit: 0 }],
    ["limit", "over 200", { countryCode: "GB", limit: 201 }],
    ["search", "over 100 characters", { countryCode: "GB", search: "x".repeat(101) }],
    ["stateCode", "over 10 characters", { countryCode: "GB", stateCode: "ENGLANDSHIRE" }],
  ])("cities, bad %s: %s", async (path, _label, input) => {
    await expectInputError((await employee()).reference.cities(input as { countryCode: string }), path);
  });

  test("states, bad country code", async () => {
    await expectInputError((await employee()).reference.states({ countryCode: "United Kingdom" }), "countryCode");
  });
});

describe("reference: access", () => {
  test("signed out callers get nothing", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.reference.countries(), "UNAUTHORIZED", messages.signInRequired);
    await expectTrpcError(anon.reference.states({ countryCode: "GB" }), "UNAUTHORIZED", messages.signInRequired);
    await expectTrpcError(anon.reference.cities({ countryCode: "GB" }), "UNAUTHORIZED", messages.signInRequired);
    await expectTrpcError(anon.reference.currencies(), "UNAUTHORIZED", messages.signInRequired);
  });
});
