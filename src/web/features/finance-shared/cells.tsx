import { MoreHorizontal } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { formatMajorMoney, formatMoney } from "../../lib/format.ts";

/**
 * An amount on one line in tabular figures: minor units (a number; red when negative) as Bill Management
 * lists them, or the decimal text Bill Approval's list answers with.
 */
export function Money({ amount, currency }: { amount: number | string; currency: string }) {
  if (typeof amount === "string") return <span className="whitespace-nowrap tabular-nums">{formatMajorMoney(amount, currency)}</span>;
  return <span className={`whitespace-nowrap tabular-nums ${amount < 0 ? "text-destructive" : ""}`}>{formatMoney({ amount, currency })}</span>;
}

/** Who a bill pays (the vendor or the employee; "—" when unknown) over their group. */
export function Payee({ name, group }: { name: string | null; group: string }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{name ?? "—"}</span>
      <span className="text-xs text-muted-foreground">{group}</span>
    </span>
  );
}

export type RowAction = { label: string; run: () => void };

/** A row's menu of actions behind a "⋯" button named for the row (`text` beside the icon from the desktop breakpoint); nothing when no action is allowed. */
export function RowActionsMenu({ label, text, items }: { label: string; text?: string; items: readonly RowAction[] }) {
  if (items.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          <MoreHorizontal aria-hidden className="size-4" />
          {text ? <span className="hidden desktop:inline">{text}</span> : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((i) => (
          <DropdownMenuItem key={i.label} onSelect={i.run}>
            {i.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
