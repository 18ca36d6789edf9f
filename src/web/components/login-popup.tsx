import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { LoginSteps } from "./login-steps.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog.tsx";

/**
 * part 2 §2 "Two login popup variants exist", §4 email login, §7 POST /check-user and the login
 * popup forms ("response success, targetUrl, exception"). One dialog, two variants a user meets:
 *
 * - `session-ended`: over a signed-in page whose session has ended (the inactivity alert's "Sign
 *   in again"): the address is filled in; signing in again as the same person keeps the page.
 * - `sign-in`: the "Sign in" button of the signed-out public pages (account recovery, set new
 *   password): signs in without leaving the page first, then goes where the server sends.
 *
 * Both run the same email step then password step as /login (SSO users go to their provider).
 */
export type LoginPopupVariant = "session-ended" | "sign-in";

export function LoginPopup({
  variant,
  open,
  onOpenChange,
  initialEmail,
  returnFocusTo,
  onSignedIn,
}: {
  variant: LoginPopupVariant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
  /** What gets the focus back when the popup closes (the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  onSignedIn: (targetUrl: string, email: string) => void;
}) {
  const { t } = useTranslation();
  const title = variant === "session-ended" ? t("loginPopup.sessionTitle") : t("loginPopup.signInTitle");
  const intro = variant === "session-ended" ? t("loginPopup.sessionIntro") : t("loginPopup.signInIntro");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("app.close")} className="max-h-[90dvh] max-w-md overflow-y-auto" data-testid={`login-popup-${variant}`} data-variant={variant}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="flex flex-col gap-1.5 pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{intro}</DialogDescription>
        </div>
        <LoginSteps idPrefix={`login-popup-${variant}`} initialEmail={initialEmail} onSignedIn={onSignedIn} />
      </DialogContent>
    </Dialog>
  );
}
