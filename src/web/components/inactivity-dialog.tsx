import { useTranslation } from "react-i18next";
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "./ui/alert-dialog.tsx";

/**
 * part 2 §8: "an inactivity alert and redirect to "/" at session end". Shown when the 60 s session
 * check finds the session gone; OK (or Escape) sends the browser to "/", which signs in again.
 */
export function InactivityDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const leave = () => window.location.assign("/");
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) leave();
      }}
    >
      <AlertDialogContent data-testid="inactivity-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("session.inactivityTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("session.inactivity")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction onClick={leave}>{t("session.ok")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
