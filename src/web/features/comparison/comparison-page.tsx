/**
 * /comparison — supplier quotes for the employee's move (issue 14; part 2 §2 "comparison page (onshore,
 * international or all filter, map toggle, details dropdown, book button)"). The filter is in the URL;
 * the map toggle shows the quotes' locations as a list with coordinates and OpenStreetMap links (no
 * map images are loaded); each quote opens its details; Book first asks the booking estimate with the
 * quote (GET /{service}/booking-estimate with quoteId): over budget, the overdraft popup asks, otherwise
 * a confirmation; then quotes.book books it once (the other open quotes of that service are declined).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ChevronDown, ExternalLink, FileSearch, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TBudgetFigures } from "../../../domain/employee/budgets/schemas.ts";
import type { TQuote } from "../../../domain/employee/quotes/quotes.ts";
import { RemainingFigure } from "../../components/budget-figures.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

type Scope = "all" | "onshore" | "international";
const SCOPES: Scope[] = ["all", "onshore", "international"];
const scopeKey = (s: Scope) => s.toUpperCase() as "ALL" | "ONSHORE" | "INTERNATIONAL";

const statusVariant: Record<TQuote["status"], "info" | "success" | "neutral"> = { OPEN: "info", BOOKED: "success", DECLINED: "neutral" };

/** `figures`: the service's budget figures before the booking (the same ones the employee home and HR's move page show). */
type Pending = { quote: TQuote; over: { remaining: string; cost: string; over: string } | null; figures: TBudgetFigures | null };

export function ComparisonPage({ scope, onScope }: { scope: Scope; onScope: (s: Scope) => void }) {
  const { t } = useTranslation();
  const list = useQuery({ ...trpc.quotes.list.queryOptions({ scope: scopeKey(scope) }), refetchOnWindowFocus: false });
  const [showMap, setShowMap] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mapId = useId();

  const book = useMutation(
    trpc.quotes.book.mutationOptions({
      onSuccess: async (res) => {
        setDone(t("comparison.booked", { company: res.quote.companyName, service: res.quote.serviceTitle }));
        await queryClient.invalidateQueries({ queryKey: trpc.quotes.list.queryKey() });
      },
      onError: async (e) => {
        setFailure(serverMessage(e) ?? t("comparison.bookFailed"));
        await queryClient.invalidateQueries({ queryKey: trpc.quotes.list.queryKey() });
      },
    }),
  );

  const startBooking = async (quote: TQuote) => {
    setDone(null);
    setFailure(null);
    setChecking(quote.id);
    try {
      const est = await queryClient.fetchQuery({
        ...trpc.budgets.bookingEstimate.queryOptions({ service: quote.service, serviceParam: quote.moveStage, currency: quote.currency, quoteId: quote.id, enquiryId: quote.moveId }),
        staleTime: 0,
      });
      const over = Number(est.overBudgetAmount) > 0 && est.xlateMsg === null;
      setPending({
        quote,
        over: over
          ? { remaining: formatMajorMoney(est.originalRemaining, est.currencyCode), cost: formatMajorMoney(est.costAmount, est.currencyCode), over: formatMajorMoney(est.overBudgetAmount, est.currencyCode) }
          : null,
        figures: est.figures ?? null,
      });
    } catch (e) {
      setFailure(serverMessage(e) ?? t("comparison.bookFailed"));
    } finally {
      setChecking(null);
    }
  };

  const confirm = () => {
    if (!pending) return;
    const id = pending.quote.id;
    setPending(null);
    book.mutate({ quoteId: id });
  };

  const data = list.data;
  return (
    <div data-testid="comparison-page">
      <PageHeader title={t("comparison.title")} description={t("comparison.intro")} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("comparison.filter")} className="flex rounded-md border border-border bg-surface p-0.5">
          {SCOPES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scope === s}
              onClick={() => onScope(s)}
              className="rounded px-3 py-1.5 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            >
              {t(`comparison.filter.${scopeKey(s)}`)}
            </button>
          ))}
        </div>
        <Button type="button" variant="outline" aria-pressed={showMap} aria-controls={showMap ? mapId : undefined} onClick={() => setShowMap((v) => !v)}>
          <MapPin aria-hidden="true" />
          {t("comparison.showMap")}
        </Button>
      </div>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {done ? (
          <Alert variant="success" role="status">
            {done}
          </Alert>
        ) : null}
        {failure ? (
          <Alert variant="destructive" role="alert">
            {failure}
          </Alert>
        ) : null}
      </div>
      {list.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={4} />
        </Card>
      ) : list.isError || !data ? (
        <Card>
          <ErrorState message={serverMessage(list.error) ?? t("comparison.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : data.moveId === null ? (
        <Card>
          <EmptyState icon={FileSearch} title={t("comparison.noMove")} />
        </Card>
      ) : data.quotes.length === 0 ? (
        <Card>
          <EmptyState icon={FileSearch} title={scope === "all" ? t("comparison.empty") : t("comparison.emptyFiltered", { scope: t(`comparison.filter.${scopeKey(scope)}`).toLowerCase() })} />
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          {showMap ? <Locations id={mapId} quotes={data.quotes} /> : null}
          {groupsOf(data.quotes).map((g) => (
            <Card key={g.key} className="min-w-0">
              <section aria-labelledby={`svc-${g.key}`}>
                <CardHeader>
                  <CardTitle id={`svc-${g.key}`}>
                    {g.title} <span className="font-normal text-muted-foreground">· {g.stageName}</span>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <ul className="flex flex-col gap-3">
                    {g.quotes.map((q) => (
                      <QuoteItem key={q.id} quote={q} busy={checking === q.id || (book.isPending && book.variables?.quoteId === q.id)} onBook={() => void startBooking(q)} />
                    ))}
                  </ul>
                </CardContent>
              </section>
            </Card>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending?.over ? t("comparison.overdraftTitle") : t("comparison.confirmTitle", { company: pending?.quote.companyName ?? "" })}
        description={
          pending ? (
            <>
              {pending.over
                ? t("comparison.overdraftBody", { service: pending.quote.serviceTitle, ...pending.over })
                : t("comparison.confirmBody", { company: pending.quote.companyName, service: pending.quote.serviceTitle, stage: pending.quote.moveStageName, amount: formatMajorMoney(pending.quote.amount, pending.quote.currency) })}
              {pending.figures ? <RemainingFigure figures={pending.figures} className="mt-2 block" testId="booking-remaining" /> : null}
            </>
          ) : (
            ""
          )
        }
        confirmLabel={pending?.over ? t("comparison.overdraftConfirm") : t("comparison.confirm")}
        cancelLabel={t("comparison.cancel")}
        onConfirm={confirm}
      />
    </div>
  );
}

function groupsOf(quotes: TQuote[]) {
  const groups = new Map<string, { key: string; title: string; stageName: string; quotes: TQuote[] }>();
  for (const q of quotes) {
    const key = `${q.moveStage}-${q.service}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, title: q.serviceTitle, stageName: q.moveStageName, quotes: [] }));
    g.quotes.push(q);
  }
  return [...groups.values()];
}

function QuoteItem({ quote: q, busy, onBook }: { quote: TQuote; busy: boolean; onBook: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const bookable = q.status === "OPEN" && !q.expired;
  return (
    <li className="rounded-lg border border-border" data-quote={q.companyName}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <p className="break-words font-medium text-foreground">{q.companyName}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="neutral">{t(`comparison.scope.${q.scope}`)}</Badge>
            <Badge variant={q.expired ? "neutral" : statusVariant[q.status]} dot>
              {q.expired ? t("comparison.expired", { date: formatDate(q.validUntil) }) : t(`comparison.status.${q.status}`)}
            </Badge>
            {q.status === "OPEN" && !q.expired ? <span className="text-xs text-muted-foreground">{t("comparison.validUntil", { date: formatDate(q.validUntil) })}</span> : null}
          </div>
        </div>
        <p className="text-lg font-semibold tabular-nums text-foreground">{formatMajorMoney(q.amount, q.currency)}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
            {t("comparison.details")}
            <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          </Button>
          {bookable ? (
            <Button type="button" size="sm" busy={busy} onClick={onBook} aria-label={`${t("comparison.book")} ${q.companyName}`}>
              {busy ? t("comparison.booking") : t("comparison.book")}
            </Button>
          ) : null}
        </div>
      </div>
      <div id={detailsId} hidden={!open} className="border-t border-border px-4 py-3 text-sm">
        <p className="whitespace-pre-line break-words text-foreground">{q.details || t("comparison.noDetails")}</p>
        {q.location ? <p className="mt-1 text-muted-foreground">{t("comparison.location", { location: q.location })}</p> : null}
      </div>
    </li>
  );
}

function Locations({ id, quotes }: { id: string; quotes: TQuote[] }) {
  const { t } = useTranslation();
  return (
    <Card id={id} className="min-w-0" data-testid="quote-locations">
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>{t("comparison.locationsTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {quotes.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="break-words font-medium text-foreground">{q.companyName}</span>
                  <span className="break-words text-muted-foreground">{q.location ?? t("comparison.noLocation")}</span>
                </span>
                {q.latitude !== null && q.longitude !== null ? (
                  <a
                    className="inline-flex items-center gap-1 rounded text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    href={`https://www.openstreetmap.org/?mlat=${q.latitude}&mlon=${q.longitude}#map=15/${q.latitude}/${q.longitude}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("comparison.openMap", { company: q.companyName })}
                  >
                    <span className="tabular-nums">
                      {q.latitude.toFixed(4)}, {q.longitude.toFixed(4)}
                    </span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </section>
    </Card>
  );
}
