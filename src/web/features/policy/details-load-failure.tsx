import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";

/**
 * A policy screen that could not load (part 2 §8): forbidden and not-found pages for those answers,
 * otherwise "Error message" with the server's text, or the spec's generic loading error.
 */
export function PolicyLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = errorCode(error);
  if (code === "FORBIDDEN") return <ForbiddenPage />;
  if (code === "NOT_FOUND") return <NotFoundPage />;
  const server = serverMessage(error);
  return (
    <Card>
      <ErrorState
        message={server ? t("policyConfig.loadErrorWithMessage", { message: server }) : policyMessages.loadingDataError}
        retryLabel={t("app.retry")}
        onRetry={onRetry}
      />
    </Card>
  );
}
