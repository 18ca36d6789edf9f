/**
 * The manager dashboard's pager (part 1 §2 "paginated … zero-based page in the URL, a per-page selector"; §9
 * "Pagination shows all pages up to 6, otherwise an ellipsis"): from the server's total, the zero-based page and
 * the rows per page, the buttons to show (`pageItems`, shared with the moves list), "Showing a–b of n", and
 * whether previous / next can be used. A page past the end (an old URL) keeps itself in the list so the way
 * back is offered, and shows no range.
 */
import { pageItems } from "../../../domain/pagination.ts";

export type Pager = {
  /** Pages the data has (at least 1), or the URL's page + 1 when it is past the end. */
  pages: number;
  /** Zero-based page numbers, with "gap" where an ellipsis stands for pages left out. */
  items: Array<number | "gap">;
  /** One-based first and last row shown, null when the page has no rows. */
  range: { from: number; to: number; total: number } | null;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The URL's page is past the last page of the data. */
  pastEnd: boolean;
};

export function dashboardPager(total: number, page: number, numberOfRows: number, rowsOnPage: number): Pager {
  const size = Math.max(1, Math.floor(numberOfRows));
  const current = Math.max(0, Math.floor(page));
  const dataPages = Math.max(1, Math.ceil(Math.max(0, total) / size));
  const pastEnd = current >= dataPages && total > 0;
  const pages = Math.max(dataPages, current + 1);
  const from = current * size + 1;
  return {
    pages,
    items: pageItems(pages, current),
    range: rowsOnPage > 0 ? { from, to: from + rowsOnPage - 1, total } : null,
    hasPrevious: current > 0,
    hasNext: current < dataPages - 1,
    pastEnd,
  };
}
