import { RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ConnectionReload } from "../lib/connection-error.ts";
import { Button } from "./ui/button.tsx";

/**
 * Shown under a connection error's text while the page is about to reload (src/web/lib/connection-error.ts):
 * says so and offers to reload at once.
 */
export function ConnectionReloadNotice({ reload }: { reload: ConnectionReload }) {
  const { t } = useTranslation();
  if (!reload.pending) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2" data-testid="connection-reload">
      <span>{t("connection.reloading")}</span>
      <Button type="button" variant="outline" size="sm" onClick={reload.reloadNow}>
        <RotateCw aria-hidden="true" />
        {t("connection.reloadNow")}
      </Button>
    </span>
  );
}
