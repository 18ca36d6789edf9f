import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ZSsoSettingsForm, type TSsoSettingsFormInput, type TSsoSettingsFormOutput, type TSsoSettingsResponse } from "../../../domain/identity/sso/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "error"; text: string } | null;

/** /admin/sso: choose a client group, then edit its OpenID Connect settings. */
export function AdminSsoPage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());

  return (
    <>
      <PageHeader title={t("sso.admin.title")} description={t("sso.admin.description")} />
      <QueryView
        query={groups}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState icon={KeyRound} headingLevel={2} title={t("sso.admin.noGroups")} />}
      >
        {(rows) => (
          <div className="flex flex-col gap-6">
            <div className="flex max-w-sm flex-col gap-2">
              <Label htmlFor="sso-group">{t("sso.admin.group")}</Label>
              <NativeSelect id="sso-group" value={group ?? ""} onChange={(e) => onGroupChange(e.target.value || undefined)}>
                <option value="">{t("sso.admin.chooseGroup")}</option>
                {rows.map((g) => (
                  <option key={g.id} value={g.name}>
                    {g.displayName}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {group ? <GroupSettings key={group} group={group} /> : <p className="text-sm text-muted-foreground">{t("sso.admin.chooseGroupHint")}</p>}
          </div>
        )}
      </QueryView>
    </>
  );
}

function GroupSettings({ group }: { group: string }) {
  const settings = useQuery(trpc.sso.getSettings.queryOptions({ group }));
  return <QueryView query={settings}>{(data) => <SettingsForm group={group} settings={data} />}</QueryView>;
}

function formValues(s: TSsoSettingsResponse): TSsoSettingsFormInput {
  return { issuerUrl: s.issuerUrl, clientId: s.clientId, clientSecret: "", allowedDomains: s.allowedDomains.join(", "), enabled: s.configured ? s.enabled : true };
}

function SettingsForm({ group, settings }: { group: string; settings: TSsoSettingsResponse }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<TSsoSettingsFormInput, unknown, TSsoSettingsFormOutput>({ resolver: zodResolver(ZSsoSettingsForm), defaultValues: formValues(settings) });
  useEffect(() => form.reset(formValues(settings)), [settings, form]);
  const save = useMutation(
    trpc.sso.saveSettings.mutationOptions({
      onSuccess: (result) => {
        setOutcome({ kind: "success", text: result.message });
        queryClient.setQueryData(trpc.sso.getSettings.queryKey({ group }), result.settings);
      },
      onError: (error) => {
        const fields = (error as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
        for (const [name, message] of Object.entries(fields)) {
          if (name in formValues(settings)) form.setError(name as keyof TSsoSettingsFormInput, { message });
        }
        setOutcome({ kind: "error", text: errorText(error, t("error.generic")) });
      },
    }),
  );
  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    save.mutate({ group, ...values, allowedDomains: values.allowedDomains });
  });
  const errors = form.formState.errors;
  const redirectUri = `${window.location.origin}/sso/callback`;
  const field = (name: keyof TSsoSettingsFormInput) => ({
    id: `sso-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [errors[name] ? `sso-${name}-error` : null, `sso-${name}-hint`].filter(Boolean).join(" ") || undefined,
  });

  return (
    <Card>
      <CardHeader className="border-b border-border pb-5">
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle id="sso-settings-title">{t("sso.admin.settingsFor", { group: settings.group.displayName })}</CardTitle>
          {settings.configured ? (
            <Badge variant={settings.enabled ? "success" : "neutral"}>{settings.enabled ? t("sso.admin.statusOn") : t("sso.admin.statusOff")}</Badge>
          ) : (
            <Badge variant="neutral">{t("sso.admin.notConfigured")}</Badge>
          )}
        </div>
        {settings.updatedAt ? (
          <CardDescription>{t("sso.admin.lastChanged", { date: formatDateTime(settings.updatedAt) })}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="pt-6">
        <form noValidate onSubmit={submit} aria-labelledby="sso-settings-title" className="flex max-w-2xl flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor="sso-issuerUrl">{t("sso.admin.issuerUrl")}</Label>
            <Input type="url" autoComplete="off" spellCheck={false} {...field("issuerUrl")} {...form.register("issuerUrl")} />
            <p id="sso-issuerUrl-hint" className="text-[13px] text-muted-foreground">{t("sso.admin.issuerUrlHint")}</p>
            <FieldError id="sso-issuerUrl-error">{errors.issuerUrl?.message}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="sso-clientId">{t("sso.admin.clientId")}</Label>
            <Input autoComplete="off" spellCheck={false} {...field("clientId")} {...form.register("clientId")} />
            <span id="sso-clientId-hint" hidden />
            <FieldError id="sso-clientId-error">{errors.clientId?.message}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="sso-clientSecret">{t("sso.admin.clientSecret")}</Label>
            <Input type="password" autoComplete="new-password" {...field("clientSecret")} {...form.register("clientSecret")} />
            <p id="sso-clientSecret-hint" className="text-[13px] text-muted-foreground" data-testid="sso-secret-state">
              {settings.hasClientSecret ? t("sso.admin.clientSecretKept") : t("sso.admin.clientSecretMissing")}
            </p>
            <FieldError id="sso-clientSecret-error">{errors.clientSecret?.message}</FieldError>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="sso-allowedDomains">{t("sso.admin.allowedDomains")}</Label>
            <Input autoComplete="off" spellCheck={false} {...field("allowedDomains")} {...form.register("allowedDomains")} />
            <p id="sso-allowedDomains-hint" className="text-[13px] text-muted-foreground">{t("sso.admin.allowedDomainsHint")}</p>
            <FieldError id="sso-allowedDomains-error">{errors.allowedDomains?.message}</FieldError>
          </div>
          <div className="flex items-center gap-3">
            <input id="sso-enabled" type="checkbox" className="size-4 accent-primary" {...form.register("enabled")} />
            <Label htmlFor="sso-enabled">{t("sso.admin.enabled")}</Label>
          </div>
          <div className="flex flex-col gap-1 rounded-lg border border-border bg-surface px-4 py-3">
            <p className="text-xs text-muted-foreground">{t("sso.admin.redirectUri")}</p>
            <code className="break-all text-sm" data-testid="sso-redirect-uri">{redirectUri}</code>
          </div>
          <div aria-live="polite" className="empty:hidden">
            {outcome ? (
              <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"}>
                {outcome.text}
              </Alert>
            ) : null}
          </div>
          <Button type="submit" className="self-start" busy={save.isPending}>
            {save.isPending ? t("sso.admin.saving") : t("sso.admin.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
