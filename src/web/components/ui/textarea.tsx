import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";
import { fieldClasses } from "./input.tsx";

/** A multi-line text field styled like the inputs. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldClasses, "h-auto min-h-20 resize-y py-2 leading-relaxed", className)} {...props} />;
}
