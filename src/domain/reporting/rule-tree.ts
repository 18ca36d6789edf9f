/**
 * The custom report builder's filter: a rule tree (issue 26 "Custom report builder": "filters as a rule tree …
 * compiled to Kysely with parameters only"). Pure: the zod schema (bounded in depth and size), the operators
 * each column kind allows, and the in-memory evaluation that the SQL compiler
 * (src/db/queries/reporting/rule-compiler.ts) must agree with (its property test checks both on both databases).
 *
 * A group combines its children with `and` or `or`; a rule is `field operator value`. An empty group matches
 * every row. Values: text for text and date columns (dates "YYYY-MM-DD" or ISO timestamps, compared as text),
 * integers for integer and money columns (money in minor units); `in` takes a list; `isNull`/`notNull` none.
 */
import { z } from "zod";
import type { ColumnKind } from "./types.ts";

export const RULE_OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "contains", "beginsWith", "in", "isNull", "notNull"] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export const COMBINATORS = ["and", "or"] as const;
export type Combinator = (typeof COMBINATORS)[number];

/** Limits: how deep groups nest and how many rules and groups a tree holds in all. */
export const MAX_RULE_DEPTH = 4;
export const MAX_RULE_NODES = 40;
export const MAX_IN_VALUES = 50;

/** The operators a column kind allows (text compares only for equality and matching: collations differ between databases). */
export const OPERATORS_BY_KIND: Record<ColumnKind, readonly RuleOperator[]> = {
  text: ["=", "!=", "contains", "beginsWith", "in", "isNull", "notNull"],
  integer: ["=", "!=", "<", "<=", ">", ">=", "in", "isNull", "notNull"],
  money: ["=", "!=", "<", "<=", ">", ">=", "isNull", "notNull"],
  percent: ["=", "!=", "<", "<=", ">", ">=", "isNull", "notNull"],
  date: ["=", "!=", "<", "<=", ">", ">=", "isNull", "notNull"],
  datetime: ["<", "<=", ">", ">=", "isNull", "notNull"],
};

/** Numbers within a 32-bit integer: every filterable number column holds at least that on both databases. */
const ZScalar = z.union([z.string().max(200), z.number().int().min(-2_147_483_647).max(2_147_483_647)]);
export const ZRuleValue = z.union([ZScalar, z.array(ZScalar).max(MAX_IN_VALUES), z.null()]);
export type RuleValue = z.infer<typeof ZRuleValue>;

export type Rule = { field: string; operator: RuleOperator; value: RuleValue };
export type RuleGroup = { combinator: Combinator; rules: RuleNode[] };
export type RuleNode = Rule | RuleGroup;

export const ZRule = z.object({
  field: z.string().trim().min(1).max(100),
  operator: z.enum(RULE_OPERATORS),
  value: ZRuleValue.default(null),
});

export const ZRuleGroup: z.ZodType<RuleGroup> = z.lazy(() =>
  z.object({
    combinator: z.enum(COMBINATORS),
    rules: z.array(z.union([ZRuleGroup, ZRule])).max(MAX_RULE_NODES),
  }),
) as unknown as z.ZodType<RuleGroup>;

export const isGroup = (n: RuleNode): n is RuleGroup => "combinator" in n;

/** Depth (a lone group is 1) and node count (groups and rules) of a tree. */
export function treeSize(g: RuleGroup): { depth: number; nodes: number } {
  let depth = 1;
  let nodes = 1;
  for (const child of g.rules) {
    if (isGroup(child)) {
      const s = treeSize(child);
      depth = Math.max(depth, s.depth + 1);
      nodes += s.nodes;
    } else nodes += 1;
  }
  return { depth, nodes };
}

/** The rule tree as sent: bounded in depth and size. */
export const ZRuleTree = ZRuleGroup.superRefine((g, ctx) => {
  const { depth, nodes } = treeSize(g);
  if (depth > MAX_RULE_DEPTH) ctx.addIssue({ code: "custom", message: `Filters may nest at most ${MAX_RULE_DEPTH} groups deep.` });
  if (nodes > MAX_RULE_NODES) ctx.addIssue({ code: "custom", message: `Filters may hold at most ${MAX_RULE_NODES} rules and groups.` });
});

/** What a rule's value must be for its operator and column kind; null when fine, else the message. */
export function ruleValueProblem(kind: ColumnKind, operator: RuleOperator, value: RuleValue): string | null {
  if (!OPERATORS_BY_KIND[kind].includes(operator)) return "This filter cannot be applied to this field.";
  if (operator === "isNull" || operator === "notNull") return null;
  const numeric = kind === "integer" || kind === "money" || kind === "percent";
  const ok = (v: unknown) => (numeric ? typeof v === "number" && Number.isInteger(v) : typeof v === "string");
  if (operator === "in") return Array.isArray(value) && value.length > 0 && value.every(ok) ? null : "Enter at least one value.";
  if ((operator === "contains" || operator === "beginsWith") && typeof value === "string" && value === "") return "Enter a value.";
  return ok(value) ? null : numeric ? "Enter a whole number." : "Enter a value.";
}

type Cell = string | number | null;

function compare(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One rule against one cell (SQL three-valued logic: a comparison with null is not a match). */
export function ruleMatches(operator: RuleOperator, cell: Cell, value: RuleValue): boolean {
  if (operator === "isNull") return cell === null;
  if (operator === "notNull") return cell !== null;
  if (cell === null || value === null) return false;
  switch (operator) {
    case "=":
      return !Array.isArray(value) && compare(cell, value) === 0;
    case "!=":
      return !Array.isArray(value) && compare(cell, value) !== 0;
    case "<":
      return !Array.isArray(value) && compare(cell, value) < 0;
    case "<=":
      return !Array.isArray(value) && compare(cell, value) <= 0;
    case ">":
      return !Array.isArray(value) && compare(cell, value) > 0;
    case ">=":
      return !Array.isArray(value) && compare(cell, value) >= 0;
    case "contains":
      return String(cell).toLowerCase().includes(String(value).toLowerCase());
    case "beginsWith":
      return String(cell).toLowerCase().startsWith(String(value).toLowerCase());
    case "in":
      return Array.isArray(value) && value.some((v) => compare(cell, v) === 0);
  }
}

/** The tree against one row (cells by field key); an empty group matches. */
export function treeMatches(g: RuleGroup, row: Record<string, Cell>): boolean {
  if (g.rules.length === 0) return true;
  const results = g.rules.map((n) => (isGroup(n) ? treeMatches(n, row) : ruleMatches(n.operator, row[n.field] ?? null, n.value)));
  return g.combinator === "and" ? results.every(Boolean) : results.some(Boolean);
}

/** Every field key a tree names (to check them against the subject's allow-list). */
export function fieldsOf(g: RuleGroup): string[] {
  return g.rules.flatMap((n) => (isGroup(n) ? fieldsOf(n) : [n.field]));
}
