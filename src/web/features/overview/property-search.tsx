/** The overview's property search (part 1 §2, §5, §8): around a neighbourhood, bedrooms, radius and a price range; the results as property cards. */
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OVERVIEW_LIMITS, overviewMessages, priceRangeAllows, ZSearchPropertyRequest, type TNeighbourhood } from "../../../domain/employee/widgets/overview.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { PartMessage } from "./overview-parts.tsx";
import { PropertyCards } from "./property-cards.tsx";

type SearchParams = { neighbourhoodId?: number; bedrooms?: number; radius?: number; minPrice?: number; maxPrice?: number };
type SearchErrors = { radius?: string; minPrice?: string; maxPrice?: string };

export function PropertySearch({ neighbourhoods }: { neighbourhoods: TNeighbourhood[] }) {
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
