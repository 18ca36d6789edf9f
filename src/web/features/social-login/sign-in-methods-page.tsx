/**
 * /user/sign-in-methods — the signed-in employee's or supplier's social sign-in accounts (issue 23 item
 * 18): each provider they may use, linked (with the service's address) or not; Link sends them to the
 * provider (socialLogin.startLink) and the callback brings them back here with `linked` or `socialError`;
 * Unlink removes the link (socialLogin.unlink).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { socialLoginErrorText } from "../../../domain/identity/social-login/messages.ts";
import type { TSocialMethodsResponse } from "../../../domain/identity/social-login/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Provider = TSocialMethodsResponse["providers"][number];

export function SignInMethodsPage({ linked, socialError }: { linked?: string; socialError?: string }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.socialLogin.methods.queryOptions(), retry: false });
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(() => {
    const error = socialLoginErrorText(socialError);
    if (error) return { kind: "error", text: error };
    return linked ? { kind: "success", text: t("socialLogin.linked") } : null;
  });

  return (
    <div data-testid="sign-in-methods-page">
      <PageHeader title={t("socialLogin.title")} description={t("socialLogin.intro")} />
      {notice ? (
        <Alert
          variant={notice.kind === "error" ? "destructive" : "success"}
          role={notice.kind === "error" ? "alert" : "status"}
          className="mb-6"
          data-testid="sign-in-methods-notice"
        >
          {notice.text}
        </Alert>
      ) : null}
      <Card>
        {query.isPending ? (
          <LoadingRows rows={2} />
        ) : query.isError ? (
          <ErrorState message={serverMessage(query.error) ?? t("socialLogin.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : query.data.providers.length === 0 ? (
          <EmptyState icon={KeyRound} title={t("socialLogin.none")} description={t("socialLogin.noneBody")} />
        ) : (
          <section aria-labelledby="sign-in-services">
            <h2 id="sign-in-services" className="sr-only">
              {t("socialLogin.servicesHeading")}
            </h2>
            <ul className="divide-y divide-border">
              {query.data.providers.map((provider) => (
                <ProviderRow key={provider.id} provider={provider} onNotice={setNotice} />
              ))}
            </ul>
          </section>
        )}
      </Card>
    </div>
  );
}

function ProviderRow({ provider, onNotice }: { provider: Provider; onNotice: (n: { kind: "success" | "error"; text: string } | null) => void }) {
  const { t } = useTranslation();
  const [redirecting, setRedirecting] = useState(false);
  const startLink = useMutation(trpc.socialLogin.startLink.mutationOptions());
  const unlink = useMutation(trpc.socialLogin.unlink.mutationOptions());
  const failed = (error: unknown) => onNotice({ kind: "error", text: serverMessage(error) ?? socialLoginErrorText("unexpected")! });

  const onLink = async () => {
    onNotice(null);
    try {
      const { redirectUrl } = await startLink.mutateAsync({ provider: provider.id });
      setRedirecting(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      failed(error);
    }
  };
  const onUnlink = async () => {
    onNotice(null);
    try {
      const result = await unlink.mutateAsync({ provider: provider.id });
      onNotice({ kind: "success", text: result.message });
    } catch (error) {
      failed(error);
    }
    await queryClient.invalidateQueries({ queryKey: trpc.socialLogin.methods.queryKey() });
  };

  return (
    <li className="flex flex-col gap-3 px-6 py-5 tablet:flex-row tablet:items-center tablet:justify-between" data-testid={`sign-in-method-${provider.id}`}>
      <div className="min-w-0">
        <p className="font-medium">{provider.name}</p>
        {provider.linked ? (
          <>
            <p className="truncate text-sm text-foreground">
              {provider.linked.email ? t("socialLogin.linkedTo", { email: provider.linked.email }) : t("socialLogin.linkedAccount")}
            </p>
            <p className="text-xs text-muted-foreground">
              {t("socialLogin.linkedOn", { date: formatDate(provider.linked.linkedAt) })}
              {provider.linked.lastLoginAt ? ` · ${t("socialLogin.lastUsed", { date: formatDate(provider.linked.lastLoginAt) })}` : ""}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("socialLogin.notLinked")}</p>
        )}
      </div>
      {provider.linked ? (
        <Button variant="outline" busy={unlink.isPending} onClick={() => void onUnlink()}>
          {t("socialLogin.unlink", { name: provider.name })}
        </Button>
      ) : (
        <Button busy={startLink.isPending || redirecting} onClick={() => void onLink()}>
          {redirecting ? t("socialLogin.redirecting", { name: provider.name }) : t("socialLogin.link", { name: provider.name })}
        </Button>
      )}
    </li>
  );
}
