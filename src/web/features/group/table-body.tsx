import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TableBody, TableCell, TableRow } from "../../components/ui/table.tsx";
import { cn } from "../../lib/utils.ts";

type BodyRow = { id: string; getAllCells: () => { id: string }[] };
type DataAttributes = Record<`data-${string}`, string>;

/**
 * The body of a group-home table (people, moves): five skeleton rows while the page loads (the
 * first columns as wide as `skeletonWidths` says, the rest narrow), otherwise a row per record.
 * The roles are spelled out so a table restyled as cards on phones (moves-table.tsx) stays a table
 * to assistive technology.
 */
export function GroupTableBody<R extends BodyRow>({
  loading,
  columnCount,
  skeletonWidths,
  rows,
  renderCell,
  rowProps,
  cellProps,
}: {
  loading: boolean;
  columnCount: number;
  skeletonWidths: string[];
  rows: R[];
  renderCell: (cell: ReturnType<R["getAllCells"]>[number]) => ReactNode;
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  cellProps?: (cell: ReturnType<R["getAllCells"]>[number]) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}) {
  return (
    <TableBody role="rowgroup">
      {loading
        ? Array.from({ length: 5 }, (_, i) => (
            <TableRow key={`skeleton-${i}`} role="row" className="hover:bg-transparent">
              {Array.from({ length: columnCount }, (_, j) => (
                <TableCell key={j} role="cell">
                  <Skeleton className={cn("h-4", skeletonWidths[j] ?? "w-20")} />
                </TableCell>
              ))}
            </TableRow>
          ))
        : rows.map((row) => (
            <TableRow key={row.id} role="row" {...rowProps?.(row)}>
              {(row.getAllCells() as ReturnType<R["getAllCells"]>).map((cell) => (
                <TableCell key={cell.id} role="cell" {...cellProps?.(cell)}>
                  {renderCell(cell)}
                </TableCell>
              ))}
            </TableRow>
          ))}
    </TableBody>
  );
}
