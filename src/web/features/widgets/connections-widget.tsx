/**
 * The "Connections at your destination" box on the employee home (issue 14): how many people the
 * employee follows mention their destination (social.connectionCount, the same service as GET
 * /social/connection-count), linking the connections page. Any state other than OK says so in words.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { trpc } from "../../lib/trpc.ts";

const socialTexts = textsChunk(() => import("../../../domain/i18n/en-social.ts").then((m) => m.enSocial));

export function ConnectionsWidget() {
  const { t } = useTranslation();
  const texts = useQuery({ queryKey: ["texts", "social"], queryFn: () => socialTexts.preload().then(() => true), staleTime: Infinity });
  const count = useQuery({ ...trpc.social.connectionCount.queryOptions(), refetchOnWindowFocus: false, staleTime: 5 * 60_000, retry: false });
  const list = useQuery({ ...trpc.social.connections.queryOptions(), enabled: count.data?.status === "OK", refetchOnWindowFocus: false, staleTime: 5 * 60_000, retry: false });
  const titleId = useId();
  const place = list.data?.destination ? [list.data.destination.city, list.data.destination.country].filter(Boolean).join(", ") : "";
  const linkClass = "inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded";

  let body;
  if (count.isPending || texts.isPending) body = <LoadingRows rows={2} />;
  else if (count.isError || !count.data) body = <ErrorState message={errorText(count.error, "Your connections could not be loaded.")} retryLabel={t("app.retry")} onRetry={() => void count.refetch()} />;
  else
    body = (
      <CardContent className="flex flex-col gap-3">
        {count.data.status === "OK" ? (
          <p className="text-sm text-foreground" data-testid="connection-count">
            {place ? t("social.boxCount", { count: count.data.count, place }) : <span className="text-2xl font-semibold">{count.data.count}</span>}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{count.data.message}</p>
        )}
        {count.data.status === "NOT_CONFIGURED" ? null : (
          <Link to="/connections" className={linkClass}>
            {count.data.status === "NO_HANDLE" ? t("social.boxSetUp") : t("social.boxLink")}
          </Link>
        )}
      </CardContent>
    );
  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={count.isFetching}>
      <CardHeader>
        <CardTitle id={titleId} as="h3" className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" />
          {t("social.boxTitle", "Connections at your destination")}
        </CardTitle>
      </CardHeader>
      {body}
    </Card>
  );
}
