/**
 * The report unsubscribe page (issue 26; part 2 §2 "Report unsubscribe page: radio choice of all reports or one
 * report, with a token shown on the page"; §8 "Unsubscribe: success 'You have now unsubscribed from all reports /
 * the report'; failure 'Unable to unsubsubscribe.' plus generic"). Public: the link's signed token is the
 * authority. Opening the page changes nothing; unsubscribing is the form's POST.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export function UnsubscribePage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const info = useQuery({ ...trpc.reportReminders.unsubscribeInfo.queryOptions({ tokenKey: token ?? "" }), enabled: !!token });
  const [choice, setChoice] = useState<"one" | "all" | null>(null);
  const unsubscribe = useMutation(trpc.reportReminders.unsubscribe.mutationOptions());
  const hasReport = !!info.data?.reportId;
  const selected = choice ?? (hasReport ? "one" : "all");
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!token) return;
    unsubscribe.mutate({ tokenKey: token, fromAllReports: selected === "all", reportId: selected === "one" ? (info.data?.reportId ?? undefined) : undefined });
  };
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 tablet:px-8">
      <div className="w-full min-w-0 max-w-[640px]">
        <Card>
          <CardHeader>
            <h1 className="text-lg font-semibold leading-tight tracking-tight">{t("unsubscribe.title")}</h1>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {!token || (info.data && !info.data.valid) ? (
              <Alert variant="destructive" role="alert">
                {t("unsubscribe.invalid")}
              </Alert>
            ) : info.isPending ? (
              <div>
                <p className="sr-only" role="status">
                  {t("unsubscribe.loading")}
                </p>
                <LoadingRows rows={2} />
              </div>
            ) : info.isError ? (
              <Alert variant="destructive" role="alert">
                {t("unsubscribe.failed")} {errorText(info.error, t("reminders.genericFailure"))}
              </Alert>
            ) : unsubscribe.data?.success ? (
              <Alert variant="success" role="status">
                {unsubscribe.data.resultMessage}
              </Alert>
            ) : (
              <form method="post" action="/unsubscribe/reporting" onSubmit={onSubmit} className="flex flex-col gap-4">
                <p>{t("unsubscribe.intro")}</p>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">{t("unsubscribe.token")}</span>
                  <code data-testid="unsubscribe-token" className="block rounded-md border border-border bg-muted p-2 text-xs [overflow-wrap:anywhere]">
                    {token}
                  </code>
                </div>
                <input type="hidden" name="tokenKey" value={token} />
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">{t("unsubscribe.choice")}</legend>
                  {hasReport ? (
                    <label className="flex items-center gap-2">
                      <input type="radio" name="fromAllReports" value="false" checked={selected === "one"} onChange={() => setChoice("one")} className="size-4" />
                      <span>{t("unsubscribe.oneReport", { name: info.data.reportName ?? "" })}</span>
                    </label>
                  ) : null}
                  <label className="flex items-center gap-2">
                    <input type="radio" name="fromAllReports" value="true" checked={selected === "all"} onChange={() => setChoice("all")} className="size-4" />
                    <span>{t("unsubscribe.allReports")}</span>
                  </label>
                </fieldset>
                {unsubscribe.isError ? (
                  <Alert variant="destructive" role="alert">
                    {errorText(unsubscribe.error, t("unsubscribe.failed"))}
                  </Alert>
                ) : null}
                <div>
                  <Button type="submit" disabled={unsubscribe.isPending}>
                    {unsubscribe.isPending ? t("unsubscribe.submitting") : t("unsubscribe.submit")}
                  </Button>
                </div>
              </form>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
