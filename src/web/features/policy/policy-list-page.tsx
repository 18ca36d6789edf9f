import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TTag } from "../../../domain/policy/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { PolicyNameLink, PolicyStatusBadge, PolicyTags, PolicyVersion } from "./policy-cells.tsx";
import { enumLabel } from "./policy-format.ts";
import { PolicyGroupSelect } from "./policy-group-select.tsx";

/**
 * /policy/list?group=&tag= (part 2 §2 "Policy list page with tag and group selection"): the
 * group's policies filtered by one tag. Tag buttons stay disabled until a group with tags is
 * chosen (§4).
 */
export function PolicyListPage({ group: groupParam, tag, onSearchChange }: { group: string | undefined; tag: number | undefined; onSearchChange: (next: { group?: string; tag?: number }) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const group = groupParam ?? (user.role === "ADMIN" ? undefined : user.group?.name);
  const tags = useQuery({ ...trpc.policy.catalogue.tags.queryOptions({ group: group ?? "" }), enabled: !!group });
  const tagRows: TTag[] = group ? (tags.data ?? []) : [];
  const groups = useQuery({ ...trpc.admin.groups.list.queryOptions(), enabled: user.role === "ADMIN" });
  const groupLabel = (user.role === "ADMIN" ? groups.data?.find((g) => g.name === group)?.displayName : user.group?.name === group ? user.group?.displayName : undefined) ?? group ?? "";

  return (
    <>
      <PageHeader title={t("policy.list.title")} description={t("policy.list.description")} />
      <Card>
        <CardHeader className="gap-5 border-b border-border pb-5">
          <PolicyGroupSelect user={user} value={group} onChange={(next) => onSearchChange({ group: next })} className="tablet:w-72" />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium leading-none text-foreground">{t("policy.list.tags")}</legend>
            {group && tags.isPending ? (
              <div className="flex gap-2">
                <Skeleton className="h-8 w-20" />
                <Skeleton className="h-8 w-24" />
              </div>
            ) : (
              <div className="flex flex-wrap gap-2" role="group" aria-describedby={tagRows.length === 0 ? "policy-tags-hint" : undefined}>
                <TagButton pressed={tag === undefined} disabled={tagRows.length === 0} onClick={() => onSearchChange({ group, tag: undefined })}>
                  {t("policy.list.allTags")}
                </TagButton>
                {tagRows.map((row) => (
                  <TagButton key={row.id} pressed={tag === row.id} onClick={() => onSearchChange({ group, tag: row.id })}>
                    <Tag aria-hidden="true" />
                    {row.name}
                  </TagButton>
                ))}
              </div>
            )}
            {tagRows.length === 0 && !(group && tags.isPending) ? (
              <p id="policy-tags-hint" className="text-[13px] text-muted-foreground">
                {group && tags.isSuccess ? t("policy.list.noTags") : t("policy.list.tagsDisabled")}
              </p>
            ) : null}
          </fieldset>
        </CardHeader>
        {group ? (
          <PolicyListResults key={group} group={group} groupLabel={groupLabel} tag={tagRows.some((r) => r.id === tag) ? tag : undefined} canEdit={user.role === "ADMIN"} />
        ) : (
          <EmptyState icon={FileText} headingLevel={2} title={t("policy.chooseGroupHint")} />
        )}
      </Card>
    </>
  );
}

function TagButton({ pressed, disabled, onClick, children }: { pressed: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn("rounded-full", pressed && "border-primary bg-primary-soft text-primary hover:bg-primary-soft")}
    >
      {children}
    </Button>
  );
}

function PolicyListResults({ group, groupLabel, tag, canEdit }: { group: string; groupLabel: string; tag: number | undefined; canEdit: boolean }) {
  const { t } = useTranslation();
  const policies = useQuery({ ...trpc.policy.policies.search.queryOptions({ group, tag }), placeholderData: keepPreviousData });
  if (policies.isPending) return <LoadingRows rows={4} rowClassName="h-12" />;
  if (policies.isError && !policies.data) {
    const code = errorCode(policies.error);
    if (code === "FORBIDDEN") return <ForbiddenPage />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
    return <ErrorState message={errorText(policies.error, t("policy.loadingDataError"))} retryLabel={t("app.retry")} onRetry={() => void policies.refetch()} />;
  }
  const rows = policies.data.policies;
  if (rows.length === 0) {
    return <EmptyState icon={FileText} headingLevel={2} title={t("policy.list.emptyTitle")} description={tag ? t("policy.list.emptyBody") : t("policy.search.emptyBody")} />;
  }
  return (
    <Table aria-busy={policies.isPlaceholderData || undefined} className={cn(policies.isPlaceholderData && "opacity-60 transition-opacity")}>
      <TableCaption>{t("policy.search.caption", { group: groupLabel })}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("policy.search.colName")}</TableHead>
          <TableHead>{t("policy.search.colMoveType")}</TableHead>
          <TableHead className="hidden desktop:table-cell">{t("policy.search.colArchetype")}</TableHead>
          <TableHead>{t("policy.search.colStatus")}</TableHead>
          <TableHead>{t("policy.search.colTags")}</TableHead>
          <TableHead>{t("policy.search.colVersion")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="font-medium">
              <PolicyNameLink policy={p} canEdit={canEdit} />
            </TableCell>
            <TableCell>{enumLabel(t, "moveType", p.moveType)}</TableCell>
            <TableCell className="hidden desktop:table-cell">{enumLabel(t, "archetype", p.archetype)}</TableCell>
            <TableCell>
              <PolicyStatusBadge policy={p} />
            </TableCell>
            <TableCell>
              <PolicyTags policy={p} />
            </TableCell>
            <TableCell>
              <PolicyVersion policy={p} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
