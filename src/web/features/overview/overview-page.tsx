/**
 * `/overview`, the employee's overview page (issue 14; part 1 §2 "neighbourhood maps (tabs about, amenities,
 * commute, sampleproperties), property search", §3, §8, §9): the neighbourhoods near the destination of the
 * employee's move with favourite toggles, the static map (or the coordinates and "No map configured."), Radix
 * tabs for the selected neighbourhood, the office preference, and the property search with its popup (title
 * cut at 30 characters, overview at 210, 3 images). Everything comes from `overview.*`; a part whose provider
 * is not configured or does not answer says so and shows no figures. Opening the page records a visit
 * (overview.serviceVisit, a POST).
 *
 * The parts: neighbourhoods.tsx (the list and the map), neighbourhood-tabs.tsx, office-card.tsx,
 * property-search.tsx with property-cards.tsx (cards and popup).
 */
import { useMutation } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { overviewMessages, type TOverviewPrepareResponse } from "../../../domain/employee/widgets/overview.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
// The employee home's social, weather and feedback boxes, which the spec places on the overview (part 1 §2).
import { ConnectionsWidget } from "../widgets/connections-widget.tsx";
import { FeedbackWidget } from "../widgets/feedback-widget.tsx";
import { WeatherWidget } from "../widgets/weather-widget.tsx";
import { NeighbourhoodTabs } from "./neighbourhood-tabs.tsx";
import { MapCard, NeighbourhoodList } from "./neighbourhoods.tsx";
import { OfficeCard } from "./office-card.tsx";
import { PropertySearch } from "./property-search.tsx";

export function OverviewPage() {
  const { t } = useTranslation();
  const prepare = useMutation(trpc.overview.prepare.mutationOptions());
  const visit = useMutation(trpc.overview.serviceVisit.mutationOptions());
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    prepare.mutate();
    visit.mutate({ service: "overview" });
  });

  return (
    <>
      <PageHeader
        title={t("overview.title", "Overview")}
        description={t("overview.intro", "Neighbourhoods near your destination, what is around them, your commute and homes to rent.")}
      />
      {prepare.isPending || prepare.isIdle ? (
        <Card>
          <LoadingRows rows={4} />
        </Card>
      ) : prepare.isError ? (
        <Card>
          <ErrorState message={errorText(prepare.error, t("overview.failed", overviewMessages.unavailable.neighbourhoods))} retryLabel={t("app.retry")} onRetry={() => prepare.mutate()} />
        </Card>
      ) : prepare.data.status === "NO_MOVE" ? (
        <div className="flex flex-col gap-4">
          <Card>
            <EmptyState icon={MapPin} title={t("overview.noMove", prepare.data.message)} />
          </Card>
          <OverviewBoxes />
        </div>
      ) : (
        <OverviewView view={prepare.data} />
      )}
    </>
  );
}

function OverviewView({ view }: { view: TOverviewPrepareResponse }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<number | null>(view.neighbourhoods[0]?.id ?? null);
  const [favourites, setFavourites] = useState<Record<number, boolean>>(() => Object.fromEntries(view.neighbourhoods.map((n) => [n.id, n.favourite])));
  const [office, setOffice] = useState(view.office);
  const selected = view.neighbourhoods.find((n) => n.id === selectedId) ?? null;

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <section aria-labelledby="ov-neighbourhoods" className="min-w-0">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle id="ov-neighbourhoods" className="flex items-center gap-2">
              <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {t("overview.neighbourhoods", "Neighbourhoods")}
            </CardTitle>
            {view.city ? <CardDescription>{t("overview.near", { city: view.city.name, km: view.radiusKm, defaultValue: "Within {{km}} km of {{city}}" })}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            {view.status !== "OK" ? (
              <p role={view.status === "UNAVAILABLE" ? "alert" : undefined} className="text-sm text-muted-foreground">
                {view.message}
              </p>
            ) : view.neighbourhoods.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("overview.noNeighbourhoods", "No neighbourhoods found near your destination.")}</p>
            ) : (
              <NeighbourhoodList
                items={view.neighbourhoods}
                selectedId={selectedId}
                onSelect={setSelectedId}
                favourites={favourites}
                onFavourite={(id, v) => setFavourites((f) => ({ ...f, [id]: v }))}
              />
            )}
          </CardContent>
        </Card>
      </section>

      <div className="flex min-w-0 flex-col gap-4">
        <MapCard view={view} />
        {selected ? <NeighbourhoodTabs key={selected.id} neighbourhood={selected} /> : null}
        <OfficeCard office={office} onSaved={setOffice} />
      </div>

      <div className="min-w-0 lg:col-span-2">
        <PropertySearch neighbourhoods={view.neighbourhoods} />
      </div>

      <OverviewBoxes className="lg:col-span-2" />
    </div>
  );
}

/** Part 1 §2 "Overview page: … property search, social, weather and feedback boxes", in that order, after the search. */
function OverviewBoxes({ className }: { className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`min-w-0 ${className ?? ""}`} data-testid="overview-boxes">
      <h2 id={titleId} className="sr-only">
        {t("overview.boxes", "Social, weather and feedback")}
      </h2>
      <div className="grid min-w-0 gap-4 md:grid-cols-2 desktop:grid-cols-3">
        <ConnectionsWidget />
        <WeatherWidget />
        <FeedbackWidget />
      </div>
    </section>
  );
}
