/**
 * The weather widget (issue 14; part 1 §1, §2, §7): up to 7 days of forecast at the destination of the
 * user's move, from widgets.weather (the same service as GET /json/weather), in metric or imperial
 * units. When the server has no provider, the move no destination city, or the provider does not
 * answer, it says so and shows no figures.
 */
import { useQuery } from "@tanstack/react-query";
import { CloudSun } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TWeatherUnits } from "../../../domain/employee/widgets/weather.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { widgetTexts } from "./texts.ts";

export function WeatherWidget() {
  const { t, i18n } = useTranslation();
  const texts = useQuery({ queryKey: ["texts", "widgets"], queryFn: () => widgetTexts.preload().then(() => true), staleTime: Infinity });
  const [units, setUnits] = useState<TWeatherUnits>("metric");
  const query = useQuery({ ...trpc.widgets.weather.queryOptions({ units }), refetchOnWindowFocus: false, staleTime: 10 * 60_000 });
  const ids = { title: useId() };
  const failure = t("widgets.weather.unavailable", "The weather service did not answer. Please try again later.");

  const header = (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
      <div>
        <CardTitle id={ids.title} as="h3" className="flex items-center gap-2">
          <CloudSun className="size-5 text-primary" aria-hidden="true" />
          {t("widgets.weather.title", "Weather")}
        </CardTitle>
        {query.data?.place ? <CardDescription>{t("widgets.weather.at", { place: query.data.place, defaultValue: "At {{place}}" })}</CardDescription> : null}
      </div>
      {/* No units to choose when there can be no forecast (no provider, no destination city). */}
      {query.data?.status === "NOT_CONFIGURED" || query.data?.status === "NO_DESTINATION" ? null : (
        <div role="group" aria-label={t("widgets.weather.units", "Units")} className="flex rounded-md border border-border p-0.5">
          {(["metric", "imperial"] as const).map((u) => (
            <button
              key={u}
              type="button"
              aria-pressed={units === u}
              onClick={() => setUnits(u)}
              className="rounded px-2.5 py-1 text-sm text-foreground aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            >
              {u === "metric" ? "°C" : "°F"}
            </button>
          ))}
        </div>
      )}
    </CardHeader>
  );
  const frame = (body: ReactNode) => (
    <Card aria-labelledby={ids.title} role="region" aria-busy={query.isFetching}>
      {header}
      {body}
    </Card>
  );

  if (query.isPending || texts.isPending) return frame(<LoadingRows rows={3} />);
  if (query.isError || !query.data) return frame(<ErrorState message={errorText(query.error, failure)} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />);
  const view = query.data;
  if (view.status !== "OK") {
    const text =
      view.status === "NOT_CONFIGURED"
        ? t("widgets.weather.notConfigured", view.message)
        : view.status === "NO_DESTINATION"
          ? t("widgets.weather.noDestination", view.message)
          : // The server names the provider it could not reach (issue 24 §7), else says it did not answer.
            view.message || failure;
    return frame(
      view.status === "UNAVAILABLE" ? (
        <ErrorState message={text} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
      ) : (
        <EmptyState headingLevel={3} icon={CloudSun} title={text} className="py-8" />
      ),
    );
  }
  if (view.weather.length === 0) return frame(<EmptyState headingLevel={3} icon={CloudSun} title={t("widgets.weather.empty", "No forecast for these days.")} className="py-8" />);
  const day = new Intl.DateTimeFormat(i18n.language || "en", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
  return frame(
    <CardContent>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {view.weather.map((d) => (
          <li key={d.date} data-date={d.date} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm">
            <span className="font-medium text-foreground">{day.format(new Date(`${d.date}T00:00:00Z`))}</span>
            <span className="text-muted-foreground">{d.description}</span>
            <span className="tabular-nums text-foreground">
              {t("widgets.weather.range", { max: Math.round(d.temperatureMax), min: Math.round(d.temperatureMin), unit: view.temperatureUnit, defaultValue: "{{max}}{{unit}} / {{min}}{{unit}}" })}
              {d.precipitationProbability === null ? null : (
                <span className="ml-2 text-muted-foreground">{t("widgets.weather.rain", { p: d.precipitationProbability, defaultValue: "{{p}}% rain" })}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </CardContent>,
  );
}
