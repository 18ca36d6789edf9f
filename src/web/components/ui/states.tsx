import { CircleAlert, Inbox, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { Button } from "./button.tsx";

/** Nothing to show yet: an icon, a title, a sentence and an optional action. */
export function EmptyState({
  title,
  description,
  icon: Icon = Inbox,
  action,
  className,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 px-6 py-14 text-center", className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading className="text-base font-semibold text-foreground">{title}</Heading>
      {description ? <p className="max-w-md text-sm leading-relaxed text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}

/** A request failed: the message and a retry button. */
export function ErrorState({ message, retryLabel, onRetry, className }: { message: string; retryLabel: string; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center gap-4 px-6 py-12 text-center", className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <CircleAlert className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-lg text-sm leading-relaxed text-foreground">{message}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
