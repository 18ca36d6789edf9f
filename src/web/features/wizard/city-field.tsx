/**
 * The country / state / city field (part 1 §5): a country from the list; the state a dropdown for
 * the United States and free text elsewhere; the city picked from a searchable list of the
 * country's cities, or "Other" (city id 0) with the name typed freely. A typed name that was not
 * picked is resolved by the server (a geo answer opens the city picker).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { trpc } from "../../lib/trpc.ts";
import { controlId, Group, type Countries, type FieldValue } from "./field-frame.tsx";
import type { TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";

type AriaProps = { "aria-invalid"?: true; "aria-describedby"?: string; "aria-required"?: true };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function CityField({
  component: c,
  value,
  error,
  onChange,
  countries,
  disabled,
  aria,
}: {
  component: TInitiationComponent;
  value: FieldValue;
  error: string | undefined;
  onChange: (patch: Partial<FieldValue>) => void;
  countries: Countries | undefined;
  disabled?: boolean;
  aria: AriaProps;
}) {
  const { t } = useTranslation();
  const id = controlId(c);
  const country = countries?.find((k) => k.code === value.countryCode) ?? null;
  const states = country?.states ?? null;
  const cityText = value.formValue ?? "";
  const picked = value.formValueId !== null && value.formValueId > 0;
  const other = value.formValueId === 0;
  const search = useDebounced(cityText.trim(), 250);
  const searching = !!value.countryCode && !picked && !other && search.length >= 2;
  const cities = useQuery({
    ...trpc.reference.cities.queryOptions({
      countryCode: value.countryCode ?? "XX",
      stateCode: states && value.state ? value.state : undefined,
      search,
      limit: 8,
    }),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const readOnly = disabled || c.readOnly;

  return (
    <Group c={c} error={error}>
      <div className="grid gap-3 tablet:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id} className="text-[13px] text-muted-foreground">
            {t("wizard.city.country", { label: c.label })}
          </Label>
          <NativeSelect
            id={id}
            value={value.countryCode ?? ""}
            onChange={(e) => onChange({ countryCode: e.target.value || null, state: null, formValueId: null, formValue: null })}
            disabled={readOnly || countries === undefined}
            {...aria}
          >
            <option value="">{t("wizard.city.chooseCountry")}</option>
            {(countries ?? []).map((k) => (
              <option key={k.code} value={k.code}>
                {k.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-state`} className="text-[13px] text-muted-foreground">
            {t("wizard.city.state", { label: c.label })}
          </Label>
          {states ? (
            <NativeSelect
              id={`${id}-state`}
              value={value.state ?? ""}
              onChange={(e) => onChange({ state: e.target.value || null, ...(picked ? { formValueId: null } : {}) })}
              disabled={readOnly}
              {...aria}
            >
              <option value="">{t("wizard.city.chooseState")}</option>
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              id={`${id}-state`}
              value={value.state ?? ""}
              onChange={(e) => onChange({ state: e.target.value || null })}
              disabled={readOnly || !value.countryCode}
              autoComplete="off"
              {...aria}
              aria-required={undefined}
            />
          )}
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-city`} className="text-[13px] text-muted-foreground">
          {t("wizard.city.city", { label: c.label })}
        </Label>
        {picked ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            <output id={`${id}-city`} className="font-medium" data-testid={`${c.modelName}-picked`}>
              {t("wizard.city.selected", { name: cityText })}
            </output>
            {!readOnly ? (
              <Button variant="link" size="sm" onClick={() => onChange({ formValueId: null })}>
                {t("wizard.city.change")}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <Input
              id={`${id}-city`}
              value={cityText}
              placeholder={c.placeholder}
              onChange={(e) => onChange({ formValue: e.target.value === "" ? null : e.target.value })}
              disabled={readOnly || !value.countryCode}
              autoComplete="off"
              {...aria}
              aria-describedby={[aria["aria-describedby"], `${id}-city-help`].filter(Boolean).join(" ")}
            />
            <p id={`${id}-city-help`} className="text-[13px] text-muted-foreground" aria-live="polite">
              {other
                ? t("wizard.city.selectedOther", { name: cityText || "…" })
                : !value.countryCode
                  ? ""
                  : search.length < 2
                    ? t("wizard.city.search")
                    : cities.isError
                      ? t("wizard.city.failure")
                      : cities.isFetching && !cities.data
                        ? t("wizard.city.searching")
                        : cities.data && cities.data.length === 0
                          ? t("wizard.city.noResults")
                          : ""}
            </p>
            {other && !readOnly ? (
              <Button variant="link" size="sm" className="self-start" onClick={() => onChange({ formValueId: null })}>
                {t("wizard.city.change")}
              </Button>
            ) : null}
            {searching && cities.data ? (
              <ul aria-label={t("wizard.city.results", { q: search })} className="flex flex-col gap-1 rounded-md border border-border p-1" data-testid={`${c.modelName}-results`}>
                {cities.data.map((city) => (
                  <li key={city.id}>
                    <button
                      type="button"
                      className="w-full rounded px-2.5 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => onChange({ formValueId: city.id, formValue: city.name, state: value.state || city.state })}
                    >
                      {city.name}
                      {city.state ? <span className="text-muted-foreground">, {city.state}</span> : null}
                    </button>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    className="w-full rounded px-2.5 py-1.5 text-left text-sm italic hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => onChange({ formValueId: 0 })}
                  >
                    {t("wizard.city.other", { q: search })}
                  </button>
                </li>
              </ul>
            ) : null}
          </>
        )}
      </div>
    </Group>
  );
}
