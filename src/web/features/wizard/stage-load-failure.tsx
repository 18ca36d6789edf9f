import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/states.tsx";

/** A wizard stage whose data did not load: its title (if given), the reason, Retry, and Back to the stage before. */
export function StageLoadFailure({
  title,
  message,
  onRetry,
  onBack,
  backLabel,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  onBack: () => void;
  backLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      {title ? (
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
      ) : null}
      <ErrorState message={message} retryLabel={t("app.retry")} onRetry={onRetry} />
      <CardFooter>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel ?? t("wizard.back")}
        </Button>
      </CardFooter>
    </Card>
  );
}
