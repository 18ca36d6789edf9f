import { useMutation, useQuery } from "@tanstack/react-query";
import { Plus, Route, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TGeoRuleView } from "../../../domain/manager/managers/schemas.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "error"; text: string } | null;
type Pick = { type: "COUNTRY" | "STATE" | "CITY"; id: string } | null;

/**
 * The manager's geographic restrictions (part 1 §2, §5, §8): the routes as a list (cards on a phone), "Add
 * route" opens the popup with origin and destination pickers from the country → state → city tree (both
 * required; the duplicate text from the server), delete after confirmation.
 */
export function GeoRestrictions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const rules = useQuery(trpc.managers.geoRestrictions.queryOptions({ userId }));
  const remove = useMutation(trpc.managers.deleteGeoRestriction.mutationOptions());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TGeoRuleView | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 tablet:flex-row tablet:items-start tablet:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t("managers.geo.title")}</CardTitle>
          <CardDescription>{t("managers.geo.description")}</CardDescription>
        </div>
        <Button onClick={() => { setOutcome(null); setAdding(true); }} data-testid="geo-add">
          <Plus aria-hidden="true" />
          {t("managers.geo.add")}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div aria-live="polite" className="empty:hidden">
          {outcome ? (
            <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="geo-outcome">
              {outcome.text}
            </Alert>
          ) : null}
        </div>
        <QueryView query={rules} isEmpty={(r) => r.length === 0} empty={<EmptyState icon={Route} headingLevel={3} title={t("managers.geo.empty")} />}>
          {(list) => (
            <ul aria-label={t("managers.geo.caption")} className="flex flex-col divide-y divide-border rounded-md border border-border" data-testid="geo-rules">
              {list.map((r) => (
                <li key={r.id} className="flex flex-col gap-2 p-3 tablet:flex-row tablet:items-center tablet:justify-between">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">{t("managers.geo.origin")}</dt>
                    <dd className="font-medium [overflow-wrap:anywhere]">{r.originName}</dd>
                    <dt className="text-muted-foreground">{t("managers.geo.destination")}</dt>
                    <dd className="font-medium [overflow-wrap:anywhere]">{r.destinationName}</dd>
                  </dl>
                  <Button variant="outline" size="sm" aria-label={t("managers.geo.deleteFor", { origin: r.originName, destination: r.destinationName })} onClick={() => setDeleting(r)}>
                    <Trash2 aria-hidden="true" />
                    {t("managers.geo.delete")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
      {adding ? (
        <AddRouteDialog
          userId={userId}
          onClose={(saved) => {
            setAdding(false);
            if (saved) setOutcome({ kind: "success", text: t("managers.geo.saved") });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("managers.geo.deleteTitle")}
        description={deleting ? t("managers.geo.deleteText", { origin: deleting.originName, destination: deleting.destinationName }) : ""}
        confirmLabel={t("managers.geo.delete")}
        cancelLabel={t("managers.geo.cancel")}
        destructive
        onConfirm={() => {
          const rule = deleting;
          setDeleting(null);
          if (!rule) return;
          remove.mutate(
            { restrictionId: rule.id },
            {
              onSuccess: () => {
                setOutcome({ kind: "success", text: t("managers.geo.deleted") });
                void queryClient.invalidateQueries(trpc.managers.geoRestrictions.queryFilter());
              },
              onError: () => setOutcome({ kind: "error", text: t("managers.geo.deleteFailed") }),
            },
          );
        }}
      />
    </Card>
  );
}

function AddRouteDialog({ userId, onClose }: { userId: number; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const save = useMutation(trpc.managers.saveGeoRestriction.mutationOptions());
  const [origin, setOrigin] = useState<Pick>(null);
  const [destination, setDestination] = useState<Pick>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!origin) return setError(t("managers.geo.originRequired"));
    if (!destination) return setError(t("managers.geo.destinationRequired"));
    setError(null);
    const geoString = JSON.stringify({ originGeoType: origin.type, originGeoId: origin.id, destinationGeoType: destination.type, destinationGeoId: destination.id });
    save.mutate(
      { userId, geoString },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries(trpc.managers.geoRestrictions.queryFilter());
          onClose(true);
        },
        // The duplicate text (and the both-ends texts) come from the server; anything else is the spec's save text.
        onError: (err) => {
          const text = serverMessage(err);
          setError(text && text !== "" && !text.startsWith("[") ? text : t("managers.geo.saveFailed"));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose(false)}>
      <DialogContent closeLabel={t("managers.geo.close")} className="max-w-lg">
        <DialogTitle>{t("managers.geo.addTitle")}</DialogTitle>
        <DialogDescription>{t("managers.geo.description")}</DialogDescription>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-5" noValidate>
          <PlacePicker userId={userId} direction="FROM" legend={t("managers.geo.origin")} onChange={setOrigin} />
          <PlacePicker userId={userId} direction="TO" legend={t("managers.geo.destination")} onChange={setDestination} />
          {error ? (
            <Alert variant="destructive" role="alert" data-testid="geo-error">
              {error}
            </Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-2 tablet:flex-row tablet:justify-end">
            <Button type="button" variant="outline" onClick={() => onClose(false)}>
              {t("managers.geo.cancel")}
            </Button>
            <Button type="submit" busy={save.isPending} data-testid="geo-save">
              {t("managers.geo.save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Country, then (optionally) state or region, then (optionally) city; the most specific choice is the rule's end. */
function PlacePicker({ userId, direction, legend, onChange }: { userId: number; direction: "FROM" | "TO"; legend: string; onChange: (pick: Pick) => void }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState("");
  const [second, setSecond] = useState(""); // "STATE:12" or "CITY:34"
  const [city, setCity] = useState("");
  const countries = useQuery(trpc.managers.geoTree.queryOptions({ userId, direction }));
  const level2 = useQuery({ ...trpc.managers.geoTree.queryOptions({ userId, direction, parent: `COUNTRY:${country}` }), enabled: country !== "" });
  const stateId = second.startsWith("STATE:") ? second.slice(6) : "";
  const level3 = useQuery({ ...trpc.managers.geoTree.queryOptions({ userId, direction, parent: `STATE:${stateId}` }), enabled: stateId !== "" });
  const ids = { country: useId(), second: useId(), city: useId() };
  const countryName = countries.data?.find((c) => c.id === country)?.text ?? "";
  const emit = (c: string, s: string, ci: string) => {
    if (ci) onChange({ type: "CITY", id: ci });
    else if (s) onChange({ type: s.startsWith("STATE:") ? "STATE" : "CITY", id: s.split(":")[1]! });
    else if (c) onChange({ type: "COUNTRY", id: c });
    else onChange(null);
  };
  return (
    <fieldset className="flex flex-col gap-3" data-testid={`picker-${direction}`}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {countries.isError ? <Alert variant="destructive">{t("managers.geo.loadFailed")}</Alert> : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.country}>{t("managers.geo.country")}</Label>
        <NativeSelect
          id={ids.country}
          value={country}
          disabled={countries.isPending}
          onChange={(e) => {
            setCountry(e.target.value);
            setSecond("");
            setCity("");
            emit(e.target.value, "", "");
          }}
        >
          <option value="">{t("managers.geo.choose")}</option>
          {(countries.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.text}
            </option>
          ))}
        </NativeSelect>
      </div>
      {country && (level2.data?.length ?? 0) > 0 ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.second}>{t("managers.geo.state")}</Label>
          <NativeSelect
            id={ids.second}
            value={second}
            onChange={(e) => {
              setSecond(e.target.value);
              setCity("");
              emit(country, e.target.value, "");
            }}
          >
            <option value="">{t("managers.geo.whole", { place: countryName })}</option>
            {(level2.data ?? []).map((n) => (
              <option key={`${n.type}:${n.id}`} value={`${n.type}:${n.id}`}>
                {n.text}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {stateId && (level3.data?.length ?? 0) > 0 ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.city}>{t("managers.geo.city")}</Label>
          <NativeSelect
            id={ids.city}
            value={city}
            onChange={(e) => {
              setCity(e.target.value);
              emit(country, second, e.target.value);
            }}
          >
            <option value="">{t("managers.geo.whole", { place: level2.data?.find((n) => `${n.type}:${n.id}` === second)?.text ?? "" })}</option>
            {(level3.data ?? []).map((n) => (
              <option key={n.id} value={n.id}>
                {n.text}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </fieldset>
  );
}
