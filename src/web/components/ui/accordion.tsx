import { ChevronDown } from "lucide-react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

/**
 * Collapsible sections (Radix Accordion, shadcn style): headings with a button that toggles the
 * panel, arrow-key navigation between triggers, `type="multiple"` to keep several open.
 */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn("border-b border-border last:border-b-0", className)} {...props} />;
}

/**
 * The section's heading and toggle button. `level` is the heading level of the section title;
 * `after` renders beside the trigger (badges, actions) without being part of the button.
 */
export function AccordionTrigger({
  className,
  children,
  level = 3,
  after,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger> & { level?: 2 | 3 | 4; after?: ReactNode }) {
  const Heading = level === 2 ? "h2" : level === 3 ? "h3" : "h4";
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex items-center gap-3">
        <AccordionPrimitive.Trigger
          className={cn(
            "group flex flex-1 items-center gap-3 rounded-md py-4 text-left text-[15px] font-semibold text-foreground outline-none transition-colors hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60",
            className,
          )}
          {...props}
        >
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">{children}</span>
        </AccordionPrimitive.Trigger>
        {after}
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className="overflow-hidden text-sm data-[state=closed]:hidden" {...props}>
      <div className={cn("pb-5 pt-1", className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
