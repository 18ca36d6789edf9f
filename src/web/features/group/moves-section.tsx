import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Route, SearchX } from "lucide-react";
import { useCallback, useId } from "react";
import { useTranslation } from "react-i18next";
import type { TMoveRow } from "../../../domain/moves/wizard/schemas.ts";
import { MOVE_STATUSES } from "../../../domain/moves/wizard/search.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { MovesPagination, MovesTable, type MoveSort, type SortDir } from "./moves-table.tsx";
import { NewMoveButton } from "./new-move-button.tsx";

export type MoveStatus = (typeof MOVE_STATUSES)[number];

/** The moves list's state as it appears in the URL (beside the people table's `page`, `q`, `role`). */
export type MovesSearch = {
  moves_page?: number;
  moves_q?: string;
  moves_status?: MoveStatus;
  moves_sort?: MoveSort;
  moves_dir?: SortDir;
  /** Set by the completion redirect (`/{group}/home?initiated={moveId}`). */
  initiated?: number;
};

const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SORT: MoveSort = "updated";
const defaultDir = (sort: MoveSort): SortDir => (sort === "updated" ? "desc" : "asc");

/** A button-styled link to the wizard's first stage. */
/**
 * The HR home's moves (issue 5): employee, policy, origin and destination, move date, status and
 * current stage, with search, status filter, sorting by column and pages. Drafts resume the
 * wizard where they stopped.
 */
export function MovesSection<S extends MovesSearch>({
  group,
  groupDisplayName,
  search,
  onSearchChange,
  notice,
  readOnly = false,
}: {
  group: string;
  groupDisplayName: string;
  search: S;
  onSearchChange: (next: S, options?: { replace?: boolean }) => void;
  /** A one-time notice the wizard left (draft saved, move initiated). */
  notice: string | null;
  /** A manager's list (restricted on the server): no new-move button, no links to HR pages. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const page = search.moves_page ?? 0;
  const sort = search.moves_sort ?? DEFAULT_SORT;
  const dir = search.moves_dir ?? defaultDir(sort);
  const moves = useQuery({
    ...trpc.wizard.moves.queryOptions({ group, page, q: search.moves_q, status: search.moves_status, sort, dir }),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const statusId = useId();

  const onQuery = useCallback(
    (q: string | undefined) => onSearchChange({ ...search, initiated: undefined, moves_q: q, moves_page: undefined }, { replace: true }),
    [search, onSearchChange],
  );
  const [query, setQuery] = useUrlSearchText(search.moves_q, onQuery, SEARCH_DEBOUNCE_MS);

  const onSort = (next: MoveSort) => {
    const nextDir: SortDir = next === sort ? (dir === "asc" ? "desc" : "asc") : defaultDir(next);
    onSearchChange({
      ...search,
      initiated: undefined,
      moves_sort: next === DEFAULT_SORT && nextDir === defaultDir(DEFAULT_SORT) ? undefined : next,
      moves_dir: nextDir === defaultDir(next) ? undefined : nextDir,
      moves_page: undefined,
    });
  };
  const goToPage = (next: number) => onSearchChange({ ...search, initiated: undefined, moves_page: next > 0 ? next : undefined });

  const data = moves.data;
  const rows: TMoveRow[] = data?.rows ?? [];
  const filtered = !!search.moves_q || !!search.moves_status;
  // A page past the end (an old URL) still offers the way back.
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize), page + 1) : 1;
  const initiatedRow = search.initiated ? rows.find((r) => r.moveId === search.initiated) : undefined;
  const initiatedText =
    notice ?? (search.initiated ? (initiatedRow ? t("moves.initiated", { name: initiatedRow.employeeName }) : t("moves.initiatedGeneric")) : null);

  let body;
  if (moves.isError && !data) {
    body = <ErrorState message={errorText(moves.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void moves.refetch()} />;
  } else if (!moves.isPending && data && data.total === 0 && !filtered) {
    body = <EmptyState icon={Route} headingLevel={3} title={t("moves.empty")} action={readOnly ? undefined : <NewMoveButton group={group} />} />;
  } else if (!moves.isPending && rows.length === 0) {
    body = <EmptyState icon={SearchX} headingLevel={3} title={t("moves.noMatch")} />;
  } else {
    body = (
      <MovesTable
        rows={rows}
        caption={t("moves.caption", { group: groupDisplayName })}
        loading={moves.isPending}
        stale={moves.isPlaceholderData}
        group={group}
        sort={sort}
        dir={dir}
        onSort={onSort}
        readOnly={readOnly}
      />
    );
  }

  return (
    <section aria-labelledby="moves-title" className="mb-8">
      {initiatedText ? (
        <Alert variant="success" role="status" className="mb-4" data-testid="moves-notice">
          {initiatedText}
        </Alert>
      ) : null}
      <Card>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <CardTitle id="moves-title">{t("moves.title")}</CardTitle>
              <CardDescription>{t("moves.description", { group: groupDisplayName })}</CardDescription>
            </div>
            {readOnly ? null : <NewMoveButton group={group} variant="outline" />}
          </div>
          <form role="search" aria-label={t("moves.search")} onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-end">
            <div className="flex flex-1 flex-col gap-1.5 tablet:max-w-sm">
              <Label htmlFor={searchId}>{t("moves.search")}</Label>
              <SearchInput
                  id={searchId}
                  maxLength={100}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={t("moves.searchPlaceholder")} />
            </div>
            <div className="flex flex-col gap-1.5 tablet:w-48">
              <Label htmlFor={statusId}>{t("moves.statusFilter")}</Label>
              <NativeSelect
                id={statusId}
                value={search.moves_status ?? ""}
                onChange={(e) => onSearchChange({ ...search, initiated: undefined, moves_status: (e.target.value || undefined) as MoveStatus | undefined, moves_page: undefined })}
              >
                <option value="">{t("moves.allStatuses")}</option>
                {MOVE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`moves.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </form>
        </CardHeader>

        {body}

        {data && (data.total > 0 || page > 0) ? (
          <nav aria-label={t("moves.pages")} className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-3 tablet:px-6">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="moves-showing">
              {rows.length > 0
                ? t("moves.showing", { from: page * data.pageSize + 1, to: page * data.pageSize + rows.length, total: data.total })
                : null}
            </p>
            <MovesPagination page={page} pages={pages} disabled={moves.isPlaceholderData} onPage={goToPage} />
          </nav>
        ) : null}
      </Card>
    </section>
  );
}
