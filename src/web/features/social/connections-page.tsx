/**
 * /connections — the people the employee follows who mention their destination (issue 14; part 2 §2
 * "connections page (/social/connections.json, /social/connection-count)"). The handle form links the
 * employee's account on the configured instance (social.link); the list comes from social.connections
 * (the same service as GET /social/connections.json). Not configured, no handle, no destination and a
 * failing provider each say so; nobody is ever made up.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ExternalLink, Users } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TSocialConnection, TSocialConnectionsResponse } from "../../../domain/employee/social/social.ts";
import { ZSocialHandle } from "../../../domain/employee/social/social.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

const placeOf = (d: TSocialConnectionsResponse["destination"]) => (d ? [d.city, d.country].filter(Boolean).join(", ") : "");

export function ConnectionsPage() {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.social.connections.queryOptions(), refetchOnWindowFocus: false, retry: false });
  return (
    <div data-testid="connections-page">
      <PageHeader title={t("social.title")} description={t("social.intro")} />
      {query.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={4} />
        </Card>
      ) : query.isError ? (
        <Card>
          <ErrorState message={serverMessage(query.error) ?? t("social.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <div className="grid min-w-0 items-start gap-6 desktop:grid-cols-3">
          {query.data.status === "NOT_CONFIGURED" ? null : <AccountCard view={query.data} />}
          <div className="min-w-0 desktop:col-span-2">
            <ConnectionsList view={query.data} onRetry={() => void query.refetch()} />
          </div>
        </div>
      )}
    </div>
  );
}

function AccountCard({ view }: { view: TSocialConnectionsResponse }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(view.handle === null);
  const [handle, setHandle] = useState(view.handle ?? "");
  const [error, setError] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.social.connections.queryKey() }), queryClient.invalidateQueries({ queryKey: trpc.social.connectionCount.queryKey() })]);
  const link = useMutation(
    trpc.social.link.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await refresh();
      },
      onError: (e) => setError(serverMessage(e) ?? t("social.loadFailed")),
    }),
  );
  const unlink = useMutation(
    trpc.social.unlink.mutationOptions({
      onSuccess: async () => {
        setHandle("");
        setEditing(true);
        await refresh();
      },
      onError: (e) => setError(serverMessage(e) ?? t("social.loadFailed")),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ZSocialHandle.safeParse(handle);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    link.mutate({ handle: parsed.data });
  };
  return (
    <Card className="min-w-0">
      <section aria-labelledby="social-account-title">
        <CardHeader>
          <CardTitle id="social-account-title">{t("social.accountTitle")}</CardTitle>
          {view.destination ? <CardDescription>{t("social.destination", { place: placeOf(view.destination) })}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!editing && view.handle ? (
            <>
              <p className="break-all text-sm text-foreground" data-testid="linked-handle">
                {t("social.linkedAs", { handle: view.handle })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={() => setEditing(true)}>
                  {t("social.change")}
                </Button>
                <Button type="button" variant="ghost" busy={unlink.isPending} onClick={() => unlink.mutate()}>
                  {t("social.unlink")}
                </Button>
              </div>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
              <FormField label={t("social.handle")} hint={t("social.handleHint")} error={error} required>
                {(field) => <Input {...field} value={handle} onChange={(e) => setHandle(e.target.value)} autoComplete="off" spellCheck={false} maxLength={300} />}
              </FormField>
              <div>
                <Button type="submit" busy={link.isPending}>
                  {link.isPending ? t("social.linking") : t("social.link")}
                </Button>
              </div>
            </form>
          )}
          {error && !editing ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
        </CardContent>
      </section>
    </Card>
  );
}

function ConnectionsList({ view, onRetry }: { view: TSocialConnectionsResponse; onRetry: () => void }) {
  const { t } = useTranslation();
  const place = placeOf(view.destination);
  const frame = (body: ReactNode) => (
    <Card className="min-w-0">
      <section aria-labelledby="social-list-title">
        <CardHeader>
          <CardTitle id="social-list-title">{place ? t("social.listTitle", { place }) : t("social.title")}</CardTitle>
        </CardHeader>
        {body}
      </section>
    </Card>
  );
  switch (view.status) {
    case "NOT_CONFIGURED":
    case "NO_DESTINATION":
    case "NO_HANDLE":
      return frame(<EmptyState headingLevel={3} icon={Users} title={view.message} />);
    case "UNAVAILABLE":
      return frame(<ErrorState message={view.message} retryLabel={t("app.retry")} onRetry={onRetry} />);
    case "OK":
      return frame(
        <CardContent className="flex flex-col gap-4">
          {view.truncated ? <Alert>{t("social.truncated")}</Alert> : null}
          {view.connections.length === 0 ? (
            <EmptyState headingLevel={3} icon={Users} title={t("social.none", { place })} className="py-8" />
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="connections">
              {view.connections.map((c) => (
                <ConnectionRow key={c.acct} connection={c} />
              ))}
            </ul>
          )}
        </CardContent>,
      );
  }
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter((p) => /\p{L}/u.test(p));
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

function ConnectionRow({ connection: c }: { connection: TSocialConnection }) {
  const { t } = useTranslation();
  return (
    <li className="flex min-w-0 items-start gap-3 px-4 py-3" data-acct={c.acct}>
      {/* Avatars live on the network's servers; the page shows initials instead of loading them. */}
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
        {initials(c.displayName)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 font-medium text-foreground">
          <span className="break-words">{c.displayName}</span>
          <span className="break-all text-sm font-normal text-muted-foreground">@{c.acct}</span>
        </p>
        <p className="break-words text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t("social.matchedIn", { where: c.matchedIn })}: </span>
          {c.matchedText}
        </p>
      </div>
      {c.url ? (
        <a href={c.url} target="_blank" rel="noopener noreferrer" className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-primary hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={t("social.profile", { name: c.displayName })}>
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      ) : null}
    </li>
  );
}
