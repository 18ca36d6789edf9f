import { describe, expect, test } from "bun:test";
import { pageItems } from "./moves-pages.ts";

describe("moves pagination (part 1 §9)", () => {
  test("shows every page up to 6", () => {
    expect(pageItems(1, 0)).toEqual([0]);
    expect(pageItems(6, 3)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  test("beyond 6 pages: first, last, the current one's neighbours and an ellipsis", () => {
    expect(pageItems(10, 0)).toEqual([0, 1, 2, 3, "gap", 9]);
    expect(pageItems(10, 5)).toEqual([0, "gap", 4, 5, 6, "gap", 9]);
    expect(pageItems(10, 9)).toEqual([0, "gap", 6, 7, 8, 9]);
    expect(pageItems(7, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
