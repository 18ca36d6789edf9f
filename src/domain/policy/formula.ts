/**
 * Benefit metadata-line formulas (part 2 §4 "benefit set": metadata lines carry a formula and an
 * optional adjustment-factor formula). Formulas are arithmetic over the named estimate inputs
 * below, evaluated by a restricted mathjs instance — never `eval`/`Function`.
 *
 * Defence in depth, following mathjs's security guidance:
 * 1. a character and token scan accepts only numbers, the named inputs, the allowed functions and
 *    keywords, and arithmetic/comparison/conditional operators (this is also what gives every
 *    error its 1-based character position);
 * 2. the parsed tree is checked node by node against a whitelist (no accessors, assignments,
 *    objects, matrices, ranges, strings, units, blocks or function definitions);
 * 3. the mathjs instance (number-only build, loaded on first use) holds the listed functions only, with `import`, `createUnit`,
 *    `evaluate`, `parse`, `simplify`, `derivative`, `resolve` and `reviver` overridden to throw;
 * 4. evaluation gets a fresh scope holding only the formula's declared inputs.
 */
import type { EvalFunction, FactoryFunctionMap, MathJsInstance, MathNode } from "mathjs";
import { AppError } from "../errors.ts";
import { policyMessages } from "./messages.ts";

/** The named inputs a formula may use; the cost estimate supplies their values. */
export const FORMULA_INPUTS: readonly { name: string; description: string }[] = [
  { name: "familySize", description: "People moving: the employee plus accompanying family members." },
  { name: "adults", description: "Adults moving, the employee included." },
  { name: "children", description: "Children moving (under 18)." },
  { name: "dependants", description: "Accompanying dependants: partner and children." },
  { name: "days", description: "Duration of the benefit or assignment in days." },
  { name: "nights", description: "Nights of accommodation." },
  { name: "weeks", description: "Duration in weeks." },
  { name: "months", description: "Duration in months." },
  { name: "years", description: "Duration in years." },
  { name: "salary", description: "The employee's annual base salary, in the budget currency." },
  { name: "hostDailyRate", description: "Daily accommodation or per-diem rate at the host location." },
  { name: "hostMonthlyRent", description: "Typical monthly rent at the host location." },
  { name: "homeMonthlyRent", description: "The employee's monthly rent or housing cost at home." },
  { name: "colIndex", description: "Cost-of-living index of host versus home (1 = equal)." },
  { name: "housingIndex", description: "Housing cost index of host versus home (1 = equal)." },
  { name: "distanceKm", description: "Distance between the origin and destination, in kilometres." },
  { name: "volumeM3", description: "Volume of household goods to ship, in cubic metres." },
  { name: "weightKg", description: "Weight of the air shipment, in kilograms." },
  { name: "budget", description: "The service's budget amount, in the budget currency." },
  { name: "exchangeRate", description: "Units of the budget currency per unit of the home currency." },
  { name: "trips", description: "Return trips included (e.g. home leave trips per year)." },
  { name: "hours", description: "Hours of training or consultancy." },
  { name: "taxRate", description: "Applicable tax rate as a fraction (0.4 = 40%)." },
];

const INPUT_NAMES = new Set(FORMULA_INPUTS.map((i) => i.name));

/** Functions a formula may call. */
export const FORMULA_FUNCTIONS = ["min", "max", "round", "ceil", "floor", "abs"] as const;
const FUNCTION_NAMES = new Set<string>(FORMULA_FUNCTIONS);

/** Word operators of the mathjs syntax that formulas may use. */
const KEYWORDS = new Set(["and", "or", "not", "mod"]);

/** Operator functions an OperatorNode may map to. */
const OPERATOR_FNS = new Set([
  "add", "subtract", "multiply", "divide", "unaryMinus", "unaryPlus", "pow", "mod",
  "larger", "smaller", "largerEq", "smallerEq", "equal", "unequal", "and", "or", "not",
]);

export const FORMULA_MAX_LENGTH = 500;

export type FormulaCheck = { ok: true; variables: string[] } | { ok: false; position: number; message: string };

type MathJsModule = typeof import("mathjs");

/** The parser of the restricted instance, kept before `parse` is disabled inside expressions. */
let restrictedParse: MathJsInstance["parse"] | undefined;

/**
 * The restricted mathjs instance, built on first use: the number-only build holds just the
 * listed functions, and the functions mathjs's security guidance names are overridden to throw.
 * Loading mathjs costs hundreds of milliseconds, so modules that import this file but never
 * evaluate a formula (most routers and their tests) do not pay for it.
 */
function parser(): MathJsInstance["parse"] {
  if (restrictedParse) return restrictedParse;
  // A literal require: the bundler includes mathjs (lazily evaluated) in the executable and the client.
  const m = require("mathjs/number") as MathJsModule;
  const math = create(m);
  const parse = math.parse;
  const disabled = (name: string) => () => {
    throw new Error(`Function ${name} is disabled`);
  };
  math.import(
    Object.fromEntries(
      ["import", "createUnit", "evaluate", "parse", "simplify", "derivative", "resolve", "reviver", "compile"].map((n) => [n, disabled(n)]),
    ),
    { override: true },
  );
  restrictedParse = parse;
  return parse;
}

/** An instance with only the parser, the compiler and the allowed operators and functions. */
function create(m: MathJsModule): MathJsInstance {
  // mathjs declares each `*Dependencies` export as possibly undefined; they are all defined.
  const deps: Record<string, FactoryFunctionMap | undefined> = {
    parseDependencies: m.parseDependencies, compileDependencies: m.compileDependencies,
    addDependencies: m.addDependencies, subtractDependencies: m.subtractDependencies, multiplyDependencies: m.multiplyDependencies,
    divideDependencies: m.divideDependencies, unaryMinusDependencies: m.unaryMinusDependencies, unaryPlusDependencies: m.unaryPlusDependencies,
    powDependencies: m.powDependencies, modDependencies: m.modDependencies, largerDependencies: m.largerDependencies,
    smallerDependencies: m.smallerDependencies, largerEqDependencies: m.largerEqDependencies, smallerEqDependencies: m.smallerEqDependencies,
    equalDependencies: m.equalDependencies, unequalDependencies: m.unequalDependencies, andDependencies: m.andDependencies,
    orDependencies: m.orDependencies, notDependencies: m.notDependencies, minDependencies: m.minDependencies,
    maxDependencies: m.maxDependencies, roundDependencies: m.roundDependencies, ceilDependencies: m.ceilDependencies,
    floorDependencies: m.floorDependencies, absDependencies: m.absDependencies,
  };
  for (const [name, d] of Object.entries(deps)) if (!d) throw new Error(`mathjs: missing ${name}`);
  return m.create(deps as Record<string, FactoryFunctionMap>);
}

type FormulaError = Extract<FormulaCheck, { ok: false }>;

const fail = (position: number, detail: string): FormulaError => ({
  ok: false,
  position,
  message: policyMessages.invalidFormula(position, detail),
});

/** Characters a formula may contain at all. */
const ALLOWED_CHAR = /[0-9A-Za-z_ \t.+\-*/^()<>=!?:,]/;

type Scan = { ok: true; identifiers: { name: string; position: number; call: boolean }[] } | FormulaError;

/** Character and token scan: positions of the first disallowed character, stray operator or unknown name. */
function scan(text: string): Scan {
  const identifiers: { name: string; position: number; call: boolean }[] = [];
  let pendingConditionals = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const pos = i + 1;
    if (!ALLOWED_CHAR.test(ch)) return fail(pos, `unexpected character "${ch}"`);
    if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      i += m[0].length;
      if (text[i] === ".") return fail(i + 1, `unexpected character "."`);
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      let j = i + name.length;
      while (text[j] === " " || text[j] === "\t") j++;
      const call = text[j] === "(";
      identifiers.push({ name, position: pos, call });
      if (KEYWORDS.has(name)) {
        i += name.length;
        continue;
      }
      if (call && !FUNCTION_NAMES.has(name)) return fail(pos, `unknown function "${name}"`);
      if (!call && !INPUT_NAMES.has(name)) {
        return fail(pos, FUNCTION_NAMES.has(name) ? `"${name}" needs arguments in brackets` : `unknown variable "${name}"`);
      }
      i += name.length;
      continue;
    }
    if (ch === ".") return fail(pos, `unexpected character "."`);
    if (ch === "=") {
      if (text[i + 1] === "=") {
        i += 2;
        continue;
      }
      const prev = text[i - 1];
      if (prev !== "<" && prev !== ">" && prev !== "!") return fail(pos, `unexpected "=" (use "==" to compare)`);
    }
    if (ch === "!" && text[i + 1] !== "=") return fail(pos, `unexpected "!" (use "not" or "!=")`);
    if (ch === "?") pendingConditionals++;
    if (ch === ":") {
      if (pendingConditionals === 0) return fail(pos, `unexpected ":" without "?"`);
      pendingConditionals--;
    }
    i++;
  }
  return { ok: true, identifiers };
}

/** Whitelist check of the parsed tree; returns a description of the first refused node. */
function refusedNode(root: MathNode): string | null {
  let refused: string | null = null;
  root.traverse((node) => {
    if (refused) return;
    switch (node.type) {
      case "ConstantNode":
        if (typeof (node as unknown as { value: unknown }).value !== "number") refused = "only numbers are allowed";
        return;
      case "SymbolNode":
      case "ParenthesisNode":
      case "ConditionalNode":
        return;
      case "OperatorNode": {
        const fn = (node as unknown as { fn: string }).fn;
        if (!OPERATOR_FNS.has(fn)) refused = `operator "${(node as unknown as { op: string }).op}" is not allowed`;
        return;
      }
      case "FunctionNode": {
        const fnNode = (node as unknown as { fn: MathNode }).fn;
        const name = fnNode.type === "SymbolNode" ? (fnNode as unknown as { name: string }).name : "";
        if (!FUNCTION_NAMES.has(name)) refused = `unknown function "${name || fnNode.toString()}"`;
        return;
      }
      default:
        refused = `${node.type.replace(/Node$/, "").toLowerCase()} expressions are not allowed`;
    }
  });
  return refused;
}

type Parsed = { ok: true; node: MathNode; variables: string[]; positions: Map<string, number> } | FormulaError;

const parsedCache = new Map<string, Parsed>();

/** Parses and checks a formula; results of formulas within the length limit are cached. */
function parseFormula(text: string): Parsed {
  if (text.length > FORMULA_MAX_LENGTH) return parseUncached(text);
  const cached = parsedCache.get(text);
  if (cached) return cached;
  const result = parseUncached(text);
  if (parsedCache.size > 1000) parsedCache.clear();
  parsedCache.set(text, result);
  return result;
}

function parseUncached(text: string): Parsed {
  if (text.trim() === "") return fail(1, "the formula is empty");
  if (text.length > FORMULA_MAX_LENGTH) return fail(FORMULA_MAX_LENGTH + 1, `the formula is longer than ${FORMULA_MAX_LENGTH} characters`);
  const scanned = scan(text);
  if (!scanned.ok) return scanned;
  let node: MathNode;
  try {
    node = parser()(text);
  } catch (e) {
    const err = e as { char?: unknown; message?: unknown };
    const position = typeof err.char === "number" && err.char >= 1 ? Math.min(err.char, text.length + 1) : 1;
    const detail = String(err.message ?? "syntax error").replace(/\s*\(char \d+\)\s*$/, "");
    return fail(position, detail.charAt(0).toLowerCase() + detail.slice(1));
  }
  const refused = refusedNode(node);
  if (refused) return fail(1, refused);
  const positions = new Map<string, number>();
  for (const id of scanned.identifiers) {
    if (INPUT_NAMES.has(id.name) && !id.call && !positions.has(id.name)) positions.set(id.name, id.position);
  }
  return { ok: true, node, variables: [...positions.keys()], positions };
}

/** Checks a formula; errors carry the 1-based character position. `variables` are the inputs it uses. */
export function checkFormula(text: string): FormulaCheck {
  const parsed = parseFormula(text);
  return parsed.ok ? { ok: true, variables: [...parsed.variables] } : { ok: false, position: parsed.position, message: parsed.message };
}

const compiledCache = new Map<string, EvalFunction>();

/** Evaluates a formula with the given inputs. Throws AppError VALIDATION for an invalid formula, a missing input or a non-finite result. */
export function evaluateFormula(text: string, inputs: Record<string, number>): number {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new AppError("VALIDATION", parsed.message);
  const scope = new Map<string, number>();
  for (const name of parsed.variables) {
    const value = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new AppError("VALIDATION", policyMessages.invalidFormula(parsed.positions.get(name)!, `no value for "${name}"`));
    }
    scope.set(name, value);
  }
  let compiled = compiledCache.get(text);
  if (!compiled) {
    const fresh = parsed.node.compile();
    if (compiledCache.size > 1000) compiledCache.clear();
    compiledCache.set(text, fresh);
    compiled = fresh;
  }
  let raw: unknown;
  try {
    raw = compiled.evaluate(scope);
  } catch (e) {
    throw new AppError("VALIDATION", policyMessages.invalidFormula(1, String((e as Error).message ?? e)));
  }
  const value = typeof raw === "boolean" ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new AppError("VALIDATION", policyMessages.invalidFormula(1, "the result is not a finite number"));
  }
  return value;
}

/**
 * One metadata line: the formula's value times the adjustment factor (an empty or missing
 * adjustment formula means a factor of 1).
 */
export function evaluateLine(
  formula: string,
  adjustmentFormula: string | null,
  inputs: Record<string, number>,
): { value: number; factor: number; result: number } {
  const value = evaluateFormula(formula, inputs);
  const factor = adjustmentFormula == null || adjustmentFormula.trim() === "" ? 1 : evaluateFormula(adjustmentFormula, inputs);
  const result = value * factor;
  if (!Number.isFinite(result)) throw new AppError("VALIDATION", policyMessages.invalidFormula(1, "the result is not a finite number"));
  return { value, factor, result };
}
