import { describe, expect, test } from "bun:test";
import { NUL_MESSAGE, nulError, nulPaths } from "./text.ts";

describe("NUL characters", () => {
  test("every string holding one is found, at any depth", () => {
    expect(nulPaths({ a: "ok", b: "x\u0000", c: [{ d: "\u0000" }, "fine"], e: 1, f: null })).toEqual([["b"], ["c", 0, "d"]]);
    expect(nulPaths("\u0000")).toEqual([[]]);
    expect(nulPaths({ a: "text", b: [1, true] })).toEqual([]);
  });

  test("the error names each path with the message", () => {
    expect(nulError({ a: "ok" })).toBeNull();
    const error = nulError({ items: [{ formValue: "A\u0000da" }] })!;
    expect(error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["items.0.formValue", NUL_MESSAGE]]);
  });
});
