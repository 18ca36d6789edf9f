/**
 * Property test of the rule-tree compiler (issue 26 "Tests: … the rule-tree compiler (property test: random rule
 * trees compile to SQL whose rows equal an in-memory filter of the same rows)"), on the database TEST_DB names:
 * over a table of text, integer and date cells (nulls, mixed case, LIKE's special characters), the rows the
 * compiled condition selects are exactly those `treeMatches` (src/domain/reporting/rule-tree.ts) keeps.
 * Also: values are bound parameters (never in the SQL text), and a field outside the resolver is refused.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { sql, type Kysely } from "kysely";
import { OPERATORS_BY_KIND, type Rule, type RuleGroup, type RuleNode } from "../../../domain/reporting/rule-tree.ts";
import { treeMatches } from "../../../domain/reporting/rule-tree.ts";
import type { ColumnKind } from "../../../domain/reporting/types.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";
import { compileRuleTree, customSelect, type FieldResolver } from "./rule-compiler.ts";

const t = useTestDatabase();

const TEXTS = ["alpha", "Alpha", "ALPHA beta", "gamma_x", "gammaXx", "50%", "5000", "a\\b", "", "zeta"];
const DATES = ["2012-01-01", "2024-02-29", "2024-03-01", "2025-12-31"];
const KINDS: Record<string, ColumnKind> = { t: "text", n: "integer", d: "date" };
const resolve: FieldResolver = (key) => (key in KINDS ? { column: `rc.${key}`, kind: KINDS[key]! } : undefined);

type Row = { id: number; t: string | null; n: number | null; d: string | null };
const rows: Row[] = [];

const arbRow = fc.record({
  t: fc.option(fc.constantFrom(...TEXTS), { nil: null, freq: 5 }),
  n: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null, freq: 5 }),
  d: fc.option(fc.constantFrom(...DATES), { nil: null, freq: 5 }),
});

const textValue = fc.oneof(fc.constantFrom(...TEXTS), fc.constantFrom("a", "ALP", "%", "_", "\\", "x", "beta", "5"));
const valueFor = (kind: ColumnKind, op: string): fc.Arbitrary<Rule["value"]> => {
  if (op === "isNull" || op === "notNull") return fc.constant(null);
  const one = kind === "integer" ? fc.integer({ min: -4, max: 4 }) : kind === "date" ? fc.constantFrom(...DATES, "2024-03", "2030-01-01") : textValue;
  return op === "in" ? fc.array(one as fc.Arbitrary<string | number>, { minLength: 1, maxLength: 3 }) : one;
};
const arbRule: fc.Arbitrary<Rule> = fc
  .constantFrom(...Object.keys(KINDS))
  .chain((field) => fc.constantFrom(...OPERATORS_BY_KIND[KINDS[field]!]).chain((operator) => valueFor(KINDS[field]!, operator).map((value) => ({ field, operator, value }))));
const { tree: arbTree } = fc.letrec<{ tree: RuleGroup; node: RuleNode }>((tie) => ({
  tree: fc.record({ combinator: fc.constantFrom("and" as const, "or" as const), rules: fc.array(tie("node"), { maxLength: 4 }) }),
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, arbRule, tie("tree")),
}));

beforeAll(async () => {
  const db = t.db as unknown as Kysely<any>;
  await sql`create table rc_prop_rows (id integer primary key, t text, n integer, d text)`.execute(db);
  const sample = fc.sample(arbRow, { numRuns: 60, seed: 26 });
  sample.push({ t: null, n: null, d: null }, { t: "alpha", n: 0, d: DATES[0]! });
  sample.forEach((r, i) => rows.push({ id: i + 1, ...r }));
  await db.insertInto("rc_prop_rows").values(rows).execute();
});

async function sqlIds(tree: RuleGroup): Promise<number[]> {
  const db = t.db as unknown as Kysely<any>;
  const out = await db.selectFrom("rc_prop_rows as rc").select("rc.id").where(compileRuleTree(tree, resolve)).orderBy("rc.id").execute();
  return out.map((r) => Number(r.id));
}

describe("compileRuleTree", () => {
  test("random rule trees select the rows the in-memory filter keeps", async () => {
    await fc.assert(
      fc.asyncProperty(arbTree, async (tree) => {
        const expected = rows.filter((r) => treeMatches(tree, r)).map((r) => r.id);
        expect(await sqlIds(tree)).toEqual(expected);
      }),
      { numRuns: 250 },
    );
  });

  test("values are bound parameters, never SQL text", () => {
    const db = t.db as unknown as Kysely<any>;
    const evil = "x' or 1=1 --";
    const compiled = db
      .selectFrom("rc_prop_rows as rc")
      .select("rc.id")
      .where(compileRuleTree({ combinator: "or", rules: [{ field: "t", operator: "=", value: evil }, { field: "t", operator: "contains", value: evil }, { field: "n", operator: "in", value: [1, 2] }] }, resolve))
      .compile();
    expect(compiled.sql).not.toContain("1=1");
    expect(compiled.parameters).toContain(evil);
    expect(compiled.parameters).toEqual(expect.arrayContaining([1, 2]));
  });

  test("a field outside the resolver is refused before any SQL", () => {
    expect(() => compileRuleTree({ combinator: "and", rules: [{ field: "password_hash", operator: "isNull", value: null }] }, resolve)).toThrow();
  });

  test("a subject select names its columns by field key", () => {
    const q = customSelect(t.db, { subject: "bills", fields: [{ id: "bills.billId", title: "Bill", order: 0 }], rules: { combinator: "and", rules: [] }, groupBy: [], totals: [] }, 123, null);
    expect(q.columns.map((c) => c.key)).toEqual(["billId"]);
  });
});
