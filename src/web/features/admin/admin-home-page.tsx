import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Building2, LayoutList } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GroupStatus } from "../../../domain/roles.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { fullName, useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { takeWizardNotice } from "../../lib/wizard-notice.ts";

type GroupRow = { id: number; name: string; displayName: string; status: GroupStatus; userCount: number };
type Pending = { group: GroupRow; status: GroupStatus } | null;
type Outcome = { kind: "success" | "error"; text: string } | null;

/** /admin: every client group, with suspend and activate behind a confirmation. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const [pending, setPending] = useState<Pending>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The wizard's one-time notice: saving a draft returns an admin to this root page (part 1 §4).
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const text = takeWizardNotice();
    if (text !== null) setNotice(text);
  }, []);
  const setStatus = useMutation(
    trpc.admin.groups.setStatus.mutationOptions({
      onSuccess: (result) => {
        setOutcome(result.success ? { kind: "success", text: t("admin.statusChanged") } : { kind: "error", text: result.error ?? t("admin.statusNotChanged") });
      },
      onError: (error) => setOutcome({ kind: "error", text: `${t("admin.statusNotChanged")} ${errorText(error, t("error.generic"))}` }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.groups.list.queryKey() }),
    }),
  );

  const list = groups.data ?? [];
  const active = list.filter((g) => g.status === "ACTIVE").length;

  return (
    <>
      <PageHeader
        eyebrow={t("home.welcome", { name: fullName(user) })}
        title={t("admin.title")}
        description={t("admin.description")}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/form-builder">
              <LayoutList aria-hidden="true" />
              {t("nav.formBuilder")}
            </Link>
          </Button>
        }
      />

      {groups.isSuccess && list.length > 0 ? (
        <dl className="mb-8 grid grid-cols-3 gap-4">
          {[
            { key: "total", label: t("admin.groupsCount"), value: list.length },
            { key: "active", label: t("admin.activeCount"), value: active },
            { key: "suspended", label: t("admin.suspendedCount"), value: list.length - active },
          ].map((item) => (
            <Card key={item.key} className="flex flex-col gap-2 px-5 py-4">
              <dt className="text-sm font-medium text-muted-foreground">{item.label}</dt>
              <dd className="text-3xl font-semibold tabular-nums tracking-tight">{item.value}</dd>
            </Card>
          ))}
        </dl>
      ) : null}

      <div aria-live="polite" className="empty:hidden mb-6 flex flex-col gap-3">
        {notice ? (
          <Alert variant="success" role="status" data-testid="wizard-notice">
            {notice}
          </Alert>
        ) : null}
        {outcome ? (
          <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>

      <section aria-labelledby="groups-title">
        <Card>
          <CardHeader className="border-b border-border pb-5">
            <CardTitle id="groups-title">{t("admin.groupsTitle")}</CardTitle>
            <CardDescription>{t("staff.clientGroupsDescription")}</CardDescription>
          </CardHeader>
          <QueryView
            query={groups}
            isEmpty={(rows) => rows.length === 0}
            empty={<EmptyState icon={Building2} headingLevel={3} title={t("admin.groupsEmpty")} />}
          >
            {(rows) => (
            <Table aria-busy={groups.isFetching || setStatus.isPending || undefined}>
              <TableCaption>{t("admin.groupsTitle")}</TableCaption>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t("admin.colGroup")}</TableHead>
                  <TableHead>{t("admin.colUrlName")}</TableHead>
                  <TableHead>{t("admin.colStatus")}</TableHead>
                  <TableHead className="text-right">{t("admin.colUsers")}</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">{t("admin.colActions")}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((group) => (
                  <TableRow key={group.id} data-testid={`group-row-${group.name}`}>
                    <TableCell className="font-medium">{group.displayName}</TableCell>
                    <TableCell>
                      <Link to="/$group/home" params={{ group: group.name }} className="font-mono text-[13px] text-primary underline-offset-4 hover:underline">
                        /{group.name}/home
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Badge variant={group.status === "ACTIVE" ? "success" : "destructive"} dot>
                        {t(`status.${group.status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{group.userCount}</TableCell>
                    <TableCell className="text-right">
                      {group.status === "ACTIVE" ? (
                        <Button variant="outline" size="sm" aria-label={t("admin.suspendNamed", { name: group.displayName })} onClick={() => setPending({ group, status: "SUSPENDED" })}>
                          {t("admin.suspend")}
                        </Button>
                      ) : (
                        <Button variant="outline" size="sm" aria-label={t("admin.activateNamed", { name: group.displayName })} onClick={() => setPending({ group, status: "ACTIVE" })}>
                          {t("admin.activate")}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            )}
          </QueryView>
        </Card>
      </section>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.status === "SUSPENDED" ? t("admin.confirmSuspendTitle") : t("admin.confirmActivateTitle")}
        description={
          pending
            ? pending.status === "SUSPENDED"
              ? t("admin.confirmSuspend", { name: pending.group.displayName })
              : t("admin.confirmActivate", { name: pending.group.displayName })
            : ""
        }
        confirmLabel={pending?.status === "SUSPENDED" ? t("admin.suspend") : t("admin.activate")}
        cancelLabel={t("app.cancel")}
        destructive={pending?.status === "SUSPENDED"}
        onConfirm={() => {
          if (!pending) return;
          setOutcome(null);
          setStatus.mutate({ groupId: pending.group.id, status: pending.status });
        }}
      />
    </>
  );
}
