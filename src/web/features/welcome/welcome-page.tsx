/**
 * /common/welcomeCallPopup (issue 14; part 2 §2 "on mobile it redirects to /common/welcomeCallPopup"):
 * the welcome popup's three stages as a full page — where a phone lands from the home, and where any
 * employee opens it from the home's welcome-call card to book later or change the request. Skip for
 * now and Done record the answer and go home. Loading, error (with retry), no open move and a policy
 * without a welcome call each have their state.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { PhoneOff, Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { welcomeMessages } from "../../../domain/employee/welcome/messages.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { WelcomeFlow } from "./welcome-flow.tsx";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

export function WelcomeCallPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useQuery({ ...trpc.welcome.state.queryOptions({}), refetchOnWindowFocus: false });
  const home = (
    <Link to="/" className={linkClass}>
      {t("welcome.page.home")}
    </Link>
  );

  let body;
  if (state.isPending) {
    body = (
      <div aria-busy="true" role="status">
        <span className="sr-only">{t("welcome.loading")}</span>
        <LoadingRows rows={4} />
      </div>
    );
  } else if (state.isError) {
    body = <ErrorState message={errorText(state.error, welcomeMessages.loadFailed)} retryLabel={t("app.retry")} onRetry={() => void state.refetch()} />;
  } else if (!state.data.move) {
    body = <EmptyState icon={Plane} title={t("welcome.page.noMove")} action={home} className="py-16" />;
  } else if (!state.data.move.welcomeCall) {
    body = <EmptyState icon={PhoneOff} title={t("welcome.page.noWelcomeCall")} action={home} className="py-16" />;
  } else {
    body = <WelcomeFlow state={state.data} headingLevel="h2" onExit={() => void navigate({ to: "/" })} />;
  }

  return (
    <>
      <PageHeader title={t("welcome.title")} />
      <Card className="mx-auto mb-4 w-full max-w-2xl">
        <CardContent className="py-6">{body}</CardContent>
      </Card>
    </>
  );
}
