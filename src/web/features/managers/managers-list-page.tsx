import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { UserCog } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { trpc } from "../../lib/trpc.ts";

export type ManagersSearch = { groupName?: string; managersFilter?: string };

/** /admin/managers/list?groupName=&managersFilter= (part 1 §2): managers with a group and a name filter. */
export function ManagersListPage({ search, onSearchChange }: { search: ManagersSearch; onSearchChange: (next: ManagersSearch) => void }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const managers = useQuery(trpc.managers.list.queryOptions({ groupName: search.groupName, managersFilter: search.managersFilter }));
  // Issue 15: the selected group's open incidents (every group's when none is selected).
  const incidents = useQuery({ ...trpc.incidents.count.queryOptions({ groupName: search.groupName }), retry: false });
  const groupId = useId();
  const filterId = useId();
  const [text, setText] = useUrlSearchText(search.managersFilter, (q) => onSearchChange({ ...search, managersFilter: q }), 300);

  return (
    <>
      <PageHeader title={t("managers.title")} description={t("managers.description")} />
      <div className="mb-4 flex flex-col gap-3 tablet:flex-row tablet:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={groupId}>{t("managers.filter.group")}</Label>
          <NativeSelect id={groupId} className="tablet:w-56" value={search.groupName ?? ""} onChange={(e) => onSearchChange({ ...search, groupName: e.target.value || undefined })}>
            <option value="">{t("managers.filter.allGroups")}</option>
            {(groups.data ?? []).map((g) => (
              <option key={g.id} value={g.name}>
                {g.displayName}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={filterId}>{t("managers.filter.name")}</Label>
          <Input id={filterId} type="search" className="tablet:w-64" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <p className="mb-4 text-sm text-muted-foreground" role="status" data-testid="open-incidents-summary">
        {incidents.isPending
          ? t("managers.incidentsLoading", "Open incidents: …")
          : incidents.isError
            ? t("managers.incidentsFailed", "The incident counts could not be loaded.")
            : t("managers.incidents", {
                open: incidents.data.openIncidents,
                escalated: incidents.data.openEscalatedIncidents,
                defaultValue: "Open incidents: {{open}} ({{escalated}} escalated)",
              })}
      </p>
      <Card>
        <QueryView query={managers} isEmpty={(rows) => rows.length === 0} empty={<EmptyState icon={UserCog} title={t("managers.empty")} />}>
          {(rows) => (
            <Table data-testid="managers-table">
              <TableCaption>{t("managers.caption")}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("managers.col.name")}</TableHead>
                  <TableHead>{t("managers.col.group")}</TableHead>
                  <TableHead>{t("managers.col.view")}</TableHead>
                  <TableHead>{t("managers.col.state")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m.userId}>
                    <TableCell>
                      <span className="flex flex-col">
                        <Link
                          to="/admin/managers/$userId"
                          params={{ userId: String(m.userId) }}
                          className="whitespace-nowrap font-medium text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:underline"
                          aria-label={t("managers.open", { name: `${m.firstName} ${m.lastName}` })}
                        >
                          {m.firstName} {m.lastName}
                        </Link>
                        <span className="text-[13px] text-muted-foreground [overflow-wrap:anywhere]">{m.email}</span>
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{m.groupDisplayName}</TableCell>
                    <TableCell className="whitespace-nowrap">{t(`managers.view.${m.viewRestriction}`)}</TableCell>
                    <TableCell>
                      <Badge variant={m.activationState === "ACTIVE" ? "success" : "neutral"} dot>
                        {t(`managers.state.${m.activationState as "ACTIVE"}`)}
                      </Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryView>
      </Card>
    </>
  );
}
