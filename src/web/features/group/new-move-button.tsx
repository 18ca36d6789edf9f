/** The HR home's "New move" button (issue 5): opens the move initiation wizard. Its own module, so the home's header does not load the moves list. */
import { Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";

export function NewMoveButton({ group, variant = "default" }: { group: string; variant?: "default" | "outline" }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link to="/$group/new-move" params={{ group }} search={{ stage: 1 }} data-testid="new-move">
        <Plus aria-hidden="true" />
        {t("moves.newMove")}
      </Link>
    </Button>
  );
}
