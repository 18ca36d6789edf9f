/** What the overview page's parts share: the style of an outside link, and the message of a part whose provider is missing or failed (part 1 §8). */
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../components/ui/states.tsx";

export const linkClass = "inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

export function PartMessage({ status, message, onRetry }: { status: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (status === "UNAVAILABLE") return <ErrorState message={message} retryLabel={t("app.retry")} onRetry={onRetry} className="py-6" />;
  return <p className="py-2 text-sm text-muted-foreground">{message}</p>;
}
