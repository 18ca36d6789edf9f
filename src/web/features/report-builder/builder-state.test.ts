/** The builder's client state (issue 26): column moves and the definition the server gets. */
import { describe, expect, test } from "bun:test";
import type { TStandardField } from "../../../domain/reporting/builder-schemas.ts";
import { addColumn, fromDefinition, initialState, moveColumn, removeColumn, ruleValueOf, toDefinition } from "./builder-state.ts";

const field = (key: string, kind = "text"): TStandardField => ({ id: `moves.${key}`, subject: "moves", kind, defaultTitle: key, enabled: true, editableName: key.toUpperCase(), operators: ["="], groupable: true, summable: kind === "integer" });

describe("builder state", () => {
  test("add at a position, no duplicates, move and remove", () => {
    let s = initialState();
    s = addColumn(s, field("a"));
    s = addColumn(s, field("b"));
    s = addColumn(s, field("c"), 1);
    s = addColumn(s, field("a"));
    expect(s.columns.map((c) => c.id)).toEqual(["moves.a", "moves.c", "moves.b"]);
    expect(s.columns[0]!.title).toBe("A");
    s = moveColumn(s, 0, 2);
    expect(s.columns.map((c) => c.id)).toEqual(["moves.c", "moves.b", "moves.a"]);
    s = removeColumn({ ...s, totals: ["moves.a"] }, "moves.a");
    expect(s.totals).toEqual([]);
  });

  test("rule values: numbers for number fields, lists for 'is one of', none for empty checks", () => {
    expect(ruleValueOf("integer", "=", " 12 ")).toBe(12);
    expect(ruleValueOf("integer", "in", "1, 2,x")).toEqual([1, 2, "x"]);
    expect(ruleValueOf("text", "in", "GB, FR")).toEqual(["GB", "FR"]);
    expect(ruleValueOf("text", "isNull", "x")).toBeNull();
  });

  test("a definition round-trips through the state", () => {
    const fields = [field("a"), field("n", "integer")];
    let s = addColumn(addColumn(initialState(), fields[0]!), fields[1]!);
    s = { ...s, rules: { ...s.rules, rules: [{ kind: "rule", uid: "x", field: "moves.n", operator: "=", value: "5" }] }, totals: ["moves.n"] };
    const def = toDefinition(s, fields);
    expect(def.fields).toEqual([{ id: "moves.a", title: "A", order: 0 }, { id: "moves.n", title: "N", order: 1 }]);
    expect(def.rules.rules).toEqual([{ field: "moves.n", operator: "=", value: 5 }]);
    expect(toDefinition(fromDefinition(def), fields)).toEqual(def);
  });
});
