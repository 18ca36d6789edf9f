/** The rule tree's bounds and value checks (issue 26 "Custom report builder"); the SQL twin is checked in rule-compiler.test.ts. */
import { describe, expect, test } from "bun:test";
import { MAX_RULE_DEPTH, MAX_RULE_NODES, ruleValueProblem, treeMatches, ZRuleTree, type RuleGroup } from "./rule-tree.ts";
import { definitionProblems } from "./builder-schemas.ts";
import { builderMessages } from "./builder-messages.ts";
import { SUBJECTS, SUBJECT_BY_KEY } from "./subjects.ts";

const nest = (depth: number): RuleGroup => (depth === 1 ? { combinator: "and", rules: [] } : { combinator: "or", rules: [nest(depth - 1)] });

describe("rule tree", () => {
  test("depth and size are bounded", () => {
    expect(ZRuleTree.safeParse(nest(MAX_RULE_DEPTH)).success).toBe(true);
    expect(ZRuleTree.safeParse(nest(MAX_RULE_DEPTH + 1)).success).toBe(false);
    const wide = { combinator: "and", rules: Array.from({ length: MAX_RULE_NODES }, () => ({ field: "t", operator: "isNull", value: null })) };
    expect(ZRuleTree.safeParse(wide).success).toBe(false);
    expect(ZRuleTree.safeParse({ ...wide, rules: wide.rules.slice(1) }).success).toBe(true);
  });

  test("operators and values fit the column kind", () => {
    expect(ruleValueProblem("text", "<", "a")).not.toBeNull();
    expect(ruleValueProblem("integer", "=", "1")).not.toBeNull();
    expect(ruleValueProblem("integer", "in", [1, 2])).toBeNull();
    expect(ruleValueProblem("text", "in", [])).not.toBeNull();
    expect(ruleValueProblem("date", ">=", "2024-01-01")).toBeNull();
  });

  test("an empty group matches; null never compares", () => {
    expect(treeMatches({ combinator: "or", rules: [] }, {})).toBe(true);
    expect(treeMatches({ combinator: "and", rules: [{ field: "a", operator: "!=", value: "x" }] }, { a: null })).toBe(false);
  });

  test("every subject's fields read only its own tables' aliases", () => {
    for (const key of SUBJECTS) {
      const s = SUBJECT_BY_KEY[key];
      const aliases = new Set([s.alias, ...s.joins.map((j) => j.alias)]);
      for (const f of s.fields) {
        const cols = f.column ? [f.column] : Object.values(f.derive!.columns);
        for (const c of cols) expect(aliases.has(c.split(".")[0]!)).toBe(true);
      }
    }
  });

  test("a definition naming a field outside its subject is refused", () => {
    const def = { subject: "moves" as const, fields: [{ id: "bills.grossAmount", title: "G", order: 0 }], rules: { combinator: "and" as const, rules: [] }, groupBy: [], totals: [] };
    expect(definitionProblems(def)).toEqual([builderMessages.fieldNotAvailable]);
    expect(definitionProblems({ ...def, fields: [{ id: "moves.status", title: "S", order: 0 }] })).toEqual([]);
  });
});
