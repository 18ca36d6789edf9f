import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

const badgeVariants = cva("inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium", {
  variants: {
    variant: {
      neutral: "border-border bg-muted text-muted-foreground",
      success: "border-success-border bg-success-soft text-success-foreground",
      warning: "border-warning-border bg-warning-soft text-warning-foreground",
      destructive: "border-destructive-border bg-destructive-soft text-destructive-foreground",
      info: "border-info-border bg-info-soft text-info-foreground",
    },
    dot: { true: "before:size-1.5 before:rounded-full before:bg-current", false: "" },
  },
  defaultVariants: { variant: "neutral", dot: false },
});

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, dot, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, dot }), className)} {...props} />;
}
