import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils.ts";

/** A decorative spinner; give the surrounding region aria-busy and a text label. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin", className)} />;
}

/** A spinner with a visible label for whole-page loading. */
export function LoadingBlock({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground", className)}>
      <Spinner className="text-primary" />
      <span>{label}</span>
    </div>
  );
}
