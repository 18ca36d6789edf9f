/**
 * The welcome popup on the employee home (issue 14; part 2 §2 "A welcome-call popup for new users has
 * 3 stages; on mobile it redirects to /common/welcomeCallPopup"). While `welcome.state` says `show`
 * (an open move, a policy with a welcome call, not yet finished or dismissed), a window 640 px wide or
 * more opens the three stages in a dialog (Escape, the close button and Skip for now dismiss it); a
 * phone goes to the full page instead. Otherwise the home keeps a small card to book or see the call.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { PhoneCall } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogTitle } from "../../components/ui/dialog.tsx";
import { trpc } from "../../lib/trpc.ts";
import { welcomeTexts } from "./texts.ts";
import { formatCallTime, WelcomeFlow } from "./welcome-flow.tsx";

/** Below this width the popup is a page, not a dialog. */
export const WELCOME_DIALOG_MIN_WIDTH = 640;

const isPhone = () => typeof window !== "undefined" && window.matchMedia(`(max-width: ${WELCOME_DIALOG_MIN_WIDTH - 0.02}px)`).matches;

const linkClass = "inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

export function WelcomeOnHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const texts = useQuery({ queryKey: ["texts", "welcome"], queryFn: () => welcomeTexts.preload().then(() => true), staleTime: Infinity });
  const state = useQuery({ ...trpc.welcome.state.queryOptions({}), refetchOnWindowFocus: false });
  // Once shown, the dialog stays until the employee closes it (booking makes `show` false at stage 2).
  const [closed, setClosed] = useState(false);
  const [latched, setLatched] = useState(false);
  const exitRef = useRef<(() => void) | null>(null);
  const data = state.data;
  const phone = data?.show === true && isPhone();

  useEffect(() => {
    if (phone) void navigate({ to: "/common/welcomeCallPopup", replace: true });
  }, [phone, navigate]);
  const showNow = data?.show === true && !phone;
  useEffect(() => {
    if (showNow) setLatched(true);
  }, [showNow]);
  const dialogOpen = !closed && (latched || showNow);

  // A failure to load the popup must not disturb the home: it simply does not show.
  if (!texts.data || !data || !data.move || !data.move.welcomeCall || phone) return null;

  if (dialogOpen) {
    return (
      <Dialog open onOpenChange={(next) => !next && (exitRef.current ? exitRef.current() : setClosed(true))}>
        <DialogContent
          closeLabel={t("welcome.close")}
          aria-describedby={undefined}
          onPointerDownOutside={(e) => e.preventDefault()}
          className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
          onEscapeKeyDown={(e) => {
            // Escape (and the close button) dismiss like Skip for now: the flow records it, then closes.
            e.preventDefault();
            exitRef.current?.();
          }}
        >
          <DialogTitle>{t("welcome.title")}</DialogTitle>
          <WelcomeFlow state={data} headingLevel="h3" exitRef={exitRef} onExit={() => setClosed(true)} />
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Card className="mb-4" role="region" aria-label={t("welcome.card.title")}>
      <CardContent className="flex flex-col gap-1 py-5">
        {data.request ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to="/common/welcomeCallPopup" className={linkClass}>
                <PhoneCall className="size-5 shrink-0" aria-hidden="true" />
                <span>{t("welcome.card.change")}</span>
              </Link>
              {/* The request's state (issue 24 §3): requested until the CRM books it. */}
              <Badge variant={data.request.status === "BOOKED" ? "success" : "warning"} data-testid="welcome-call-status">
                <span className="sr-only">{t("welcome.card.statusLabel")}</span>
                {t(`welcomeCalls.status.${data.request.status === "BOOKED" ? "BOOKED" : "REQUESTED"}`)}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              {t(data.request.status === "BOOKED" ? "welcome.card.booked" : "welcome.card.requested", { when: formatCallTime(data.request.scheduledAt, data.request.timeZone) })}
            </p>
          </>
        ) : (
          <>
            <Link to="/common/welcomeCallPopup" className={linkClass}>
              <PhoneCall className="size-5 shrink-0" aria-hidden="true" />
              <span>{t("welcome.card.book")}</span>
            </Link>
            <p className="text-sm text-muted-foreground">{t("welcome.card.bookBody")}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
