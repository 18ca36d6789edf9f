import { CircleAlert, Inbox, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/errors.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "./button.tsx";
import { Skeleton } from "./skeleton.tsx";

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

/** Placeholder rows while a list loads, announced to screen readers. */
export function LoadingRows({ rows = 3, rowClassName = "h-10", className }: { rows?: number; rowClassName?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" className={cn("flex flex-col gap-3 p-6", className)}>
      <span className="sr-only">{t("app.loading")}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}

type QueryLike<T> = { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown };

/**
 * The four states every data view has, in one place: loading (placeholder rows unless `loading`
 * is given), error (the server's message or the spec's generic text, with a retry), empty
 * (`isEmpty` + `empty`) and the data itself.
 */
export function QueryView<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading ?? <LoadingRows />}</>;
  if (query.isError || query.data === undefined) {
    return <ErrorState message={errorText(query.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data) && empty) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
