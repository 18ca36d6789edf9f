import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export const fieldClasses =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-surface px-3 text-sm text-foreground shadow-xs transition-colors placeholder:text-placeholder focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, className)} {...props} />;
}

/** A native select styled like the inputs: keyboard, screen reader and mobile friendly. */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <select className={cn(fieldClasses, "appearance-none bg-[image:var(--select-chevron)] bg-[length:1rem] bg-[position:right_0.65rem_center] bg-no-repeat pr-9", className)} {...props}>
      {children}
    </select>
  );
}

/** A field's error text, tied to the input by aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-[13px] font-medium text-destructive">
      {children}
    </p>
  );
}
