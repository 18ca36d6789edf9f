import type { HTMLAttributes, ReactNode } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TableBody, TableCell, TableRow } from "../../components/ui/table.tsx";
import { cn } from "../../lib/utils.ts";

type BodyRow = { id: string; getAllCells: () => { id: string }[] };

/**
 * The body of a group-home table (people, moves): five skeleton rows while the page loads (the
 * first columns as wide as `skeletonWidths` says, the rest narrow), otherwise a row per record.
 */
export function GroupTableBody<R extends BodyRow>({
  loading,
  columnCount,
  skeletonWidths,
  rows,
  renderCell,
  rowProps,
}: {
  loading: boolean;
  columnCount: number;
  skeletonWidths: string[];
  rows: R[];
  renderCell: (cell: ReturnType<R["getAllCells"]>[number]) => ReactNode;
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
}) {
  return (
    <TableBody>
      {loading
        ? Array.from({ length: 5 }, (_, i) => (
            <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
              {Array.from({ length: columnCount }, (_, j) => (
                <TableCell key={j}>
                  <Skeleton className={cn("h-4", skeletonWidths[j] ?? "w-20")} />
                </TableCell>
              ))}
            </TableRow>
          ))
        : rows.map((row) => (
            <TableRow key={row.id} {...rowProps?.(row)}>
              {(row.getAllCells() as ReturnType<R["getAllCells"]>).map((cell) => (
                <TableCell key={cell.id}>{renderCell(cell)}</TableCell>
              ))}
            </TableRow>
          ))}
    </TableBody>
  );
}
