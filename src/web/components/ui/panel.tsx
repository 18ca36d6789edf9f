import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card.tsx";

/**
 * A titled card section of a record page (HR's move page, a manager's read-only move page): a section named by
 * its h2, with an optional description under the title.
 */
export function Panel({ title, testId, description, className, children }: { title: string; testId: string; description?: string; className?: string; children: ReactNode }) {
  const id = `panel-${testId}`;
  return (
    <Card className={cn("min-w-0", className)} data-testid={testId}>
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/** A list of label/value facts inside a panel. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col">{children}</dl>;
}

/** One fact: its label on the left, its value on the right (wrapping long words). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-border/60 py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
