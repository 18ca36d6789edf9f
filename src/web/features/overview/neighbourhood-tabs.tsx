/** The selected neighbourhood's tabs (part 1 §2): about, amenities, commute and sample properties, each loaded when opened. */
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { overviewMessages, type TNeighbourhood } from "../../../domain/employee/widgets/overview.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { linkClass, PartMessage } from "./overview-parts.tsx";
import { PropertyCards } from "./property-cards.tsx";

function QueryPart<T extends { status: string; message?: string; errorMessage?: string }>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingRows rows={2} className="p-0 py-2" />;
  if (query.isError || !query.data)
    return <ErrorState message={errorText(query.error, t("overview.tabFailed", "This could not be loaded. Please try again."))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} className="py-6" />;
  if (query.data.status !== "OK") return <PartMessage status={query.data.status} message={query.data.message ?? query.data.errorMessage ?? ""} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

export function NeighbourhoodTabs({ neighbourhood }: { neighbourhood: TNeighbourhood }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState("about");
  const input = { neighbourhoodId: neighbourhood.id };
  const opts = { refetchOnWindowFocus: false, staleTime: 10 * 60_000 } as const;
  const about = useQuery({ ...trpc.overview.about.queryOptions(input), ...opts, enabled: tab === "about" });
  const amenities = useQuery({ ...trpc.overview.amenities.queryOptions(input), ...opts, enabled: tab === "amenities" });
  const commute = useQuery({ ...trpc.overview.commute.queryOptions(input), ...opts, enabled: tab === "commute" });
  const samples = useQuery({ ...trpc.overview.sampleProperties.queryOptions(input), ...opts, enabled: tab === "sampleproperties" });
  const titleId = useId();
  return (
    <Card className="min-w-0" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h2">
          {neighbourhood.title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="flex h-auto flex-wrap">
            <TabsTrigger value="about">{t("overview.tab.about", "About")}</TabsTrigger>
            <TabsTrigger value="amenities">{t("overview.tab.amenities", "Amenities")}</TabsTrigger>
            <TabsTrigger value="commute">{t("overview.tab.commute", "Commute")}</TabsTrigger>
            <TabsTrigger value="sampleproperties">{t("overview.tab.sampleproperties", "Sample properties")}</TabsTrigger>
          </TabsList>
          <TabsContent value="about" className="pt-3">
            <QueryPart query={about}>
              {(d) => (
                <div className="flex flex-col gap-2 text-sm">
                  <p className="leading-relaxed text-foreground">{d.extract}</p>
                  {d.sourceUrl ? (
                    <a href={d.sourceUrl} target="_blank" rel="noreferrer noopener" className={linkClass}>
                      <ExternalLink className="size-4" aria-hidden="true" />
                      {t("overview.source", { title: d.title, defaultValue: "Source: Wikipedia, {{title}}" })}
                    </a>
                  ) : null}
                </div>
              )}
            </QueryPart>
          </TabsContent>
          <TabsContent value="amenities" className="pt-3">
            <QueryPart query={amenities}>
              {(d) => (
                <>
                  <p className="mb-2 text-sm text-muted-foreground">{t("overview.amenitiesWithin", { m: d.radiusM, defaultValue: "Within {{m}} m (OpenStreetMap)" })}</p>
                  <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="amenities">
                    {d.amenities.map((a) => (
                      <div key={a.category} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
                        <dt className="text-foreground">{t(`overview.amenity.${a.category}`, a.label)}</dt>
                        <dd className="font-semibold tabular-nums">{a.count}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              )}
            </QueryPart>
          </TabsContent>
          <TabsContent value="commute" className="pt-3">
            <QueryPart query={commute}>
              {(d) => (
                <p className="text-sm text-foreground" data-testid="commute">
                  {t("overview.commuteResult", { km: d.distanceKm, min: d.durationMinutes, office: d.office?.label ?? "", defaultValue: "{{km}} km by car, about {{min}} min to {{office}}" })}
                </p>
              )}
            </QueryPart>
          </TabsContent>
          <TabsContent value="sampleproperties" className="pt-3">
            <QueryPart query={samples}>
              {(d) => (d.properties.length === 0 ? <p className="text-sm text-muted-foreground">{overviewMessages.noData}</p> : <PropertyCards properties={d.properties} />)}
            </QueryPart>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
