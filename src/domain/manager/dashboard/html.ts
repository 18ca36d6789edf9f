/**
 * The HTML fragment GET /{group}/managerDashboardBody answers (part 1 §7 "returns HTML"): a scrolling table of
 * the §3 employee rows with sortable headers (links carrying sort and dir, aria-sort on the sorted one), the
 * page links (zero-based `page`; every page up to 6, otherwise an ellipsis: `pageItems`) and a per-page
 * selector form. Every text from the database or the URL goes through `escapeHtml`.
 */
import { escapeHtml } from "../../mail/render.ts";
import { pageItems } from "../../pagination.ts";
import { DASHBOARD_COLUMNS, DASHBOARD_PAGE_SIZES, type TDashboardResponse, type TDashboardRow } from "./schemas.ts";

const e = (v: string | number | null) => (v === null ? "" : escapeHtml(String(v)));

function href(group: string, r: TDashboardResponse, over: Partial<{ page: number; sort: string; dir: string; numberOfRows: number }>): string {
  const params = new URLSearchParams();
  if (Object.keys(r.filters).length > 0) params.set("filters", JSON.stringify(r.filters));
  params.set("page", String(over.page ?? r.page));
  params.set("numberOfRows", String(over.numberOfRows ?? r.numberOfRows));
  params.set("sort", over.sort ?? r.sort);
  params.set("dir", over.dir ?? r.dir);
  return `/${encodeURIComponent(group)}/managerDashboardBody?${params.toString()}`;
}

function cell(row: TDashboardRow, key: (typeof DASHBOARD_COLUMNS)[number]["key"]): string {
  return e(row[key]);
}

export function renderDashboardHtml(group: string, r: TDashboardResponse): string {
  const head = DASHBOARD_COLUMNS.map((c) => {
    if (!c.sortable) return `<th scope="col">${e(c.label)}</th>`;
    const sorted = r.sort === c.key;
    const aria = sorted ? ` aria-sort="${r.dir === "asc" ? "ascending" : "descending"}"` : "";
    const dir = sorted && r.dir === "asc" ? "desc" : "asc";
    return `<th scope="col"${aria}><a href="${e(href(group, r, { sort: c.key, dir, page: 0 }))}">${e(c.label)}</a></th>`;
  }).join("");
  const body =
    r.rows.length === 0
      ? `<tr><td colspan="${DASHBOARD_COLUMNS.length}">No employees match.</td></tr>`
      : r.rows
          .map((row) => `<tr data-uid="${row.id}" data-mid="${row.moveId}">${DASHBOARD_COLUMNS.map((c) => `<td>${cell(row, c.key)}</td>`).join("")}</tr>`)
          .join("");
  const pages = pageItems(r.pages, r.page)
    .map((p) =>
      p === "gap"
        ? `<li aria-hidden="true">…</li>`
        : p === r.page
          ? `<li><a aria-current="page" href="${e(href(group, r, { page: p }))}">${p + 1}</a></li>`
          : `<li><a href="${e(href(group, r, { page: p }))}">${p + 1}</a></li>`,
    )
    .join("");
  const sizes = DASHBOARD_PAGE_SIZES.map((n) => `<option value="${n}"${n === r.numberOfRows ? " selected" : ""}>${n}</option>`).join("");
  const hidden = [
    ...(Object.keys(r.filters).length > 0 ? [["filters", JSON.stringify(r.filters)]] : []),
    ["page", "0"],
    ["sort", r.sort],
    ["dir", r.dir],
  ]
    .map(([k, v]) => `<input type="hidden" name="${e(k!)}" value="${e(v!)}">`)
    .join("");
  return (
    `<div class="manager-dashboard" data-total="${r.total}" data-page="${r.page}" data-pages="${r.pages}">` +
    `<div class="table-scroll" tabindex="0" role="region" aria-label="Employees"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` +
    `<nav aria-label="Pages"><ul>${pages}</ul></nav>` +
    `<form method="get" action="/${e(encodeURIComponent(group))}/managerDashboardBody">${hidden}<label>Rows per page <select name="numberOfRows">${sizes}</select></label><button type="submit">Show</button></form>` +
    `</div>`
  );
}
