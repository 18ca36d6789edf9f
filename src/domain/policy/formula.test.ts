import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { FORMULA_INPUTS, FORMULA_MAX_LENGTH, checkFormula, evaluateFormula, evaluateLine } from "./formula.ts";

const inputs = { familySize: 4, adults: 2, children: 2, dependants: 3, nights: 30, hostDailyRate: 120, volumeM3: 40, distanceKm: 1000, salary: 120000, colIndex: 1.2 };

function expectError(text: string, position: number, detail: string | RegExp) {
  const check = checkFormula(text);
  expect(check.ok).toBe(false);
  if (check.ok) return;
  expect(check.position).toBe(position);
  const prefix = `Invalid formula at character ${position}: `;
  expect(check.message.startsWith(prefix)).toBe(true);
  const rest = check.message.slice(prefix.length);
  if (typeof detail === "string") expect(rest).toBe(detail);
  else expect(rest).toMatch(detail);
}

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("FORMULA_INPUTS", () => {
  test("names the documented inputs, each described once", () => {
    const names = FORMULA_INPUTS.map((i) => i.name);
    for (const n of ["familySize", "adults", "children", "dependants", "days", "nights", "weeks", "months", "years", "salary", "hostDailyRate", "hostMonthlyRent", "homeMonthlyRent", "colIndex", "housingIndex", "distanceKm", "volumeM3", "budget", "exchangeRate"]) {
      expect(names).toContain(n);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const i of FORMULA_INPUTS) expect(i.description.length).toBeGreaterThan(5);
  });
});

describe("checkFormula", () => {
  test("accepts arithmetic, comparison, conditionals and the allowed functions, listing the inputs used once", () => {
    expect(checkFormula("hostDailyRate * nights")).toEqual({ ok: true, variables: ["hostDailyRate", "nights"] });
    expect(checkFormula("30")).toEqual({ ok: true, variables: [] });
    expect(checkFormula("familySize > 2 ? familySize * 1.25 : 1")).toEqual({ ok: true, variables: ["familySize"] });
    expect(checkFormula("round(min(volumeM3, 33) * 45 + max(distanceKm, 0) / 2 - abs(-1) + ceil(1.2) + floor(2.8))").ok).toBe(true);
    expect(checkFormula("nights >= 30 and nights <= 90 or not (children == 0) and days != 3").ok).toBe(true);
    expect(checkFormula("nights mod 7 + 2 ^ 3 + -nights + +1 + .5 + 1e3").ok).toBe(true);
    expect(checkFormula("2nights").ok).toBe(true);
  });

  test("an empty or whitespace formula is an error at character 1", () => {
    expectError("", 1, "the formula is empty");
    expectError("   ", 1, "the formula is empty");
  });

  test(`at most ${FORMULA_MAX_LENGTH} characters`, () => {
    expect(checkFormula("1+".repeat(249) + "1").ok).toBe(true);
    expectError("1+".repeat(250) + "1", FORMULA_MAX_LENGTH + 1, `the formula is longer than ${FORMULA_MAX_LENGTH} characters`);
  });

  test("syntax errors carry their 1-based position", () => {
    expectError("1 +", 4, "unexpected end of expression");
    expectError("1 + * 2", 5, "value expected");
    expectError("(nights", 8, "parenthesis ) expected");
    expectError("2 3", 3, /^unexpected part "3"/);
  });

  test("unknown variables and functions are errors at their position", () => {
    expectError("nights * rate", 10, 'unknown variable "rate"');
    expectError("pow(nights, 2)", 1, 'unknown function "pow"');
    expectError("1 + sqrt(4)", 5, 'unknown function "sqrt"');
    expectError("min", 1, '"min" needs arguments in brackets');
    expectError("nights(2)", 1, 'unknown function "nights"');
    expectError("pi * 2", 1, 'unknown variable "pi"');
    expectError("5 cm", 3, 'unknown variable "cm"');
    expectError("true ? 1 : 2", 1, 'unknown variable "true"');
  });

  test("characters outside the formula language are refused", () => {
    expectError("nights % 2", 8, 'unexpected character "%"');
    expectError('"a"', 1, 'unexpected character """');
    expectError("[1, 2]", 1, 'unexpected character "["');
    expectError("nights; 1", 7, 'unexpected character ";"');
    expectError("nights\n1", 7, /^unexpected character/);
    expectError("nights & 1", 8, 'unexpected character "&"');
    expectError("nights'", 7, `unexpected character "'"`);
    expectError("1.2.3", 4, 'unexpected character "."');
    expectError("1:3", 2, 'unexpected ":" without "?"');
    expectError("nights!", 7, 'unexpected "!" (use "not" or "!=")');
    expectError("nights === 2", 10, 'unexpected "=" (use "==" to compare)');
  });

  test("injection attempts are refused", () => {
    expectError("import({}, {override:true})", 1, 'unknown function "import"');
    expectError('evaluate("1")', 1, 'unknown function "evaluate"');
    expectError("parse(1)", 1, 'unknown function "parse"');
    expectError("createUnit(1)", 1, 'unknown function "createUnit"');
    expectError("simplify(1)", 1, 'unknown function "simplify"');
    expectError("constructor", 1, 'unknown variable "constructor"');
    expectError("__proto__", 1, 'unknown variable "__proto__"');
    expectError("nights.constructor", 7, 'unexpected character "."');
    expectError('nights["constructor"]', 7, 'unexpected character "["');
    expectError("min.constructor(1)", 1, '"min" needs arguments in brackets');
    expectError("abs(1).constructor", 7, 'unexpected character "."');
    expectError("f(x) = x", 1, 'unknown function "f"');
    expectError("nights = 2", 8, 'unexpected "=" (use "==" to compare)');
    expectError("cos(1)", 1, 'unknown function "cos"');
    expectError("toString()", 1, 'unknown function "toString"');
    expectError("hasOwnProperty", 1, 'unknown variable "hasOwnProperty"');
  });
});

describe("evaluateFormula", () => {
  test("computes with the given inputs", () => {
    expect(evaluateFormula("hostDailyRate * nights", inputs)).toBe(3600);
    expect(evaluateFormula("familySize > 2 ? 1.25 : 1", inputs)).toBe(1.25);
    expect(evaluateFormula("familySize > 9 ? 1.25 : 1", inputs)).toBe(1);
    expect(evaluateFormula("round(salary / 12 * max(colIndex - 1, 0))", inputs)).toBe(2000);
    expect(evaluateFormula("min(volumeM3, 33) * 45", inputs)).toBe(1485);
    expect(evaluateFormula("round(2.5)", {})).toBe(3);
    expect(evaluateFormula("nights > 10", inputs)).toBe(1);
    expect(evaluateFormula("30", {})).toBe(30);
  });

  test("only the formula's inputs matter; extra inputs are ignored", () => {
    expect(evaluateFormula("nights", { nights: 2, somethingElse: 5 })).toBe(2);
  });

  test("a missing or non-finite input is a VALIDATION error naming it", () => {
    const e = thrown(() => evaluateFormula("hostDailyRate * nights", { hostDailyRate: 100 }));
    expect(e.code).toBe("VALIDATION");
    expect(e.message).toBe('Invalid formula at character 17: no value for "nights"');
    expect(thrown(() => evaluateFormula("nights", { nights: Number.NaN })).message).toBe('Invalid formula at character 1: no value for "nights"');
  });

  test("an invalid formula throws its check message", () => {
    const e = thrown(() => evaluateFormula("nights * rate", inputs));
    expect(e.code).toBe("VALIDATION");
    expect(e.message).toBe('Invalid formula at character 10: unknown variable "rate"');
    expect(thrown(() => evaluateFormula('import({}, {override:true})', {})).code).toBe("VALIDATION");
  });

  test("a non-finite result is refused", () => {
    expect(thrown(() => evaluateFormula("1 / 0", {})).message).toBe("Invalid formula at character 1: the result is not a finite number");
    expect(thrown(() => evaluateFormula("nights / children", { nights: 1, children: 0 })).code).toBe("VALIDATION");
  });

  test("inputs do not leak between evaluations (fresh scope each time)", () => {
    expect(evaluateFormula("nights * 2", { nights: 1 })).toBe(2);
    expect(evaluateFormula("nights * 2", { nights: 5 })).toBe(10);
  });
});

describe("evaluateLine", () => {
  test("result is the value times the adjustment factor, which defaults to 1", () => {
    expect(evaluateLine("hostDailyRate * nights", null, inputs)).toEqual({ value: 3600, factor: 1, result: 3600 });
    expect(evaluateLine("hostDailyRate * nights", "", inputs)).toEqual({ value: 3600, factor: 1, result: 3600 });
    expect(evaluateLine("hostDailyRate * nights", "familySize > 2 ? 1.25 : 1", inputs)).toEqual({ value: 3600, factor: 1.25, result: 4500 });
  });

  test("an invalid adjustment formula is a VALIDATION error", () => {
    expect(thrown(() => evaluateLine("1", "x", {})).message).toBe('Invalid formula at character 1: unknown variable "x"');
  });
});
