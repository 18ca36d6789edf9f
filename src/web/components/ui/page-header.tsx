import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

/** The page's h1 with an optional eyebrow line above, description below and actions on the right. */
export function PageHeader({
  title,
  eyebrow,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-4 pb-6 tablet:flex-row tablet:items-end tablet:justify-between", className)}>
      <div className="flex min-w-0 flex-col gap-1.5">
        {eyebrow ? <p className="text-sm font-medium text-primary">{eyebrow}</p> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-foreground desktop:text-[1.75rem]">{title}</h1>
        {description ? <p className="max-w-2xl text-[15px] leading-relaxed text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
