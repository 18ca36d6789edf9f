import { describe, expect, test } from "bun:test";
import { dashboardPager } from "./pager.ts";

describe("the dashboard pager (part 1 §2, §9)", () => {
  test("every page up to 6, no ellipsis", () => {
    expect(dashboardPager(0, 0, 25, 0)).toMatchObject({ pages: 1, items: [0], range: null, hasPrevious: false, hasNext: false, pastEnd: false });
    expect(dashboardPager(25, 0, 25, 25).items).toEqual([0]);
    expect(dashboardPager(26, 0, 25, 25).items).toEqual([0, 1]);
    expect(dashboardPager(60, 3, 10, 10).items).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("beyond 6 pages: first, the current page's neighbours, last, with an ellipsis", () => {
    expect(dashboardPager(61, 0, 10, 10).items).toEqual([0, 1, 2, 3, "gap", 6]);
    expect(dashboardPager(1000, 50, 10, 10).items).toEqual([0, "gap", 49, 50, 51, "gap", 99]);
    expect(dashboardPager(1000, 99, 10, 10).items).toEqual([0, "gap", 96, 97, 98, 99]);
    expect(dashboardPager(100, 4, 10, 10).items).toEqual([0, "gap", 3, 4, 5, "gap", 9]);
    // An ellipsis never hides a single page: that page is shown instead.
    expect(dashboardPager(100, 3, 10, 10).items).toEqual([0, 1, 2, 3, 4, "gap", 9]);
    expect(dashboardPager(70, 3, 10, 10).items).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test("Showing a–b of n on the first, a middle and the last (short) page", () => {
    expect(dashboardPager(14, 0, 10, 10).range).toEqual({ from: 1, to: 10, total: 14 });
    expect(dashboardPager(14, 1, 10, 4).range).toEqual({ from: 11, to: 14, total: 14 });
    expect(dashboardPager(260, 2, 100, 60).range).toEqual({ from: 201, to: 260, total: 260 });
  });

  test("previous and next at the ends", () => {
    expect(dashboardPager(14, 0, 10, 10)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(dashboardPager(14, 1, 10, 4)).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(dashboardPager(10, 0, 10, 10)).toMatchObject({ hasPrevious: false, hasNext: false, pages: 1 });
  });

  test("a page past the end (an old URL) stays in the list, shows no range and offers the way back", () => {
    const p = dashboardPager(14, 5, 10, 0);
    expect(p).toMatchObject({ pastEnd: true, pages: 6, range: null, hasPrevious: true, hasNext: false });
    expect(p.items).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
