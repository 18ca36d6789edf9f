/**
 * The page list of the moves table and the manager dashboard (part 1 §9 "Pagination shows all pages up to 6, otherwise an
 * ellipsis"): every page up to 6 pages; beyond, the first, the last and the pages around the
 * current one, with "gap" where pages are left out. Pages are zero-based.
 */
export function pageItems(pages: number, current: number): Array<number | "gap"> {
  if (pages <= 6) return Array.from({ length: Math.max(0, pages) }, (_, i) => i);
  const keep = new Set([0, pages - 1, current - 1, current, current + 1].filter((p) => p >= 0 && p < pages));
  if (current <= 2) [1, 2, 3].forEach((p) => keep.add(p));
  if (current >= pages - 3) [pages - 4, pages - 3, pages - 2].forEach((p) => keep.add(p));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    // An ellipsis never hides a single page: that page is shown instead.
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push("gap");
    out.push(p);
  });
  return out;
}
