/**
 * Notification settings (issue 24 §3 "Each user chooses e-mail per kind on their account page"): one
 * switch per kind; every notification still shows in the app. A section any account page can mount
 * (`NotificationSettingsSection`) and its own page at /notifications/settings.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useRefreshNotifications } from "./use-notifications.ts";

export function NotificationSettingsSection({ headingLevel = "h2", title }: { headingLevel?: "h2" | "h3"; title?: string }) {
  const { t } = useTranslation();
  const prefs = useQuery(trpc.notifications.preferences.queryOptions());
  const refresh = useRefreshNotifications();
  const save = useMutation({ ...trpc.notifications.setPreference.mutationOptions(), onSuccess: () => void refresh() });
  const baseId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel}>{title ?? t("notifications.settings.title")}</CardTitle>
        <CardDescription>{t("notifications.settings.intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <LoadingRows rows={4} />
        ) : prefs.isError ? (
          <ErrorState message={t("notifications.error")} retryLabel={t("notifications.retry")} onRetry={() => void prefs.refetch()} />
        ) : (
          <ul className="divide-y divide-border">
            {prefs.data.email.map((p) => {
              const id = `${baseId}-${p.kind}`;
              const pending = save.isPending && save.variables?.kind === p.kind;
              const shown = pending ? save.variables!.email : p.email;
              return (
                <li key={p.kind} className="flex items-center justify-between gap-4 py-3">
                  <label htmlFor={id} className="min-w-0 text-sm text-foreground [overflow-wrap:anywhere]">
                    {t(`notifications.kind.${p.kind}`)}
                  </label>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-muted-foreground">
                    <span aria-hidden="true">{t("notifications.settings.email")}</span>
                    <Switch id={id} checked={shown} disabled={pending} aria-label={`${t(`notifications.kind.${p.kind}`)}: ${t("notifications.settings.email")}`} onCheckedChange={(email) => save.mutate({ kind: p.kind, email })} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {save.isError ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {t("notifications.settings.failed")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader eyebrow={t("notifications.title")} title={t("notifications.settings.title")} />
      <NotificationSettingsSection headingLevel="h2" title={t("notifications.settings.emailTitle")} />
    </div>
  );
}
