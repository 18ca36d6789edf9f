import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PEOPLE_PAGE_SIZE } from "../../../domain/admin/groups/schemas.ts";
import { groupRoles, type Role } from "../../../domain/roles.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import type { PeopleSearch, SearchUpdate } from "./people-search.ts";
import { PeopleTable } from "./people-table.tsx";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The group's people table (search, role filter, pages) on /{group}/home. Its own chunk, loaded
 * after the home's first paint, so the HR home stays within the web bundle budget.
 */
export function PeopleSection({ group, groupDisplayName, search, onSearchChange }: { group: string; groupDisplayName: string; search: PeopleSearch; onSearchChange: SearchUpdate }) {
  const { t } = useTranslation();
  const page = search.page ?? 0;
  const people = useQuery({
    ...trpc.group.people.queryOptions({ group, page, pageSize: PEOPLE_PAGE_SIZE, search: search.q, role: search.role }),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const roleId = useId();

  // The search box updates the URL once typing pauses; the URL drives the query.
  const [query, setQuery] = useState(search.q ?? "");
  useEffect(() => {
    const next = query.trim();
    if (next === (search.q ?? "")) return;
    const timer = setTimeout(() => onSearchChange({ ...search, q: next || undefined, page: undefined }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search, onSearchChange]);
  // Back/forward navigation changes the URL under the box: follow it.
  useEffect(() => {
    setQuery((current) => (current.trim() === (search.q ?? "") ? current : (search.q ?? "")));
  }, [search.q]);

  const goToPage = (next: number) => onSearchChange({ ...search, page: next > 0 ? next : undefined });
  const data = people.data;
  const rows = data?.rows ?? [];

  return (
    <section aria-labelledby="people-title">
      <Card>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <CardTitle id="people-title">{t("home.groupPeople")}</CardTitle>
          <CardDescription>{t("home.peopleDescription", { group: groupDisplayName })}</CardDescription>
          <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-end">
            <div className="flex flex-1 flex-col gap-1.5 tablet:max-w-sm">
              <Label htmlFor={searchId}>{t("home.search")}</Label>
              <SearchInput id={searchId} maxLength={100} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("home.searchPlaceholder")} />
            </div>
            <div className="flex flex-col gap-1.5 tablet:w-48">
              <Label htmlFor={roleId}>{t("home.role")}</Label>
              <NativeSelect
                id={roleId}
                value={search.role ?? ""}
                onChange={(e) => onSearchChange({ ...search, role: (e.target.value || undefined) as Role | undefined, page: undefined })}
              >
                <option value="">{t("home.allRoles")}</option>
                {groupRoles.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </form>
        </CardHeader>

        {people.isError && !data ? (
          <ErrorState message={errorText(people.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void people.refetch()} />
        ) : !people.isPending && rows.length === 0 ? (
          <EmptyState icon={SearchX} headingLevel={3} title={t("home.peopleEmpty")} />
        ) : (
          <PeopleTable rows={rows} caption={t("home.peopleCaption", { group: groupDisplayName })} loading={people.isPending} stale={people.isPlaceholderData} group={group} />
        )}

        <nav aria-label={t("home.pagination")} className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 tablet:px-6">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("home.page", { page: page + 1 })}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page === 0} onClick={() => goToPage(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              {t("home.previous")}
            </Button>
            <Button variant="outline" size="sm" disabled={!data?.hasMore || people.isPlaceholderData} onClick={() => goToPage(page + 1)}>
              {t("home.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      </Card>
    </section>
  );
}
