/**
 * The reminders admin table (issue 26; part 2 §2 "Reminders admin table (get-reminders)"): CRM agents and
 * admins. The filters live in the URL (?userId&moveId as get-reminders takes them, owner, status, dueFrom,
 * dueTo, page); each reminder can be sent now or deleted, after a confirmation; failures show §8's texts.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CRM_REMINDER_STATUSES, type CrmReminderStatus, type TCrmReminder } from "../../../domain/crm/reminders.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { ReminderForm } from "./reminder-form.tsx";

export type CrmRemindersSearch = {
  userId?: number;
  moveId?: number;
  owner?: number;
  status?: CrmReminderStatus;
  dueFrom?: string;
  dueTo?: string;
  page?: number;
};

const STATUS_BADGE = { OPEN: "info", SENT: "success", DELETED: "neutral" } as const;

function ReminderActions({ row, onDone }: { row: TCrmReminder; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<"send" | "delete" | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.crmReminders.list.pathKey() });
  const send = useMutation({ ...trpc.crmReminders.send.mutationOptions(), onSuccess: () => onDone(t("crmReminders.sent")), onSettled: refresh });
  const remove = useMutation({ ...trpc.crmReminders.delete.mutationOptions(), onSuccess: () => onDone(t("crmReminders.deleted")), onSettled: refresh });
  if (row.status === "DELETED") return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-2">
        {row.status === "OPEN" ? (
          <Button size="sm" onClick={() => setConfirm("send")} busy={send.isPending}>
            {t("crmReminders.send")}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setConfirm("delete")} busy={remove.isPending}>
          {t("crmReminders.delete")}
        </Button>
      </div>
      {send.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(send.error, t("crmReminders.sendFailed"))}
        </p>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(remove.error, t("crmReminders.deleteFailed"))}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm === "send"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("crmReminders.sendTitle")}
        description={t("crmReminders.sendDescription", { owner: row.ownerName, employee: row.employeeName })}
        confirmLabel={t("crmReminders.send")}
        cancelLabel={t("crmReminders.cancel")}
        onConfirm={() => send.mutate({ id: row.id })}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("crmReminders.deleteTitle")}
        description={t("crmReminders.deleteDescription", { employee: row.employeeName })}
        confirmLabel={t("crmReminders.delete")}
        cancelLabel={t("crmReminders.cancel")}
        destructive
        onConfirm={() => remove.mutate({ id: row.id })}
      />
    </div>
  );
}

function Filters({ search, owners, onChange }: { search: CrmRemindersSearch; owners: { id: number; name: string }[]; onChange: (next: CrmRemindersSearch) => void }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (/^\d{1,9}$/.test(String(f.get(k) ?? "")) ? Number(f.get(k)) : undefined);
    const day = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(String(f.get(k) ?? "")) ? String(f.get(k)) : undefined);
    const status = String(f.get("status") ?? "");
    onChange({
      userId: num("userId"),
      moveId: num("moveId"),
      owner: num("owner"),
      status: (CRM_REMINDER_STATUSES as readonly string[]).includes(status) ? (status as CrmReminderStatus) : undefined,
      dueFrom: day("dueFrom"),
      dueTo: day("dueTo"),
    });
  };
  return (
    <Card className="mb-6">
      <CardContent className="py-4">
        <form aria-label={t("crmReminders.filters")} onSubmit={submit} key={JSON.stringify(search)} className="grid gap-3 tablet:grid-cols-3 desktop:grid-cols-6">
          <FormField label={t("crmReminders.filter.employee")}>{(field) => <Input name="userId" inputMode="numeric" defaultValue={search.userId ?? ""} {...field} />}</FormField>
          <FormField label={t("crmReminders.filter.move")}>{(field) => <Input name="moveId" inputMode="numeric" defaultValue={search.moveId ?? ""} {...field} />}</FormField>
          <FormField label={t("crmReminders.filter.owner")}>
            {(field) => (
              <NativeSelect name="owner" defaultValue={search.owner ?? ""} {...field}>
                <option value="">{t("crmReminders.filter.any")}</option>
                {owners.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("crmReminders.filter.status")}>
            {(field) => (
              <NativeSelect name="status" defaultValue={search.status ?? ""} {...field}>
                <option value="">{t("crmReminders.filter.any")}</option>
                {CRM_REMINDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`crmReminders.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("crmReminders.filter.dueFrom")}>{(field) => <Input type="date" name="dueFrom" defaultValue={search.dueFrom ?? ""} {...field} />}</FormField>
          <FormField label={t("crmReminders.filter.dueTo")}>{(field) => <Input type="date" name="dueTo" defaultValue={search.dueTo ?? ""} {...field} />}</FormField>
          <div className="flex flex-wrap gap-2 tablet:col-span-3 desktop:col-span-6">
            <Button type="submit" size="sm">
              {t("crmReminders.filter.apply")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => onChange({})}>
              {t("crmReminders.filter.clear")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function CrmRemindersPage({ search, onSearchChange }: { search: CrmRemindersSearch; onSearchChange: (next: CrmRemindersSearch) => void }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState("");
  const list = useQuery(trpc.crmReminders.list.queryOptions(search));
  const owners = useQuery(trpc.crmReminders.owners.queryOptions());
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const page = search.page ?? 1;
  const defaultMove = search.userId && search.moveId ? { userId: search.userId, moveId: search.moveId } : undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col">
      <PageHeader title={t("crmReminders.title")} description={t("crmReminders.intro")} />
      <ReminderForm key={defaultMove ? `${defaultMove.userId}:${defaultMove.moveId}` : "none"} defaultMove={defaultMove} />
      <Filters search={search} owners={owners.data?.owners ?? []} onChange={(next) => onSearchChange(next)} />
      <p role="status" className="mb-2 text-sm text-success-foreground">
        {notice}
      </p>
      {list.isPending ? (
        <Card>
          <LoadingRows rows={4} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={errorText(list.error, t("crmReminders.loadFailed"))} retryLabel={t("crmReminders.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.reminders.length === 0 ? (
        <Card>
          <EmptyState title={t("crmReminders.empty")} />
        </Card>
      ) : (
        <Card>
          <p className="px-4 pt-4 text-sm text-muted-foreground">{t("crmReminders.total", { count: list.data.total })}</p>
          <div className="overflow-x-auto">
            <Table className="min-w-[760px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("crmReminders.col.due")}</TableHead>
                  <TableHead>{t("crmReminders.col.employee")}</TableHead>
                  <TableHead>{t("crmReminders.col.owner")}</TableHead>
                  <TableHead>{t("crmReminders.col.reminder")}</TableHead>
                  <TableHead>{t("crmReminders.col.status")}</TableHead>
                  <TableHead>{t("crmReminders.col.actions")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.reminders.map((row) => (
                  <TableRow key={row.id} data-reminder={row.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(row.datePicker)}</TableCell>
                    <TableCell>
                      <span className="block font-medium">{row.employeeName}</span>
                      <span className="block text-sm text-muted-foreground">{t("crmReminders.moveLabel", { moveId: row.moveId, group: row.groupDisplayName })}</span>
                    </TableCell>
                    <TableCell>{row.ownerName}</TableCell>
                    <TableCell className="max-w-[320px] whitespace-pre-wrap [overflow-wrap:anywhere]">{row.reminder}</TableCell>
                    <TableCell>
                      <Badge variant={STATUS_BADGE[row.status]}>{t(`crmReminders.status.${row.status}`)}</Badge>
                      {row.sentAt ? <span className="mt-1 block text-xs text-muted-foreground">{t("crmReminders.sentAt", { when: formatDateTime(row.sentAt) })}</span> : null}
                    </TableCell>
                    <TableCell>
                      <ReminderActions row={row} onDone={setNotice} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {pages > 1 ? (
            <nav className="flex flex-wrap items-center gap-3 p-4" aria-label={t("crmReminders.page", { page, pages })}>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onSearchChange({ ...search, page: page - 1 })}>
                {t("crmReminders.previous")}
              </Button>
              <span className="text-sm">{t("crmReminders.page", { page, pages })}</span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onSearchChange({ ...search, page: page + 1 })}>
                {t("crmReminders.next")}
              </Button>
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}
