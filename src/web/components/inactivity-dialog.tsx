import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { TERMS_PATH } from "../../domain/identity/activation/rules.ts";
import { useSignedInUser } from "../lib/session.ts";
import { Button } from "./ui/button.tsx";
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "./ui/alert-dialog.tsx";

// The sign-in form is only needed once someone chooses to sign in again.
const LoginPopup = lazy(() => import("./login-popup.tsx").then((m) => ({ default: m.LoginPopup })));

/**
 * part 2 §8: "an inactivity alert and redirect to "/" at session end". Shown when the 60 s session
 * check finds the session gone; OK (or Escape) sends the browser to "/", which signs in again.
 * "Sign in again" opens the session-ended login popup over the page instead: the same person
 * signing in keeps the page (its data is fetched again); anyone else goes to their own start page.
 */
export function InactivityDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [signingIn, setSigningIn] = useState(false);
  const leave = () => window.location.assign("/");

  if (signingIn) {
    return (
      <Suspense fallback={null}>
        <LoginPopup
          variant="session-ended"
          open={open}
          initialEmail={user.email}
          onOpenChange={(next) => {
            if (!next) leave();
          }}
          onSignedIn={(targetUrl, email) => {
            const samePerson = email.trim().toLowerCase() === user.email.toLowerCase();
            if (samePerson && !targetUrl.startsWith(TERMS_PATH)) void queryClient.invalidateQueries();
            else window.location.assign(targetUrl);
          }}
        />
      </Suspense>
    );
  }
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
          <Button type="button" variant="outline" onClick={() => setSigningIn(true)}>
            {t("session.signInAgain")}
          </Button>
          <AlertDialogAction onClick={leave}>{t("session.ok")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
