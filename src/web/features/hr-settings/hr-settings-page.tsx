import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TExtensionReason, TExtensionReasonsView } from "../../../domain/admin/hr-settings/schemas.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "destructive"; text: string } | null;

/**
 * /admin/hr-settings: a group's extension reasons (part 2 §3, §5, §8) — add, rename, remove, choose the
 * default, and the switch that makes HR give a reason for every extension. Only this part of HR settings
 * is built here (function configuration, tiles and whitelisted domains come later).
 */
export function HrSettingsPage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const rows = (groups.data ?? []).filter((g) => g.status === "ACTIVE" || g.name === group);
  return (
    <div>
      <PageHeader title={t("hrSettings.title")} description={t("hrSettings.description")} />
      <GroupSelect id={id} label={t("hrSettings.group")} chooseLabel={t("hrSettings.chooseGroup")} groups={groups} rows={rows} value={group} onChange={onGroupChange} className="mb-6 max-w-sm" />
      {group ? <ExtensionReasons key={group} group={group} /> : <EmptyState title={t("hrSettings.chooseGroupFirst")} />}
    </div>
  );
}

function ExtensionReasons({ group }: { group: string }) {
  const { t } = useTranslation();
  const queryOptions = trpc.hrSettings.extensionReasons.queryOptions({ group });
  const view = useQuery(queryOptions);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const options = {
    onSuccess: (data: TExtensionReasonsView) => {
      queryClient.setQueryData(queryOptions.queryKey, data);
      setOutcome({ kind: "success", text: t("hrSettings.saved") });
    },
    onError: (error: unknown) => setOutcome({ kind: "destructive", text: errorText(error, t("error.generic")) }),
  };
  const add = useMutation(trpc.hrSettings.addReason.mutationOptions(options));
  const rename = useMutation(trpc.hrSettings.renameReason.mutationOptions(options));
  const remove = useMutation(trpc.hrSettings.removeReason.mutationOptions(options));
  const setDefault = useMutation(trpc.hrSettings.setDefaultReason.mutationOptions(options));
  const setEnabled = useMutation(trpc.hrSettings.setExtensionReasonEnabled.mutationOptions(options));
  const busy = add.isPending || rename.isPending || remove.isPending || setDefault.isPending || setEnabled.isPending;

  if (view.isPending) return <LoadingRows rows={3} />;
  if (view.isError || !view.data) return <ErrorState message={t("hrSettings.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void view.refetch()} />;
  const data = view.data;
  const switchId = `hr-settings-enable-${group}`;

  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t("hrSettings.reasons")}</h2>
      <div className="mt-4 flex items-start gap-3">
        <Switch id={switchId} checked={data.enabled} disabled={busy} aria-describedby={`${switchId}-help`} onCheckedChange={(checked) => setEnabled.mutate({ group, enabled: checked })} />
        <div>
          <Label htmlFor={switchId}>{t("hrSettings.enable")}</Label>
          <p id={`${switchId}-help`} className="text-sm text-muted-foreground">
            {t("hrSettings.enableHelp")}
          </p>
        </div>
      </div>
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {outcome ? <Alert variant={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      {data.reasons.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t("hrSettings.noReasons")}</p>
      ) : (
        <ul aria-label={t("hrSettings.reasons")} className="mt-4 flex flex-col divide-y divide-border rounded-lg border border-border">
          {data.reasons.map((reason) => (
            <ReasonRow
              key={reason.id}
              reason={reason}
              busy={busy}
              onDefault={() => setDefault.mutate({ group, reasonId: reason.id })}
              onRename={(optionValue) => rename.mutateAsync({ group, reasonId: reason.id, optionValue })}
              onRemove={() => remove.mutate({ group, reasonId: reason.id })}
            />
          ))}
        </ul>
      )}
      <AddReason busy={busy} onAdd={(optionValue) => add.mutateAsync({ group, optionValue })} onBlank={() => setOutcome({ kind: "destructive", text: t("hrSettings.blank") })} />
    </Card>
  );
}

function ReasonRow({
  reason,
  busy,
  onDefault,
  onRename,
  onRemove,
}: {
  reason: TExtensionReason;
  busy: boolean;
  onDefault: () => void;
  onRename: (value: string) => Promise<unknown>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(reason.optionValue);
  const inputId = `reason-${reason.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onRename(value).then(() => setEditing(false), () => undefined);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="extension-reason">
      <input
        type="radio"
        name="default-extension-reason"
        className="size-4 accent-[var(--color-primary)]"
        checked={reason.defaultValue}
        disabled={busy}
        aria-label={t("hrSettings.makeDefault", { reason: reason.optionValue })}
        onChange={onDefault}
      />
      {editing ? (
        <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <Label htmlFor={inputId} className="sr-only">
            {t("hrSettings.renameReason", { reason: reason.optionValue })}
          </Label>
          <Input id={inputId} value={value} maxLength={200} autoFocus onChange={(e) => setValue(e.target.value)} className="min-w-0 flex-1 basis-40" />
          <Button type="submit" size="sm" disabled={busy}>
            {t("hrSettings.save")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => (setEditing(false), setValue(reason.optionValue))}>
            {t("hrSettings.cancel")}
          </Button>
        </form>
      ) : (
        <>
          <span className="min-w-0 flex-1 break-words [overflow-wrap:anywhere]">{reason.optionValue}</span>
          {reason.defaultValue ? <Badge variant="neutral">{t("hrSettings.default")}</Badge> : null}
          <Button size="sm" variant="outline" disabled={busy} aria-label={t("hrSettings.renameReason", { reason: reason.optionValue })} onClick={() => setEditing(true)}>
            {t("hrSettings.rename")}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} aria-label={t("hrSettings.removeReason", { reason: reason.optionValue })} onClick={onRemove}>
            {t("hrSettings.remove")}
          </Button>
        </>
      )}
    </li>
  );
}

function AddReason({ busy, onAdd, onBlank }: { busy: boolean; onAdd: (value: string) => Promise<unknown>; onBlank: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim() === "") return onBlank();
    void onAdd(value).then(() => setValue(""), () => undefined);
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-2">
        <Label htmlFor={id}>{t("hrSettings.newReason")}</Label>
        <Input id={id} value={value} maxLength={200} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button type="submit" disabled={busy}>
        {t("hrSettings.add")}
      </Button>
    </form>
  );
}
