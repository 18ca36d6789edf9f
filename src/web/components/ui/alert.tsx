import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

const alertVariants = cva("flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0", {
  variants: {
    variant: {
      info: "border-info-border bg-info-soft text-info-foreground",
      destructive: "border-destructive-border bg-destructive-soft text-destructive-foreground",
      success: "border-success-border bg-success-soft text-success-foreground",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { info: Info, destructive: CircleAlert, success: CircleCheck } as const;

export type AlertProps = ComponentProps<"div"> & VariantProps<typeof alertVariants> & { title?: string };

/** A message box. Pass role="alert" for errors that must be announced, role="status" for confirmations. */
export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? "info"];
  return (
    <div className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
