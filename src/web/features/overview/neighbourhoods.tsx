/** The overview's neighbourhoods near the destination with their favourite toggles, and the map (a static map, OpenStreetMap tiles, or the coordinates and "No map configured."). */
import { useMutation } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OVERVIEW_LIMITS, overviewMessages, type TNeighbourhood, type TOverviewPrepareResponse } from "../../../domain/employee/widgets/overview.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export function NeighbourhoodList({
  items,
  selectedId,
  onSelect,
  favourites,
  onFavourite,
}: {
  items: TNeighbourhood[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  favourites: Record<number, boolean>;
  onFavourite: (id: number, v: boolean) => void;
}) {
  const { t } = useTranslation();
  const store = useMutation(trpc.overview.storeNeighbourhoodFavourites.mutationOptions());
  const [failed, setFailed] = useState<string | null>(null);
  const toggle = (n: TNeighbourhood) => {
    const next = !favourites[n.id];
    onFavourite(n.id, next);
    setFailed(null);
    store.mutate(
      { neighbourhoodId: n.id, favourite: next },
      {
        onError: (e) => {
          onFavourite(n.id, !next);
          setFailed(errorText(e, t("overview.favouriteFailed", "The favourite could not be saved. Please try again.")));
        },
      },
    );
  };
  return (
    <>
      {failed ? (
        <p role="alert" className="mb-2 text-sm text-destructive">
          {failed}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="neighbourhoods">
        {items.map((n) => (
          <li key={n.id} className="flex min-w-0 items-center gap-2 px-2 py-1.5" data-neighbourhood={n.title}>
            <button
              type="button"
              aria-pressed={n.id === selectedId}
              onClick={() => onSelect(n.id)}
              className="flex min-w-0 flex-1 flex-col rounded-md px-2 py-1 text-left text-sm text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-primary-soft"
            >
              <span className="break-words font-medium">{n.title}</span>
              <span className="text-muted-foreground">{t("overview.distance", { km: n.distanceKm, defaultValue: "{{km}} km from the centre" })}</span>
            </button>
            <button
              type="button"
              aria-pressed={!!favourites[n.id]}
              aria-label={t("overview.favourite", { name: n.title, defaultValue: "Favourite: {{name}}" })}
              onClick={() => toggle(n)}
              className="rounded-md p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-primary"
            >
              <Star className="size-5" aria-hidden="true" fill={favourites[n.id] ? "currentColor" : "none"} />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function MapCard({ view }: { view: TOverviewPrepareResponse }) {
  const { t } = useTranslation();
  const city = view.city;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2">{t("overview.map", "Map")}</CardTitle>
      </CardHeader>
      <CardContent>
        {view.mapUrl ? (
          <img
            src={view.mapUrl}
            width={OVERVIEW_LIMITS.staticMapMaxWidth}
            height={400}
            alt={t("overview.mapAlt", { city: city?.name ?? "", defaultValue: "Map of the neighbourhoods near {{city}}" })}
            className="h-auto w-full max-w-[640px] rounded-lg border border-border"
            data-testid="static-map"
          />
        ) : view.mapTiles ? (
          <figure className="m-0 flex flex-col gap-1" data-testid="tile-map">
            <div
              role="img"
              aria-label={t("overview.mapAlt", { city: city?.name ?? "", defaultValue: "Map of the neighbourhoods near {{city}}" })}
              className="relative aspect-square w-full max-w-[512px] overflow-hidden rounded-lg border border-border"
            >
              {view.mapTiles.tiles.map((tile) => (
                <img key={`${tile.leftPct}-${tile.topPct}`} src={tile.src} alt="" className="absolute h-1/2 w-1/2" style={{ left: `${tile.leftPct}%`, top: `${tile.topPct}%` }} />
              ))}
              <span
                aria-hidden="true"
                className="absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary shadow"
                style={{ left: `${view.mapTiles.marker.leftPct}%`, top: `${view.mapTiles.marker.topPct}%` }}
              />
            </div>
            <figcaption className="text-xs text-muted-foreground">
              <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline">
                {view.mapTiles.attribution}
              </a>
            </figcaption>
          </figure>
        ) : (
          <div className="flex flex-col gap-1 text-sm" data-testid="no-map">
            <p className="text-muted-foreground">{t("overview.noMap", view.mapMessage || overviewMessages.notConfigured.map)}</p>
            {city ? (
              <p className="tabular-nums text-foreground">
                {t("overview.coordinates", { city: city.name, lat: city.lat.toFixed(4), long: city.long.toFixed(4), defaultValue: "{{city}}: {{lat}}, {{long}}" })}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
