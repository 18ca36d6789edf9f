import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";
import { Input } from "./input.tsx";

/**
 * A search box: `Input type="search"` with the magnifier inside its left edge (decorative), no autocomplete.
 * The label stays the caller's (`<Label htmlFor={id}>`), so each page names its own search.
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-placeholder" />
      <Input type="search" autoComplete="off" {...props} className={cn("pl-9", className)} />
    </div>
  );
}
