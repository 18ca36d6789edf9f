import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TTagTargetsResponse } from "../../../domain/manager/tags/schemas.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Outcome = { kind: "success" | "destructive"; text: string } | null;
type Status = "ACTIVE" | "INACTIVE";

/**
 * /admin/tags/manage (part 2 §2 "Admin tags page: group and tag selection, associate or disassociate"):
 * choose a group and a tag, associate it (with a status) or disassociate it; then give the group's tags
 * to its policies and managers. Loading, empty and error states with the spec's §8 texts.
 */
export function TagsManagePage({ group, onGroupChange }: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const rows = (groups.data ?? []).filter((g) => g.status === "ACTIVE" || g.name === group);
  return (
    <div>
      <PageHeader title={t("tagsAdmin.title")} description={t("tagsAdmin.description")} />
      <GroupSelect id={id} label={t("tagsAdmin.group")} chooseLabel={t("tagsAdmin.chooseGroup")} groups={groups} rows={rows} value={group} onChange={onGroupChange} className="mb-6 max-w-sm" />
      {group ? <GroupTags key={group} group={group} /> : <EmptyState title={t("tagsAdmin.chooseGroupFirst")} />}
    </div>
  );
}

function GroupTags({ group }: { group: string }) {
  const { t } = useTranslation();
  const catalogue = useQuery(trpc.tags.all.queryOptions());
  const targetsOptions = trpc.tags.targets.queryOptions({ groupName: group });
  const targets = useQuery(targetsOptions);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: targetsOptions.queryKey });
  const failed = (error: unknown) => setOutcome({ kind: "destructive", text: errorText(error, t("error.generic")) });
  const save = useMutation(
    trpc.tags.saveAssociation.mutationOptions({
      onSuccess: (r) => r.association && setOutcome({ kind: "success", text: t("tagsAdmin.saved", { tag: r.association.tagName, status: t(`tagsAdmin.status.${r.association.status}`) }) }),
      onError: failed,
      onSettled: refresh,
    }),
  );
  const drop = useMutation(trpc.tags.dropAssociation.mutationOptions({ onError: failed, onSettled: refresh }));
  const syncPolicy = useMutation(trpc.tags.syncPolicyAllocation.mutationOptions({ onError: failed, onSettled: refresh }));
  const syncUser = useMutation(trpc.tags.syncUserAllocation.mutationOptions({ onError: failed, onSettled: refresh }));
  const busy = save.isPending || drop.isPending || syncPolicy.isPending || syncUser.isPending;

  if (targets.isPending || catalogue.isPending) return <LoadingRows rows={4} />;
  if (targets.isError || catalogue.isError || !targets.data || !catalogue.data) {
    return <ErrorState message={t("tagsAdmin.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void Promise.all([targets.refetch(), catalogue.refetch()])} />;
  }
  const data = targets.data;
  const names = new Map(data.associations.map((a) => [a.tagId, a.tagName]));

  return (
    <div className="flex flex-col gap-6">
      <div role="status" aria-live="polite" className="empty:hidden">
        {outcome ? <Alert variant={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      <AssociateForm
        tags={catalogue.data.tags}
        groupId={data.groupId}
        busy={busy}
        onSave={(tagId, status) => save.mutate({ tagId, groupId: data.groupId, status })}
      />
      <Card className="min-w-0 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">{t("tagsAdmin.associated")}</h2>
        {data.associations.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("tagsAdmin.noneAvailable")}</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t("tagsAdmin.associated")}>
            {data.associations.map((a) => (
              <AssociationRow
                key={a.tagId}
                tagName={a.tagName}
                status={a.status}
                busy={busy}
                onStatus={(status) => save.mutate({ tagId: a.tagId, groupId: data.groupId, status })}
                onDrop={() =>
                  drop.mutate(
                    { tagId: a.tagId, groupId: data.groupId },
                    { onSuccess: () => setOutcome({ kind: "success", text: t("tagsAdmin.dropped", { tag: a.tagName }) }) },
                  )
                }
              />
            ))}
          </ul>
        )}
      </Card>
      <Allocations
        title={t("tagsAdmin.policies")}
        empty={t("tagsAdmin.noPolicies")}
        data={data}
        items={data.policies.map((p) => ({ key: `p${p.id}`, name: p.name, detail: null, tagIds: p.tagIds, save: (tagIds: number[]) => syncPolicy.mutateAsync({ policyId: p.id, tagIds }) }))}
        names={names}
        busy={busy}
        onSaved={(name) => setOutcome({ kind: "success", text: t("tagsAdmin.allocationSaved", { name }) })}
      />
      <Allocations
        title={t("tagsAdmin.managers")}
        empty={t("tagsAdmin.noManagers")}
        data={data}
        items={data.managers.map((m) => ({ key: `u${m.userId}`, name: m.name, detail: m.email, tagIds: m.tagIds, save: (tagIds: number[]) => syncUser.mutateAsync({ userId: m.userId, tagIds }) }))}
        names={names}
        busy={busy}
        onSaved={(name) => setOutcome({ kind: "success", text: t("tagsAdmin.allocationSaved", { name }) })}
      />
    </div>
  );
}

function AssociateForm({ tags, busy, onSave }: { tags: { tagId: number; tagName: string }[]; groupId: number; busy: boolean; onSave: (tagId: number, status: Status) => void }) {
  const { t } = useTranslation();
  const tagId = useId();
  const statusId = useId();
  const [tag, setTag] = useState("");
  const [status, setStatus] = useState<Status>("ACTIVE");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tag) onSave(Number(tag), status);
  };
  if (tags.length === 0) return <Alert>{t("tagsAdmin.noCatalogue")}</Alert>;
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-2">
          <Label htmlFor={tagId}>{t("tagsAdmin.tag")}</Label>
          <NativeSelect id={tagId} value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">{t("tagsAdmin.chooseTag")}</option>
            {tags.map((x) => (
              <option key={x.tagId} value={x.tagId}>
                {x.tagName}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 basis-40 flex-col gap-2">
          <Label htmlFor={statusId}>{t("tagsAdmin.status")}</Label>
          <NativeSelect id={statusId} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            <option value="ACTIVE">{t("tagsAdmin.status.ACTIVE")}</option>
            <option value="INACTIVE">{t("tagsAdmin.status.INACTIVE")}</option>
          </NativeSelect>
        </div>
        <Button type="submit" disabled={busy || !tag}>
          {t("tagsAdmin.associate")}
        </Button>
      </form>
    </Card>
  );
}

function AssociationRow({ tagName, status, busy, onStatus, onDrop }: { tagName: string; status: Status; busy: boolean; onStatus: (s: Status) => void; onDrop: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const selectId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="tag-association">
      <span className="min-w-0 flex-1 break-words font-medium">{tagName}</span>
      <Badge variant={status === "ACTIVE" ? "success" : "neutral"}>{t(`tagsAdmin.status.${status}`)}</Badge>
      <Label htmlFor={selectId} className="sr-only">
        {`${t("tagsAdmin.status")}: ${tagName}`}
      </Label>
      <NativeSelect id={selectId} className="w-36" value={status} disabled={busy} onChange={(e) => onStatus(e.target.value as Status)}>
        <option value="ACTIVE">{t("tagsAdmin.status.ACTIVE")}</option>
        <option value="INACTIVE">{t("tagsAdmin.status.INACTIVE")}</option>
      </NativeSelect>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking(true)} aria-label={`${t("tagsAdmin.disassociate")} ${tagName}`}>
        {t("tagsAdmin.disassociate")}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("tagsAdmin.dropConfirmTitle", { tag: tagName })}
        description={t("tagsAdmin.dropConfirmBody")}
        confirmLabel={t("tagsAdmin.disassociate")}
        cancelLabel={t("tagsAdmin.cancel")}
        destructive
        onConfirm={onDrop}
      />
    </li>
  );
}

type AllocationItem = { key: string; name: string; detail: string | null; tagIds: number[]; save: (tagIds: number[]) => Promise<unknown> };

function Allocations({
  title,
  empty,
  data,
  items,
  names,
  busy,
  onSaved,
}: {
  title: string;
  empty: string;
  data: TTagTargetsResponse;
  items: AllocationItem[];
  names: Map<number, string>;
  busy: boolean;
  onSaved: (name: string) => void;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" aria-label={title}>
          {items.map((item) => (
            <AllocationRow key={item.key} item={item} data={data} names={names} busy={busy} onSaved={onSaved} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AllocationRow({ item, data, names, busy, onSaved }: { item: AllocationItem; data: TTagTargetsResponse; names: Map<number, string>; busy: boolean; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const held = new Set(item.tagIds);
  // Tags one may choose: the group's active ones, plus inactive ones already held (kept until removed).
  const choices = data.associations.filter((a) => a.status === "ACTIVE" || held.has(a.tagId));
  const toggle = (tagId: number, on: boolean) => {
    const next = on ? [...item.tagIds, tagId] : item.tagIds.filter((x) => x !== tagId);
    void item.save(next).then(() => onSaved(item.name), () => undefined);
  };
  return (
    <li className="rounded-lg border border-border p-3" data-testid="tag-allocation">
      <fieldset>
        <legend className="font-medium">
          {t("tagsAdmin.tagsOf", { name: item.name })}
          {item.detail ? <span className="ml-2 break-all text-sm font-normal text-muted-foreground">{item.detail}</span> : null}
        </legend>
        {choices.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("tagsAdmin.noneAvailable")}</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {choices.map((a) => {
              const id = `${item.key}-tag-${a.tagId}`;
              return (
                <label key={a.tagId} htmlFor={id} className="flex items-center gap-2 text-sm">
                  <input id={id} type="checkbox" className="size-4 accent-[var(--color-primary)]" checked={held.has(a.tagId)} disabled={busy} onChange={(e) => toggle(a.tagId, e.target.checked)} />
                  {names.get(a.tagId) ?? a.tagName}
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
    </li>
  );
}
