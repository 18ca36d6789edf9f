/**
 * `/overview`, the employee's overview page (issue 14; part 1 §2 "neighbourhood maps (tabs about, amenities,
 * commute, sampleproperties), property search", §3, §8, §9): the neighbourhoods near the destination of the
 * employee's move with favourite toggles, the static map (or the coordinates and "No map configured."), Radix
 * tabs for the selected neighbourhood, the office preference, and the property search with its popup (title
 * cut at 30 characters, overview at 210, 3 images). Everything comes from `overview.*`; a part whose provider
 * is not configured or does not answer says so and shows no figures. Opening the page records a visit
 * (overview.serviceVisit, a POST).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Building2, ExternalLink, Home, MapPin, Search, Star } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  OVERVIEW_LIMITS,
  overviewMessages,
  popupOf,
  priceRangeAllows,
  ZSearchPropertyRequest,
  ZStoreOfficeRequest,
  type TNeighbourhood,
  type TOverviewPrepareResponse,
  type TProperty,
} from "../../../domain/employee/widgets/overview.ts";
import { Button } from "../../components/ui/button.tsx";
import { Carousel } from "../../components/ui/carousel.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
// The employee home's social, weather and feedback boxes, which the spec places on the overview (part 1 §2).
import { ConnectionsWidget } from "../widgets/connections-widget.tsx";
import { FeedbackWidget } from "../widgets/feedback-widget.tsx";
import { WeatherWidget } from "../widgets/weather-widget.tsx";

const linkClass = "inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

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

function NeighbourhoodList({
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

function MapCard({ view }: { view: TOverviewPrepareResponse }) {
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

// ── Tabs: about, amenities, commute, sample properties ───────────────────────────────────────────

function PartMessage({ status, message, onRetry }: { status: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (status === "UNAVAILABLE") return <ErrorState message={message} retryLabel={t("app.retry")} onRetry={onRetry} className="py-6" />;
  return <p className="py-2 text-sm text-muted-foreground">{message}</p>;
}

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

function NeighbourhoodTabs({ neighbourhood }: { neighbourhood: TNeighbourhood }) {
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

// ── Office preference ────────────────────────────────────────────────────────────────────────────

function OfficeCard({ office, onSaved }: { office: TOverviewPrepareResponse["office"]; onSaved: (o: TOverviewPrepareResponse["office"]) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(office?.address ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation(trpc.overview.storeEmployeeOfficePreference.mutationOptions());
  const ids = { input: useId(), error: useId(), title: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZStoreOfficeRequest.safeParse({ address });
    setStatus(null);
    if (!parsed.success) return setFieldError(overviewMessages.address);
    setFieldError(null);
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        setStatus(r.message);
        if (r.success) {
          onSaved(r.office);
          void queryClient.invalidateQueries({ queryKey: trpc.overview.commute.pathKey() });
        }
      },
      onError: (err) => setFieldError(errorText(err, overviewMessages.unavailable.geocoder)),
    });
  };
  return (
    <Card className="min-w-0" role="region" aria-labelledby={ids.title}>
      <CardHeader>
        <CardTitle id={ids.title} as="h2" className="flex items-center gap-2">
          <Building2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t("overview.office", "Your office")}
        </CardTitle>
        <CardDescription data-testid="office-label">{office ? office.label : t("overview.noOfficeYet", "No office address yet: commute times need one.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={ids.input}>{t("overview.officeAddress", "Office address")}</Label>
            <Input id={ids.input} value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="street-address" aria-invalid={!!fieldError} aria-describedby={fieldError ? ids.error : undefined} />
          </div>
          <Button type="submit" busy={save.isPending}>
            {t("overview.saveOffice", "Save office")}
          </Button>
        </form>
        <FieldError id={ids.error}>{fieldError ?? undefined}</FieldError>
        {status ? (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {status}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

// ── Property search ──────────────────────────────────────────────────────────────────────────────

type SearchParams = { neighbourhoodId?: number; bedrooms?: number; radius?: number; minPrice?: number; maxPrice?: number };
type SearchErrors = { radius?: string; minPrice?: string; maxPrice?: string };

function PropertySearch({ neighbourhoods }: { neighbourhoods: TNeighbourhood[] }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ neighbourhoodId: "", bedrooms: "", radius: String(OVERVIEW_LIMITS.defaultRadiusKm), minPrice: "", maxPrice: "" });
  const [params, setParams] = useState<SearchParams>({});
  const [errors, setErrors] = useState<SearchErrors>({});
  const [searchNo, setSearchNo] = useState(0);
  const query = useQuery({ ...trpc.overview.searchProperty.queryOptions(params), refetchOnWindowFocus: false, staleTime: 5 * 60_000 });
  // §8: "Error! No data found" once about 5 s have passed since the search began with no results.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    const timer = setTimeout(() => setWaited(true), OVERVIEW_LIMITS.noDataAfterMs);
    return () => clearTimeout(timer);
  }, [searchNo]);
  const ids = { title: useId(), n: useId(), beds: useId(), radius: useId(), radiusError: useId(), min: useId(), minError: useId(), max: useId(), maxError: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Part 1 §5: "Enter does not search when max is below min" (nor does the button); the max field says why.
    const min = form.minPrice.trim() === "" ? null : Number(form.minPrice);
    const max = form.maxPrice.trim() === "" ? null : Number(form.maxPrice);
    if (min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max) && !priceRangeAllows(min, max)) {
      setErrors({ maxPrice: overviewMessages.priceRange });
      return;
    }
    const parsed = ZSearchPropertyRequest.safeParse(form);
    if (!parsed.success) {
      const next: SearchErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "radius" || key === "minPrice" || key === "maxPrice") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setParams(parsed.data);
    setSearchNo((n) => n + 1);
  };
  const data = query.data;
  const results = data?.success ? data.properties : [];

  let body: ReactNode;
  if (query.isError) body = <ErrorState message={errorText(query.error, t("overview.searchFailed", overviewMessages.unavailable.properties))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  else if (data && !data.success) body = <PartMessage status={data.status} message={data.errorMessage} onRetry={() => void query.refetch()} />;
  else if (results.length > 0) body = <PropertyCards properties={results} apartmentTypes={data?.apartmentTypes} />;
  else if (waited)
    body = (
      <p role="alert" className="py-4 text-sm font-medium text-destructive">
        {overviewMessages.noData}
      </p>
    );
  else body = <LoadingRows rows={3} className="p-0 py-2" />;

  return (
    <section aria-labelledby={ids.title}>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle id={ids.title} className="flex items-center gap-2">
            <Search className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {t("overview.propertySearch", "Property search")}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 desktop:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] desktop:items-start" noValidate>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.n}>{t("overview.around", "Around")}</Label>
              <NativeSelect id={ids.n} value={form.neighbourhoodId} onChange={(e) => setForm({ ...form, neighbourhoodId: e.target.value })}>
                <option value="">{t("overview.aroundCity", "The city centre")}</option>
                {neighbourhoods.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.beds}>{t("overview.bedrooms", "Bedrooms")}</Label>
              <NativeSelect id={ids.beds} value={form.bedrooms} onChange={(e) => setForm({ ...form, bedrooms: e.target.value })}>
                <option value="">{t("overview.anyBedrooms", "Any")}</option>
                {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((b) => (
                  <option key={b} value={b}>
                    {b === 0 ? t("overview.studio", "Studio") : b}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.radius}>{t("overview.radius", "Radius (km)")}</Label>
              <Input
                id={ids.radius}
                inputMode="numeric"
                value={form.radius}
                onChange={(e) => setForm({ ...form, radius: e.target.value })}
                aria-invalid={!!errors.radius}
                aria-describedby={errors.radius ? ids.radiusError : undefined}
              />
              <FieldError id={ids.radiusError}>{errors.radius}</FieldError>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.min}>{t("overview.minPrice", "Min price a month")}</Label>
              <Input
                id={ids.min}
                inputMode="numeric"
                value={form.minPrice}
                onChange={(e) => setForm({ ...form, minPrice: e.target.value })}
                aria-invalid={!!errors.minPrice}
                aria-describedby={errors.minPrice ? ids.minError : undefined}
              />
              <FieldError id={ids.minError}>{errors.minPrice}</FieldError>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.max}>{t("overview.maxPrice", "Max price a month")}</Label>
              <Input
                id={ids.max}
                inputMode="numeric"
                value={form.maxPrice}
                onChange={(e) => setForm({ ...form, maxPrice: e.target.value })}
                aria-invalid={!!errors.maxPrice}
                aria-describedby={errors.maxPrice ? ids.maxError : undefined}
              />
              <FieldError id={ids.maxError}>{errors.maxPrice}</FieldError>
            </div>
            <Button type="submit" busy={query.isFetching} className="desktop:mt-7">
              {t("overview.search", "Search")}
            </Button>
          </form>
          <div aria-live="polite">{body}</div>
        </CardContent>
      </Card>
    </section>
  );
}

function PropertyCards({ properties, apartmentTypes }: { properties: TProperty[]; apartmentTypes?: { numberOfBedrooms: number; currency: string; amountMinRange: number; amountMaxRange: number }[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TProperty | null>(null);
  const click = useMutation(trpc.overview.click.mutationOptions());
  const show = (p: TProperty) => {
    setOpen(p);
    click.mutate({ externalId: p.externalId, provider: p.provider, ...(p.url ? { url: p.url } : {}) });
  };
  return (
    <div className="flex flex-col gap-3">
      {apartmentTypes && apartmentTypes.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("overview.apartmentTypes", "Apartment types")} data-testid="apartment-types">
          {apartmentTypes.map((a) => (
            <li key={`${a.numberOfBedrooms}-${a.currency}`} className="rounded-md border border-border px-2.5 py-1">
              {t("overview.apartmentType", {
                beds: a.numberOfBedrooms === 0 ? t("overview.studio", "Studio") : t("overview.bedCount", { count: a.numberOfBedrooms, defaultValue: "{{count}} bed" }),
                min: formatMoney({ amount: a.amountMinRange, currency: a.currency }),
                max: formatMoney({ amount: a.amountMaxRange, currency: a.currency }),
                defaultValue: "{{beds}}: {{min}} – {{max}}",
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="properties">
        {properties.map((p) => (
          <li key={`${p.provider}:${p.externalId}`} className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-3 text-sm" data-property={p.externalId}>
            <span className="break-words font-medium text-foreground">{popupOf(p).title}</span>
            {p.price ? <span className="font-semibold tabular-nums">{t("overview.perMonth", { price: formatMoney(p.price), defaultValue: "{{price}} a month" })}</span> : null}
            {p.beds !== null ? <span className="text-muted-foreground">{p.beds === 0 ? t("overview.studio", "Studio") : t("overview.bedCount", { count: p.beds, defaultValue: "{{count}} bed" })}</span> : null}
            {p.address ? <span className="break-words text-muted-foreground">{p.address}</span> : null}
            <Button variant="outline" size="sm" className="mt-1 self-start" onClick={() => show(p)} aria-label={t("overview.details", { title: p.title, defaultValue: "Details: {{title}}" })}>
              <Home className="size-4" aria-hidden="true" />
              {t("overview.detailsShort", "Details")}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {open ? <PropertyPopup property={open} /> : null}
      </Dialog>
    </div>
  );
}

function PropertyPopup({ property }: { property: TProperty }) {
  const { t } = useTranslation();
  const popup = popupOf(property);
  return (
    <DialogContent closeLabel={t("app.close", "Close")} className="max-h-[90vh] overflow-y-auto">
      <DialogTitle>{popup.title}</DialogTitle>
      <DialogDescription>{property.address ?? ""}</DialogDescription>
      {property.price ? <p className="font-semibold">{t("overview.perMonth", { price: formatMoney(property.price), defaultValue: "{{price}} a month" })}</p> : null}
      {popup.overview ? <p className="text-sm leading-relaxed" data-testid="popup-overview">{popup.overview}</p> : null}
      {popup.images.length > 0 ? (
        // Part 2 §9: carousel interval 5 s, fade 500 ms (CAROUSEL_INTERVAL_MS, CAROUSEL_FADE_MS).
        <Carousel
          images={popup.images.map((src, i) => ({ src, alt: t("overview.photoN", { n: i + 1, defaultValue: "Photo {{n}} of the property" }) }))}
          label={t("overview.photos", "Photos of the property")}
          slideLabel={(n, of) => t("overview.slide", { n, of, defaultValue: "Photo {{n}} of {{of}}" })}
          previousLabel={t("overview.previousPhoto", "Previous photo")}
          nextLabel={t("overview.nextPhoto", "Next photo")}
        />
      ) : null}
      {property.url ? (
        <a href={property.url} target="_blank" rel="noreferrer noopener" className={linkClass}>
          <ExternalLink className="size-4" aria-hidden="true" />
          {t("overview.providerLink", { provider: providerName(property.provider), defaultValue: "View on {{provider}}" })}
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">{t("overview.listedBy", { provider: providerName(property.provider), defaultValue: "Listing from {{provider}}" })}</p>
      )}
    </DialogContent>
  );
}

const providerName = (p: string) => (p === "rentcast" ? "RentCast" : p);
