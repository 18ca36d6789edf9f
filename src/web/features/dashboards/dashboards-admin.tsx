/**
 * The dashboards page's admin section (issue 26): a group's allowed dashboard sites and its dashboards.
 * A dashboard must be https on an allowed site (the server says why otherwise). A change of the allowed
 * sites changes the page's Content-Security-Policy, so the page loads itself again after one.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DASHBOARD_DESCRIPTION_MAX, DASHBOARD_TITLE_MAX, DASHBOARD_URL_MAX, dashboardMessages, type TDashboard } from "../../../domain/reporting/dashboards.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

const ZDashboardForm = z.object({
  title: z.string().trim().min(1, dashboardMessages.titleRequired).max(DASHBOARD_TITLE_MAX),
  url: z.string().trim().min(1, dashboardMessages.invalidUrl).max(DASHBOARD_URL_MAX).startsWith("https://", dashboardMessages.httpsOnly),
  description: z.string().trim().max(DASHBOARD_DESCRIPTION_MAX),
  isInitial: z.boolean(),
});
type DashboardForm = z.infer<typeof ZDashboardForm>;

export function DashboardsAdmin({ group }: { group: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const admin = useQuery(trpc.dashboards.admin.queryOptions({ group }));
  const [notice, setNotice] = useState("");
  const [origin, setOrigin] = useState("");
  const [removing, setRemoving] = useState<TDashboard | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.dashboards.admin.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.dashboards.list.pathKey() });
  };
  const form = useForm<DashboardForm>({ resolver: zodResolver(ZDashboardForm), defaultValues: { title: "", url: "", description: "", isInitial: false } });
  const save = useMutation({
    ...trpc.dashboards.save.mutationOptions(),
    onSuccess: () => {
      setNotice(t("dashboards.admin.saved"));
      form.reset();
      refresh();
    },
  });
  const remove = useMutation({ ...trpc.dashboards.remove.mutationOptions(), onSuccess: () => (setNotice(t("dashboards.admin.removed")), refresh()) });
  // The page's policy names the allowed sites: load the page again after a change.
  const addOrigin = useMutation({ ...trpc.dashboards.addOrigin.mutationOptions(), onSuccess: () => window.location.reload() });
  const removeOrigin = useMutation({ ...trpc.dashboards.removeOrigin.mutationOptions(), onSuccess: () => window.location.reload() });
  const failure = [save, remove, addOrigin, removeOrigin].find((m) => m.isError)?.error;
  const errors = form.formState.errors;

  return (
    <section aria-labelledby="dashboards-admin-title" className="mt-8">
      <Card>
        <CardHeader>
          <CardTitle id="dashboards-admin-title">{t("dashboards.admin.title")}</CardTitle>
          <CardDescription>{t("dashboards.admin.intro")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div>
            <h3 className="mb-2 font-medium">{t("dashboards.admin.origins")}</h3>
            {admin.data && admin.data.origins.length === 0 ? <p className="text-sm text-muted-foreground">{t("dashboards.admin.noOrigins")}</p> : null}
            <ul className="mb-3 flex flex-col gap-2">
              {(admin.data?.origins ?? []).map((o) => (
                <li key={o} className="flex flex-wrap items-center gap-2">
                  <code className="text-sm [overflow-wrap:anywhere]">{o}</code>
                  <Button size="sm" variant="outline" busy={removeOrigin.isPending && removeOrigin.variables?.origin === o} onClick={() => removeOrigin.mutate({ group, origin: o })}>
                    {t("dashboards.admin.removeOrigin", { origin: o })}
                  </Button>
                </li>
              ))}
            </ul>
            <form
              className="flex flex-col gap-2 tablet:flex-row tablet:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                addOrigin.mutate({ group, origin });
              }}
            >
              <FormField label={t("dashboards.admin.origin")} hint={t("dashboards.admin.originHint")} className="flex-1">
                {(field) => <Input type="url" autoComplete="off" spellCheck={false} value={origin} onChange={(e) => setOrigin(e.target.value)} {...field} />}
              </FormField>
              <Button type="submit" variant="outline" busy={addOrigin.isPending}>
                {t("dashboards.admin.addOrigin")}
              </Button>
            </form>
          </div>

          <div>
            <h3 className="mb-2 font-medium">{t("dashboards.list")}</h3>
            <ul className="mb-4 flex flex-col gap-2">
              {(admin.data?.dashboards ?? []).map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {d.title} <span className="text-sm text-muted-foreground">{d.url}</span>
                  </span>
                  <Button size="sm" variant="outline" onClick={() => setRemoving(d)}>
                    {t("dashboards.admin.remove", { title: d.title })}
                  </Button>
                </li>
              ))}
            </ul>
            <form noValidate onSubmit={(e) => void form.handleSubmit((v) => save.mutate({ group, ...v }))(e)} className="grid gap-3 tablet:grid-cols-2">
              <FormField label={t("dashboards.admin.dashboardTitle")} error={errors.title?.message} required>
                {(field) => <Input autoComplete="off" {...field} {...form.register("title")} />}
              </FormField>
              <FormField label={t("dashboards.admin.url")} error={errors.url?.message} required>
                {(field) => <Input type="url" autoComplete="off" spellCheck={false} {...field} {...form.register("url")} />}
              </FormField>
              <FormField label={t("dashboards.admin.description")} error={errors.description?.message} className="tablet:col-span-2">
                {(field) => <Textarea rows={2} {...field} {...form.register("description")} />}
              </FormField>
              <FormField label={t("dashboards.admin.isInitial")} layout="inline" className="tablet:col-span-2">
                {(field) => <input type="checkbox" className="size-4 accent-primary" {...field} {...form.register("isInitial")} />}
              </FormField>
              <div className="tablet:col-span-2">
                <Button type="submit" busy={save.isPending}>
                  {t("dashboards.admin.add")}
                </Button>
              </div>
            </form>
          </div>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {errorText(failure, t("dashboards.admin.failed"))}
            </p>
          ) : null}
          <p role="status" className="text-sm text-success-foreground">
            {notice}
          </p>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("dashboards.admin.removeTitle")}
        description={t("dashboards.admin.removeDescription", { title: removing?.title ?? "" })}
        confirmLabel={t("dashboards.admin.remove", { title: removing?.title ?? "" })}
        cancelLabel={t("dashboards.admin.cancel")}
        destructive
        onConfirm={() => removing && remove.mutate({ group, dashboardId: removing.id })}
      />
    </section>
  );
}
