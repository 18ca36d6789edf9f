import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Copy, Eye, FilePlus2, FileText, MoreHorizontal, Pencil, Plus, SearchX, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPolicySummary } from "../../../domain/policy/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorCode, errorText, serverMessage } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { PolicyCloneDialog } from "./policy-clone-dialog.tsx";
import { PolicyNameLink, PolicyStatusBadge, PolicyTags, PolicyVersion } from "./policy-cells.tsx";
import { enumLabel } from "./policy-format.ts";
import { PolicyGroupSelect } from "./policy-group-select.tsx";

/** The search page's state in the URL: `?group=` (URL name) and `?q=` (name search). */
export type PolicySearchParams = { group?: string; q?: string };

const SEARCH_DEBOUNCE_MS = 300;

type Notice = { kind: "success" | "error"; text: string } | null;

/**
 * /policy/search?group= (part 2 §2): the policies of a client group with their versions.
 * Administrators pick any group and act on each policy (edit or delete the draft, create a version,
 * clone, view); HR users see their own group read-only.
 */
export function PolicySearchPage({ search, onSearchChange }: { search: PolicySearchParams; onSearchChange: (next: PolicySearchParams, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const isAdmin = user.role === "ADMIN";
  // HR works on its own group; a hand-typed other group goes to the server, which refuses it.
  const group = search.group ?? (isAdmin ? undefined : user.group?.name);
  const groups = useQuery({ ...trpc.admin.groups.list.queryOptions(), enabled: isAdmin });
  const groupLabel = (isAdmin ? groups.data?.find((g) => g.name === group)?.displayName : user.group?.name === group ? user.group?.displayName : undefined) ?? group ?? "";

  return (
    <>
      <PageHeader
        title={t("policy.search.title")}
        description={isAdmin ? t("policy.search.description") : t("policy.search.readOnly")}
        actions={
          isAdmin ? (
            <Link to="/policy/setup" search={group ? { group } : {}} className={buttonVariants()}>
              <Plus aria-hidden="true" />
              {t("policy.search.newPolicy")}
            </Link>
          ) : null
        }
      />
      <Card>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <div className="flex flex-col gap-4 tablet:flex-row tablet:items-end">
            <PolicyGroupSelect
              user={user}
              value={group}
              onChange={(next) => onSearchChange({ group: next, q: search.q }, { replace: true })}
              className="tablet:w-72"
            />
            <SearchBox value={search.q} onChange={(q) => onSearchChange({ ...search, q }, { replace: true })} />
          </div>
        </CardHeader>
        {group ? (
          <PolicyResults key={group} group={group} groupLabel={groupLabel} query={search.q} canEdit={isAdmin} />
        ) : (
          <EmptyState icon={FileText} headingLevel={2} title={t("policy.chooseGroupHint")} />
        )}
      </Card>
    </>
  );
}

/** The name search: updates the URL once typing pauses; the URL drives the query. */
function SearchBox({ value, onChange }: { value: string | undefined; onChange: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useUrlSearchText(value, onChange, SEARCH_DEBOUNCE_MS);
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-1 flex-col gap-2 tablet:max-w-sm">
      <Label htmlFor={id}>{t("policy.search.search")}</Label>
      <SearchInput id={id} maxLength={200} value={text} onChange={(e) => setText(e.target.value)} placeholder={t("policy.search.searchPlaceholder")} />
    </form>
  );
}

function PolicyResults({ group, groupLabel, query, canEdit }: { group: string; groupLabel: string; query: string | undefined; canEdit: boolean }) {
  const { t } = useTranslation();
  const policies = useQuery({ ...trpc.policy.policies.search.queryOptions({ group, query }), placeholderData: keepPreviousData });
  const [notice, setNotice] = useState<Notice>(null);

  if (policies.isPending) return <LoadingRows rows={4} rowClassName="h-12" />;
  if (policies.isError && !policies.data) {
    const code = errorCode(policies.error);
    if (code === "FORBIDDEN") return <ForbiddenPage />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
    return <ErrorState message={errorText(policies.error, t("policy.loadingDataError"))} retryLabel={t("app.retry")} onRetry={() => void policies.refetch()} />;
  }
  const rows = policies.data.policies;
  return (
    <>
      <div aria-live="polite" className="empty:hidden">
        {notice ? (
          <Alert variant={notice.kind === "success" ? "success" : "destructive"} role={notice.kind === "success" ? "status" : "alert"} className="m-4 tablet:mx-6" data-testid="policy-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {rows.length === 0 ? (
        query ? (
          <EmptyState icon={SearchX} headingLevel={2} title={t("policy.search.noMatchTitle")} description={t("policy.search.noMatchBody")} />
        ) : (
          <EmptyState
            icon={FileText}
            headingLevel={2}
            title={t("policy.search.emptyTitle")}
            description={t("policy.search.emptyBody")}
            action={
              canEdit ? (
                <Link to="/policy/setup" search={{ group }} className={buttonVariants({ variant: "outline" })}>
                  <Plus aria-hidden="true" />
                  {t("policy.search.newPolicy")}
                </Link>
              ) : null
            }
          />
        )
      ) : (
        <PolicyTable rows={rows} group={group} groupLabel={groupLabel} canEdit={canEdit} stale={policies.isPlaceholderData} onNotice={setNotice} />
      )}
    </>
  );
}

function PolicyTable({ rows, group, groupLabel, canEdit, stale, onNotice }: { rows: TPolicySummary[]; group: string; groupLabel: string; canEdit: boolean; stale: boolean; onNotice: (n: Notice) => void }) {
  const { t } = useTranslation();
  return (
    <Table aria-busy={stale || undefined} className={cn(stale && "opacity-60 transition-opacity")}>
      <TableCaption>{t("policy.search.caption", { group: groupLabel })}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("policy.search.colName")}</TableHead>
          <TableHead>{t("policy.search.colMoveType")}</TableHead>
          <TableHead className="hidden min-[1200px]:table-cell">{t("policy.search.colArchetype")}</TableHead>
          <TableHead className="hidden text-right desktop:table-cell">{t("policy.search.colStages")}</TableHead>
          <TableHead>{t("policy.search.colStatus")}</TableHead>
          <TableHead className="hidden min-[1200px]:table-cell">{t("policy.search.colTags")}</TableHead>
          <TableHead>{t("policy.search.colVersion")}</TableHead>
          <TableHead className="hidden text-right desktop:table-cell">{t("policy.search.colEmployees")}</TableHead>
          {canEdit ? (
            <TableHead className="text-right">
              <span className="sr-only">{t("policy.search.colActions")}</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id} data-testid={`policy-row-${p.id}`}>
            <TableCell className="font-medium text-foreground">
              <PolicyNameLink policy={p} canEdit={canEdit} />
            </TableCell>
            <TableCell>{enumLabel(t, "moveType", p.moveType)}</TableCell>
            <TableCell className="hidden min-[1200px]:table-cell">{enumLabel(t, "archetype", p.archetype)}</TableCell>
            <TableCell className="hidden text-right tabular-nums desktop:table-cell">{p.moveStagesCount}</TableCell>
            <TableCell>
              <PolicyStatusBadge policy={p} />
            </TableCell>
            <TableCell className="hidden min-[1200px]:table-cell">
              <PolicyTags policy={p} />
            </TableCell>
            <TableCell>
              <PolicyVersion policy={p} />
            </TableCell>
            <TableCell className="hidden text-right tabular-nums desktop:table-cell">{p.employeeCount}</TableCell>
            {canEdit ? (
              <TableCell className="text-right">
                <PolicyActions policy={p} group={group} onNotice={onNotice} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One policy's actions: the main one as a button (edit draft or create version), the rest in a menu. */
function PolicyActions({ policy, group, onNotice }: { policy: TPolicySummary; group: string; onNotice: (n: Notice) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [cloneOpen, setCloneOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.policy.policies.search.pathKey() });

  const createVersion = useMutation(
    trpc.policy.policies.createVersion.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        await navigate({ href: result.redirectUrl });
      },
      onError: (error) => onNotice({ kind: "error", text: serverMessage(error) ?? t("policy.search.versioningFailed") }),
    }),
  );
  const deleteDraft = useMutation(
    trpc.policy.policies.deleteDraft.mutationOptions({
      onSuccess: async () => {
        onNotice({ kind: "success", text: t("policy.search.deleted", { name: policy.name }) });
        await refresh();
      },
      onError: () => onNotice({ kind: "error", text: t("policy.search.deleteFailed") }),
    }),
  );
  const draftId = policy.draftVersionId;

  return (
    <div className="flex items-center justify-end gap-2">
      {draftId !== null ? (
        <Link to="/policy/setup" search={{ policyId: policy.id, editDraft: true }} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`${t("policy.search.editDraft")}: ${policy.name}`}>
          <Pencil aria-hidden="true" />
          {t("policy.search.editDraft")}
        </Link>
      ) : (
        <Button
          variant="outline"
          size="sm"
          busy={createVersion.isPending}
          aria-label={`${t("policy.search.createVersion")}: ${policy.name}`}
          onClick={() => {
            onNotice(null);
            createVersion.mutate({ policyId: policy.id });
          }}
        >
          {createVersion.isPending ? null : <FilePlus2 aria-hidden="true" />}
          {t("policy.search.createVersion")}
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={t("policy.search.actionsFor", { name: policy.name })}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-52">
          <DropdownMenuItem onSelect={() => void navigate({ to: "/policy/details", search: { policyId: policy.id, editDraft: false } })}>
            <Eye aria-hidden="true" />
            {t("policy.search.view")}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              onNotice(null);
              setCloneOpen(true);
            }}
          >
            <Copy aria-hidden="true" />
            {t("policy.search.clone")}
          </DropdownMenuItem>
          {draftId !== null ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                className="text-destructive data-[highlighted]:bg-destructive-soft [&_svg]:text-destructive"
                disabled={deleteDraft.isPending}
                onSelect={() => {
                  onNotice(null);
                  setConfirmDelete(true);
                }}
              >
                <Trash2 aria-hidden="true" />
                {t("policy.search.deleteDraft")}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("policy.search.deleteTitle")}
        description={t("policy.search.deleteBody", { name: policy.name })}
        confirmLabel={t("policy.search.deleteConfirm")}
        cancelLabel={t("app.cancel")}
        destructive
        onConfirm={() => {
          if (draftId !== null) deleteDraft.mutate({ policyVersionId: draftId });
        }}
      />
      <PolicyCloneDialog
        open={cloneOpen}
        onOpenChange={setCloneOpen}
        policy={policy}
        defaultGroup={group}
        onCloned={async (newName) => {
          onNotice({ kind: "success", text: t("policy.search.cloned", { name: policy.name, newName }) });
          await refresh();
        }}
      />
    </div>
  );
}
