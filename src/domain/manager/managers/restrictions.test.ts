import { describe, expect, test } from "bun:test";
import { endMatches, managerSeesMove, ruleMatches, ZViewRestriction, ZCreationRestriction, ZOnOff, UNSUPPORTED_MODE, type GeoEnd, type RestrictableMove } from "./restrictions.ts";

const country = (c: string): GeoEnd => ({ type: "COUNTRY", countryCode: c, stateCode: null, cityId: null });
const state = (c: string, s: string): GeoEnd => ({ type: "STATE", countryCode: c, stateCode: s, cityId: null });
const city = (c: string, id: number): GeoEnd => ({ type: "CITY", countryCode: c, stateCode: null, cityId: id });
const move = (o: [string | null, string | null, number | null], d: [string | null, string | null, number | null], createdBy: number | null = null, initiatedBy: number | null = null): RestrictableMove => ({
  origin: { countryCode: o[0], stateCode: o[1], cityId: o[2] },
  destination: { countryCode: d[0], stateCode: d[1], cityId: d[2] },
  createdBy,
  initiatedBy,
});

describe("geographic rule matching", () => {
  test("each end type matches on its own key", () => {
    expect(endMatches(country("GB"), { countryCode: "GB", stateCode: "ENG", cityId: 5 })).toBe(true);
    expect(endMatches(country("GB"), { countryCode: "US", stateCode: null, cityId: null })).toBe(false);
    expect(endMatches(state("US", "CA"), { countryCode: "US", stateCode: "CA", cityId: null })).toBe(true);
    // The same state code in another country is another state.
    expect(endMatches(state("US", "CA"), { countryCode: "ES", stateCode: "CA", cityId: null })).toBe(false);
    expect(endMatches(state("US", "CA"), { countryCode: "US", stateCode: null, cityId: null })).toBe(false);
    expect(endMatches(city("GB", 7), { countryCode: "GB", stateCode: null, cityId: 7 })).toBe(true);
    expect(endMatches(city("GB", 7), { countryCode: "GB", stateCode: null, cityId: 0 })).toBe(false);
    expect(endMatches(city("GB", 7), { countryCode: "GB", stateCode: null, cityId: null })).toBe(false);
  });

  test("a rule needs both ends; any rule of several is enough", () => {
    const rule = { origin: country("GB"), destination: country("US") };
    expect(ruleMatches(rule, move(["GB", null, null], ["US", null, null]))).toBe(true);
    expect(ruleMatches(rule, move(["US", null, null], ["GB", null, null]))).toBe(false);
    const rules = [rule, { origin: country("FR"), destination: city("DE", 9) }];
    expect(managerSeesMove(1, "ALL", rules, move(["FR", null, null], ["DE", null, 9]))).toBe(true);
    expect(managerSeesMove(1, "ALL", rules, move(["FR", null, null], ["DE", null, 8]))).toBe(false);
    expect(managerSeesMove(1, "ALL", [], move([null, null, null], [null, null, null]))).toBe(true);
  });

  test("view restriction: NONE sees nothing, OWN only what the manager created or initiated", () => {
    const m = move(["GB", null, null], ["US", null, null], 3, 4);
    expect(managerSeesMove(3, "NONE", [], m)).toBe(false);
    expect(managerSeesMove(3, "OWN", [], m)).toBe(true);
    expect(managerSeesMove(4, "OWN", [], m)).toBe(true);
    expect(managerSeesMove(5, "OWN", [], m)).toBe(false);
    expect(managerSeesMove(3, "OWN", [{ origin: country("US"), destination: country("GB") }], m)).toBe(false);
  });

  test("unsupported modes are refused with the unsupported-mode text", () => {
    for (const [schema, bad] of [[ZViewRestriction, "SOME"], [ZCreationRestriction, "EDIT"], [ZOnOff, "on"]] as const) {
      const r = schema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(UNSUPPORTED_MODE);
    }
    expect(ZViewRestriction.parse("OWN")).toBe("OWN");
  });
});
