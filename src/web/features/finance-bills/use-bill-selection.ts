import { useEffect, useState } from "react";
import type { BillRow } from "../../../domain/finance/schemas-bills.ts";

const SELECTION_COOKIE = "meridian_bill_selection";

function readSelection(): number[] {
  const raw = document.cookie.split("; ").find((c) => c.startsWith(`${SELECTION_COOKIE}=`));
  if (!raw) return [];
  return decodeURIComponent(raw.slice(SELECTION_COOKIE.length + 1))
    .split(".")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, 500);
}

function writeSelection(ids: readonly number[]) {
  const value = encodeURIComponent(ids.join("."));
  document.cookie = ids.length === 0 ? `${SELECTION_COOKIE}=; path=/finance; max-age=0; samesite=strict` : `${SELECTION_COOKIE}=${value}; path=/finance; max-age=86400; samesite=strict`;
}

/**
 * Bill Management's selection (§9): the selected bill ids, kept across pages and reloads in a cookie, and
 * the rows of the selected bills seen on any page (for the pay dialog's currencies and totals).
 * `rows` is the page on screen.
 */
export function useBillSelection(rows: readonly BillRow[] | undefined) {
  const [selection, setSelection] = useState<number[]>(() => (typeof document === "undefined" ? [] : readSelection()));
  const [selectedRows, setSelectedRows] = useState<Map<number, BillRow>>(new Map());

  useEffect(() => writeSelection(selection), [selection]);
  useEffect(() => {
    if (!rows) return;
    setSelectedRows((m) => {
      const next = new Map(m);
      for (const r of rows) if (selection.includes(r.id)) next.set(r.id, r);
      return next;
    });
  }, [rows, selection]);

  const toggle = (row: BillRow, on: boolean) => {
    setSelection((s) => (on ? [...new Set([...s, row.id])] : s.filter((id) => id !== row.id)));
    setSelectedRows((m) => {
      const next = new Map(m);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  };
  const selectedList = selection.map((id) => selectedRows.get(id)).filter((r): r is BillRow => r !== undefined);
  return { selection, setSelection, selectedList, toggle };
}
