import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOutboxRow } from "../../../domain/identity/activation/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

/** /admin/outbox: every recorded e-mail, newest first; a row opens the message. */
export function OutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ ...trpc.mail.outbox.queryOptions({ page, search: search.trim() || undefined }), placeholderData: keepPreviousData });
  const when = (at: string | null) => (at ? formatDateTime(at) : null);

  return (
    <div>
      <PageHeader title={t("outbox.title")} description={t("outbox.description")} />
      <div className="mb-4 flex max-w-sm flex-col gap-2">
        <Label htmlFor="outbox-search">{t("outbox.search")}</Label>
        <Input
          id="outbox-search"
          type="search"
          placeholder={t("outbox.searchPlaceholder")}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>
      <Card className="overflow-x-auto">
        <QueryView query={list} loading={<LoadingRows rows={5} className="p-4" />} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState title={t("outbox.empty")} />}>
          {(data) => (
            <Table>
              <TableCaption className="sr-only">{t("outbox.caption")}</TableCaption>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t("outbox.to")}</TableHead>
                  <TableHead>{t("outbox.subject")}</TableHead>
                  <TableHead>{t("outbox.template")}</TableHead>
                  <TableHead>{t("outbox.transport")}</TableHead>
                  <TableHead>{t("outbox.created")}</TableHead>
                  <TableHead>{t("outbox.sent")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((row: TOutboxRow) => (
                  <TableRow key={row.id} data-testid="outbox-row" className="cursor-pointer" onClick={() => setOpenId(row.id)}>
                    <TableCell>
                      <button
                        type="button"
                        className="rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        aria-label={t("outbox.open", { to: row.to, subject: row.subject })}
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpenId(row.id);
                        }}
                      >
                        {row.to}
                      </button>
                    </TableCell>
                    <TableCell>{row.subject}</TableCell>
                    <TableCell className="text-muted-foreground">{row.template}</TableCell>
                    <TableCell>
                      <Badge variant={row.transport === "smtp" ? "success" : "neutral"}>{row.transport}</Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {row.error ? (
                        <span className="text-destructive-foreground">
                          {t("outbox.error")}: {row.error}
                        </span>
                      ) : row.sentAt ? (
                        <time dateTime={row.sentAt} className="text-muted-foreground">
                          {when(row.sentAt)}
                        </time>
                      ) : (
                        <span className="text-muted-foreground">{t("outbox.notSent")}</span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryView>
      </Card>
      <nav aria-label={t("outbox.pagination")} className="mt-4 flex items-center justify-end gap-3">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>
          {t("outbox.previous")}
        </Button>
        <span className="text-sm text-muted-foreground">{t("outbox.page", { page: page + 1 })}</span>
        <Button variant="outline" size="sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          {t("outbox.next")}
        </Button>
      </nav>
      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function OutboxMessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useQuery({ ...trpc.mail.message.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("app.close")} className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        {message.data && id !== null ? (
          <>
            <DialogTitle>{message.data.subject}</DialogTitle>
            <DialogDescription>
              {t("outbox.to")}: {message.data.to}
            </DialogDescription>
            {message.data.cc ? (
              <p className="text-sm" data-testid="outbox-cc">
                <span className="font-medium">{t("outbox.cc")}: </span>
                {message.data.cc}
              </p>
            ) : null}
            {message.data.attachments.length > 0 ? (
              <div className="text-sm" data-testid="outbox-attachments">
                <span className="font-medium">{t("outbox.attachments")}: </span>
                <ul className="mt-1 list-disc pl-5">
                  {message.data.attachments.map((a) => (
                    <li key={a.filename}>
                      {a.filename} <span className="text-muted-foreground">({a.contentType}, {Math.max(1, Math.round(a.size / 1024))} KB)</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {message.data.link ? (
              <p className="break-all text-sm">
                <span className="font-medium">{t("outbox.link")}: </span>
                <a href={message.data.link} className="text-primary underline-offset-4 hover:underline" data-testid="outbox-link">
                  {message.data.link}
                </a>
              </p>
            ) : null}
            <section aria-labelledby="outbox-html-title">
              <h3 id="outbox-html-title" className="mb-2 text-sm font-semibold">
                {t("outbox.htmlBody")}
              </h3>
              <iframe title={t("outbox.htmlBody")} sandbox="" srcDoc={message.data.html} className="h-80 w-full rounded-lg border border-border bg-white" />
            </section>
            <section aria-labelledby="outbox-text-title">
              <h3 id="outbox-text-title" className="mb-2 text-sm font-semibold">
                {t("outbox.textBody")}
              </h3>
              <pre className="whitespace-pre-wrap break-words rounded-lg border border-border bg-muted p-3 text-xs" data-testid="outbox-text">
                {message.data.text}
              </pre>
            </section>
          </>
        ) : (
          <>
            <DialogTitle>{t("outbox.title")}</DialogTitle>
            <LoadingRows rows={3} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
