/**
 * The currency widget (issue 14; part 1 §1, §3, §7, §9; part 2 §7): the user's currency, the
 * currencies displayed beside it with their rates (4 decimals from the server) and a way to change
 * both. Each change is stored through widgets.setCurrency (the same service as POST /user/currency),
 * so it survives reloads and follows the user to another browser.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Coins, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_DISPLAYED_CURRENCIES, type TCurrencyWidgetResponse } from "../../../domain/employee/widgets/currency.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { widgetTexts } from "./texts.ts";

export function CurrencyWidget() {
  const { t } = useTranslation();
  const texts = useQuery({ queryKey: ["texts", "widgets"], queryFn: () => widgetTexts.preload().then(() => true), staleTime: Infinity });
  const options = trpc.widgets.currency.queryOptions({});
  const query = useQuery({ ...options, refetchOnWindowFocus: false });
  const save = useMutation(
    trpc.widgets.setCurrency.mutationOptions({ onSuccess: (view) => queryClient.setQueryData(options.queryKey, view) }),
  );
  const ids = { yours: useId(), add: useId(), title: useId() };
  const [toAdd, setToAdd] = useState("");

  const failure = t("widgets.currency.failure", "We are experiencing an issue. Please contact customer support and our technical team will investigate.");
  const header = (
    <CardHeader>
      <CardTitle id={ids.title} as="h3" className="flex items-center gap-2">
        <Coins className="size-5 text-primary" aria-hidden="true" />
        {t("widgets.currency.title", "Currencies")}
      </CardTitle>
      <CardDescription>{t("widgets.currency.description", "Exchange rates from your currency, to 4 decimal places.")}</CardDescription>
    </CardHeader>
  );

  if (query.isPending || texts.isPending) {
    return (
      <Card aria-labelledby={ids.title} role="region">
        {header}
        <LoadingRows rows={3} />
      </Card>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Card aria-labelledby={ids.title} role="region">
        {header}
        <ErrorState message={errorText(query.error, failure)} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
      </Card>
    );
  }

  const view: TCurrencyWidgetResponse = query.data;
  const displayed = view.displayedCurrencies.map((c) => c.code);
  const addable = view.availableCurrencies.filter((c) => !displayed.includes(c.code));
  const full = displayed.length >= MAX_DISPLAYED_CURRENCIES;
  const store = (currency: string, list: string[]) => save.mutate({ currency, displayedCurrencies: list });

  if (view.availableCurrencies.length === 0) {
    return (
      <Card aria-labelledby={ids.title} role="region">
        {header}
        <EmptyState icon={Coins} headingLevel={3} title={t("widgets.currency.noRates", "No exchange rates are available yet.")} className="py-8" />
      </Card>
    );
  }

  return (
    <Card aria-labelledby={ids.title} role="region" aria-busy={save.isPending}>
      {header}
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.yours}>{t("widgets.currency.yours", "Your currency")}</Label>
          <NativeSelect
            id={ids.yours}
            value={view.userCurrency.code}
            disabled={save.isPending}
            onChange={(e) => store(e.target.value, displayed)}
          >
            {view.availableCurrencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} — {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>

        <div>
          <h4 className="mb-2 text-sm font-medium text-foreground">{t("widgets.currency.displayed", "Displayed currencies")}</h4>
          {view.displayedCurrencies.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("widgets.currency.none", "No other currencies are displayed. Add one below.")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t("widgets.currency.displayed", "Displayed currencies")}>
              {view.displayedCurrencies.map((c) => (
                <li key={c.code} className="flex items-center justify-between gap-2 px-3 py-2 text-sm" data-currency={c.code}>
                  <span className="min-w-0">
                    <span className="font-medium tabular-nums text-foreground">
                      {t("widgets.currency.rateLine", { from: view.userCurrency.code, rate: c.rate, to: c.code, defaultValue: "1 {{from}} = {{rate}} {{to}}" })}
                    </span>
                    <span className="block truncate text-muted-foreground">{c.name}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={save.isPending}
                    aria-label={t("widgets.currency.remove", { code: c.code, defaultValue: "Remove {{code}}" })}
                    onClick={() => store(view.userCurrency.code, displayed.filter((d) => d !== c.code))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!toAdd || full) return;
            store(view.userCurrency.code, [...displayed, toAdd]);
            setToAdd("");
          }}
        >
          <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1.5">
            <Label htmlFor={ids.add}>{t("widgets.currency.add", "Add a currency")}</Label>
            <NativeSelect id={ids.add} value={toAdd} disabled={full || save.isPending} onChange={(e) => setToAdd(e.target.value)}>
              <option value="">{t("widgets.currency.choose", "Choose…")}</option>
              {addable.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} — {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={!toAdd || full || save.isPending}>
            {t("widgets.currency.addButton", "Add")}
          </Button>
        </form>
        {full ? <p className="text-sm text-muted-foreground">{t("widgets.currency.max", { max: MAX_DISPLAYED_CURRENCIES, defaultValue: "At most {{max}} currencies can be displayed." })}</p> : null}

        {view.ratesSource ? (
          <p className="text-xs text-muted-foreground" data-testid="currency-rates-source">
            {view.ratesSource}
          </p>
        ) : null}
        {view.ratesMessage ? (
          <p className="text-sm text-muted-foreground" data-testid="currency-rates-message">
            {view.ratesMessage}
          </p>
        ) : null}
        <p role="status" className="min-h-5 text-sm text-muted-foreground">
          {save.isPending ? t("widgets.currency.saving", "Saving…") : save.isSuccess ? t("widgets.currency.saved", "Saved.") : ""}
        </p>
        {save.isError ? <Alert variant="destructive">{errorText(save.error, failure)}</Alert> : null}
      </CardContent>
    </Card>
  );
}
