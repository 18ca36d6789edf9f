import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "../../components/brand.tsx";
import { Button } from "../../components/ui/button.tsx";

// The sign-in popup's form loads when someone opens it.
const LoginPopup = lazy(() => import("../../components/login-popup.tsx").then((m) => ({ default: m.LoginPopup })));

/**
 * The frame of the signed-out recovery pages: product mark, one centred column, and the "Sign in"
 * button that opens the sign-in login popup (part 2 §2: the second of the two login popups).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [signingIn, setSigningIn] = useState(false);
  // Loaded on first use, then kept so closing gives the focus back to the button.
  const [loaded, setLoaded] = useState(false);
  const openButton = useRef<HTMLButtonElement | null>(null);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-background px-4 py-12 tablet:justify-center tablet:px-8">
      <div className="w-full max-w-[420px]">
        <div className="mb-10 flex items-center justify-between gap-4">
          <Brand />
          <Button
            ref={openButton}
            type="button"
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            onClick={() => {
              setLoaded(true);
              setSigningIn(true);
            }}
          >
            {t("loginPopup.open")}
          </Button>
        </div>
        {children}
      </div>
      {loaded ? (
        <Suspense fallback={null}>
          <LoginPopup
            variant="sign-in"
            open={signingIn}
            onOpenChange={setSigningIn}
            returnFocusTo={openButton}
            onSignedIn={(targetUrl) => window.location.assign(targetUrl)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
