/**
 * The report download page (issue 26; part 2 §2 "Report download: recommended and custom tabs, list and thumbnail
 * views, search, category filter, group dropdown"; §4 "Reports: tabs recommended vs custom; favourites toggle";
 * §6 "admin view type (ADMIN) must pick a group before reports. Manager or HR view can favourite custom reports;
 * admins cannot"; §8 select-group-first message).
 *
 * `ReportsPage` is a group's (`/$group/reports`), `AdminReportsPage` the admin's (`/admin/reports?group=`), who
 * picks the group first. The tab, search, category and favourites-only choice live in the URL (reports-search.ts, validated in routes.tsx);
 * the list or thumbnail view is remembered in this browser. Each report opens its page (filters, preview,
 * generation form) or downloads at once as CSV or XLSX with the caller's saved filter defaults
 * (`reports.filters` answers them, else the spec's), through the form post of ./download.ts.
 * Reads `reports.list`; favourites through `reports.addFavourite` / `reports.removeFavourite`.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import {
  Banknote,
  ChartBar,
  ChartPie,
  Calendar,
  FileSpreadsheet,
  FileText,
  ListFilter,
  LayoutGrid,
  List,
  Phone,
  Receipt,
  SearchX,
  Star,
  Table,
  Target,
  TriangleAlert,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { libraryMessages } from "../../../domain/reporting/library-messages.ts";
import type { TReportSummary, TReportsListResponse } from "../../../domain/reporting/library-schemas.ts";
import { GroupSelect } from "../../components/group-select.tsx";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { useUrlSearchText } from "../../lib/url-search-text.ts";
import { cn } from "../../lib/utils.ts";
import { DownloadStatus } from "./download-status.tsx";
import type { ReportsUrlSearch } from "./reports-search.ts";
import { useReportDownload } from "./use-download.ts";

/** The page's view as it appears in the URL (see routes.tsx). */
export type ReportsSearch = { tab?: "custom"; q?: string; category?: string; fav?: true };
type Tab = "BASE" | "CUSTOM";
type View = "list" | "thumbnails";

const VIEW_KEY = "meridian.reports.view";

/** The thumbnail's icon by the catalogue's icon name (src/domain/reporting/catalog.ts); a table for any other. */
const ICONS: Record<string, LucideIcon> = {
  "bar-chart": ChartBar,
  "pie-chart": ChartPie,
  target: Target,
  receipt: Receipt,
  "file-text": FileText,
  banknote: Banknote,
  calendar: Calendar,
  "alert-triangle": TriangleAlert,
  phone: Phone,
  filter: ListFilter,
  wallet: Wallet,
  table: Table,
};
const SEARCH_DEBOUNCE_MS = 300;

type UrlSearch = ReportsUrlSearch;

/** The route's page: a group's (`/$group/reports`) or the admin's (`/admin/reports?group=`), its view from the URL. */
export function ReportsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("reports.title"));
  const { group } = useParams({ strict: false });
  const { group: chosen, ...search } = useSearch({ strict: false }) as UrlSearch;
  const navigate = useNavigate();
  const onSearchChange = useCallback(
    (next: ReportsSearch, options?: { replace?: boolean }) => {
      const full: UrlSearch = { tab: next.tab, q: next.q, category: next.category, fav: next.fav, group: group ? undefined : chosen };
      void (group ? navigate({ to: "/$group/reports", params: { group }, search: full, replace: options?.replace ?? false }) : navigate({ to: "/admin/reports", search: full, replace: options?.replace ?? false }));
    },
    [navigate, group, chosen],
  );
  // A new group starts on the recommended tab with no search (part 2 §4: the tab's state resets with the group).
  const onGroupChange = useCallback((next: string | undefined) => void navigate({ to: "/admin/reports", search: { tab: undefined, q: undefined, category: undefined, fav: undefined, group: next } }), [navigate]);
  if (group) return <ReportsPage key={group} group={group} search={search} onSearchChange={onSearchChange} />;
  return <AdminReportsPage group={chosen} onGroupChange={onGroupChange} search={search} onSearchChange={onSearchChange} />;
}

/** The list or thumbnail view, remembered in this browser. */
function useRememberedView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(() => {
    try {
      return localStorage.getItem(VIEW_KEY) === "thumbnails" ? "thumbnails" : "list";
    } catch {
      return "list";
    }
  });
  const remember = useCallback((next: View) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  }, []);
  return [view, remember];
}

export function ReportsPage({ group, search, onSearchChange }: { group: string; search: ReportsSearch; onSearchChange: (next: ReportsSearch, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  return (
    <div data-testid="reports-page">
      <PageHeader eyebrow={t("reports.eyebrow", { group: groupName })} title={t("reports.title")} description={t("reports.intro")} />
      <ReportLibrary group={group} search={search} onSearchChange={onSearchChange} />
    </div>
  );
}

export function AdminReportsPage({
  group,
  onGroupChange,
  search,
  onSearchChange,
}: {
  group: string | undefined;
  onGroupChange: (group: string | undefined) => void;
  search: ReportsSearch;
  onSearchChange: (next: ReportsSearch, options?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.formBuilder.groups.queryOptions());
  return (
    <div data-testid="reports-page">
      <PageHeader eyebrow={t("reports.eyebrowAdmin")} title={t("reports.title")} description={t("reports.intro")} />
      <GroupSelect
        id="reports-group"
        label={t("reports.group")}
        chooseLabel={t("reports.chooseGroup")}
        groups={groups}
        rows={groups.data?.groups ?? []}
        value={group}
        onChange={onGroupChange}
        emptyText={t("reports.noGroups")}
        className="mb-6 w-full max-w-sm"
      />
      {group ? (
        <ReportLibrary key={group} group={group} search={search} onSearchChange={onSearchChange} />
      ) : (
        <Alert role="status" data-testid="reports-select-group">
          {t("reports.selectGroupFirst")}
        </Alert>
      )}
    </div>
  );
}

/** The tabs, the search and filters, and the reports of one group. */
function ReportLibrary({ group, search, onSearchChange }: { group: string; search: ReportsSearch; onSearchChange: (next: ReportsSearch, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const tab: Tab = search.tab === "custom" ? "CUSTOM" : "BASE";
  const [view, setView] = useRememberedView();
  const searchId = useId();
  const categoryId = useId();
  const favId = useId();
  const onQuery = useCallback((q: string | undefined) => onSearchChange({ ...search, q }, { replace: true }), [search, onSearchChange]);
  const [query, setQuery] = useUrlSearchText(search.q, onQuery, SEARCH_DEBOUNCE_MS);
  const input = { group, tab, ...(search.q ? { search: search.q } : {}), ...(search.category ? { category: search.category } : {}) };
  const list = useQuery({ ...trpc.reports.list.queryOptions(input), placeholderData: keepPreviousData });
  // The categories offered do not depend on the search: the last answer's stay while a search loads.
  const [categories, setCategories] = useState<TReportsListResponse["categories"]>([]);
  useEffect(() => {
    if (list.data) setCategories(list.data.categories);
  }, [list.data]);
  // Part 2 §6: HR and managers keep favourites; admins do not.
  const mayFavourite = me.role !== "ADMIN";
  const download = useReportDownload();
  const [favouriteNotice, setFavouriteNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const addFavourite = useMutation(trpc.reports.addFavourite.mutationOptions());
  const removeFavourite = useMutation(trpc.reports.removeFavourite.mutationOptions());

  if (list.isError && !list.data) {
    const code = errorCode(list.error);
    if (code === "NOT_FOUND") return <NotFoundPage />;
  }

  const onFavourite = async (report: TReportSummary) => {
    const on = !report.favourite;
    const key = trpc.reports.list.queryKey(input);
    const patch = (value: boolean) =>
      queryClient.setQueryData(key, (old) => (old ? { ...old, reports: old.reports.map((r) => (r.id === report.id ? { ...r, favourite: value } : r)) } : old));
    patch(on);
    setFavouriteNotice(null);
    try {
      const answer = await (on ? addFavourite : removeFavourite).mutateAsync({ group, reportId: report.id });
      patch(answer.favourite);
      setFavouriteNotice({ kind: "success", text: answer.favourite ? libraryMessages.favouriteAdded : libraryMessages.favouriteRemoved });
      void queryClient.invalidateQueries({ queryKey: trpc.reports.list.pathKey() });
    } catch (error) {
      patch(!on);
      setFavouriteNotice({ kind: "error", text: errorText(error, t("reports.favouriteFailed")) });
    }
  };

  const onDownload = (report: TReportSummary, format: "csv" | "xlsx") =>
    void download.start({ group, reportId: report.id, format, filters: {}, path: "/reporting/download" }, report.name, async () => {
      // The caller's saved filter defaults (else the spec's): what the report's own page starts with.
      const answer = await queryClient.fetchQuery({ ...trpc.reports.filters.queryOptions({ group, reportId: report.id }), staleTime: 0 });
      return answer.defaults;
    });

  const data = list.data;
  const all = data?.reports ?? [];
  const reports = search.fav && mayFavourite ? all.filter((r) => r.favourite) : all;
  const filtered = !!(search.q || search.category);

  let body;
  if (list.isPending) {
    body = <LoadingRows rows={4} rowClassName="h-16" />;
  } else if (list.isError && !data) {
    // A refusal for who the caller is (a manager whose reporting is off) is final: its text, no retry.
    const refused = errorCode(list.error) === "FORBIDDEN";
    body = <ErrorState message={errorText(list.error, t("reports.loadFailed"))} retryLabel={t("app.retry")} onRetry={refused ? undefined : () => void list.refetch()} />;
  } else if (reports.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={SearchX}
        title={t("reports.noMatch")}
        description={t("reports.noMatchBody")}
        action={
          <Button variant="outline" onClick={() => onSearchChange({ ...search, q: undefined, category: undefined })}>
            {t("reports.clearFilters")}
          </Button>
        }
      />
    ) : search.fav && all.length > 0 ? (
      <EmptyState icon={Star} title={t("reports.noFavourites")} />
    ) : (
      <EmptyState icon={FileSpreadsheet} title={t(`reports.empty.${tab}`)} description={t("reports.emptyBody")} />
    );
  } else {
    const categoryOf = (key: string) => categories.find((c) => c.key === key)?.label ?? key;
    const props = { group, reports, mayFavourite, onFavourite, onDownload, downloading: download.progress?.reportId ?? null, categoryOf };
    body = view === "list" ? <ReportList {...props} /> : <ReportThumbnails {...props} />;
  }

  return (
    <Tabs value={tab} onValueChange={(value) => onSearchChange({ ...search, tab: value === "CUSTOM" ? "custom" : undefined, category: undefined })}>
      <div className="flex flex-col gap-4 tablet:flex-row tablet:items-center tablet:justify-between">
        <TabsList aria-label={t("reports.tabs")}>
          <TabsTrigger value="BASE" data-testid="reports-tab-base">
            {t("reports.tab.BASE")}
          </TabsTrigger>
          <TabsTrigger value="CUSTOM" data-testid="reports-tab-custom">
            {t("reports.tab.CUSTOM")}
          </TabsTrigger>
        </TabsList>
        <div role="group" aria-label={t("reports.view")} className="inline-flex w-fit rounded-lg border border-border bg-muted p-1">
          {(["list", "thumbnails"] as const).map((v) => {
            const Icon = v === "list" ? List : LayoutGrid;
            return (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                data-testid={`reports-view-${v}`}
                className={cn(
                  "inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  view === v && "bg-surface text-foreground shadow-xs",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(v === "list" ? "reports.viewList" : "reports.viewThumbnails")}
              </button>
            );
          })}
        </div>
      </div>
      <TabsContent value={tab} className="mt-4">
        <Card className="min-w-0 overflow-hidden">
          <form
            role="search"
            aria-label={t("reports.search")}
            onSubmit={(e) => e.preventDefault()}
            className="grid grid-cols-1 gap-3 border-b border-border p-4 tablet:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] tablet:items-end tablet:p-6"
          >
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={searchId}>{t("reports.search")}</Label>
              <SearchInput id={searchId} maxLength={200} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("reports.searchPlaceholder")} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={categoryId}>{t("reports.category")}</Label>
              <NativeSelect id={categoryId} value={search.category ?? ""} onChange={(e) => onSearchChange({ ...search, category: e.target.value || undefined })}>
                <option value="">{t("reports.allCategories")}</option>
                {search.category && !categories.some((c) => c.key === search.category) ? <option value={search.category}>{search.category}</option> : null}
                {categories.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {mayFavourite ? (
              <div className="flex h-10 items-center gap-2">
                <Checkbox id={favId} checked={!!search.fav} onCheckedChange={(checked) => onSearchChange({ ...search, fav: checked === true ? true : undefined })} />
                <Label htmlFor={favId}>{t("reports.favouritesOnly")}</Label>
              </div>
            ) : null}
          </form>
          <div className="flex flex-col gap-3 px-4 pt-4 empty:hidden tablet:px-6">
            {favouriteNotice ? (
              <Alert variant={favouriteNotice.kind === "success" ? "success" : "destructive"} role={favouriteNotice.kind === "success" ? "status" : "alert"} data-testid="reports-favourite-notice">
                {favouriteNotice.text}
              </Alert>
            ) : null}
            <DownloadStatus progress={download.progress} outcome={download.outcome} />
          </div>
          {data && reports.length > 0 ? (
            <p className="px-4 pt-4 text-sm text-muted-foreground tablet:px-6" aria-live="polite" data-testid="reports-count">
              {t("reports.count", { count: reports.length })}
            </p>
          ) : null}
          <div aria-busy={list.isFetching || undefined} className={cn(list.isPlaceholderData && "opacity-60 transition-opacity")}>
            {body}
          </div>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

type ItemsProps = {
  group: string;
  reports: TReportSummary[];
  mayFavourite: boolean;
  onFavourite: (report: TReportSummary) => void;
  onDownload: (report: TReportSummary, format: "csv" | "xlsx") => void;
  /** The report being generated (its buttons wait). */
  downloading: number | null;
  /** A category's name (the list answers keys). */
  categoryOf: (key: string) => string;
};

/** The favourite star: a toggle button (aria-pressed), for HR and managers on reports they may favourite. */
function FavouriteToggle({ report, onFavourite }: { report: TReportSummary; onFavourite: (report: TReportSummary) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-pressed={report.favourite}
      aria-label={t("reports.favouriteOf", { name: report.name })}
      onClick={() => onFavourite(report)}
      data-testid="report-favourite"
    >
      <Star aria-hidden="true" className={cn(report.favourite ? "fill-warning-border text-warning-foreground" : "text-muted-foreground")} />
    </Button>
  );
}

/** The report's page link and its two downloads. */
function ReportActions({ group, report, onDownload, downloading }: { group: string; report: TReportSummary; onDownload: ItemsProps["onDownload"]; downloading: number | null }) {
  const { t } = useTranslation();
  const waiting = downloading !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to="/$group/reports/$reportId" params={{ group, reportId: String(report.id) }} aria-label={t("reports.previewOf", { name: report.name })} data-testid="report-preview-link">
          {t("reports.preview")}
        </Link>
      </Button>
      <Button variant="outline" size="sm" busy={downloading === report.id} disabled={waiting} aria-label={t("reports.downloadCsvOf", { name: report.name })} onClick={() => onDownload(report, "csv")} data-testid="report-download-csv">
        {t("reports.downloadCsv")}
      </Button>
      <Button variant="outline" size="sm" disabled={waiting} aria-label={t("reports.downloadXlsxOf", { name: report.name })} onClick={() => onDownload(report, "xlsx")} data-testid="report-download-xlsx">
        {t("reports.downloadXlsx")}
      </Button>
    </div>
  );
}

/** What kind of report it is, in words (part 2 §3: CUSTOM configured, OLD custom); BASE reports need no badge. */
function TypeBadge({ report }: { report: TReportSummary }) {
  const { t } = useTranslation();
  if (report.type === "BASE") return null;
  return <Badge variant="info">{t(report.type === "CUSTOM" ? "reports.typeCustom" : "reports.typeOld")}</Badge>;
}

function ReportList({ group, reports, mayFavourite, onFavourite, onDownload, downloading, categoryOf }: ItemsProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("reports.list")} className="divide-y divide-border" data-testid="reports-list">
      {reports.map((report) => (
        <li key={report.id} className="flex flex-col gap-3 px-4 py-4 desktop:flex-row desktop:items-center desktop:gap-6 tablet:px-6" data-testid="report-item" data-report-id={report.id}>
          <div className="flex min-w-0 flex-1 items-start gap-3">
            {mayFavourite && report.canFavourite ? <FavouriteToggle report={report} onFavourite={onFavourite} /> : null}
            <div className="flex min-w-0 flex-col gap-1">
              <h3 className="font-medium text-foreground [overflow-wrap:anywhere]" data-testid="report-name">
                {report.name}
              </h3>
              {report.description ? <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{report.description}</p> : null}
              <div className="flex flex-wrap gap-2">
                <Badge>{categoryOf(report.category)}</Badge>
                <TypeBadge report={report} />
              </div>
            </div>
          </div>
          <ReportActions group={group} report={report} onDownload={onDownload} downloading={downloading} />
        </li>
      ))}
    </ul>
  );
}

function ReportThumbnails({ group, reports, mayFavourite, onFavourite, onDownload, downloading, categoryOf }: ItemsProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("reports.list")} className="grid grid-cols-1 gap-4 p-4 tablet:grid-cols-2 tablet:p-6 desktop:grid-cols-3" data-testid="reports-thumbnails">
      {reports.map((report) => {
        const shown = report.thumbnail.columnTitles.slice(0, 4);
        const more = report.thumbnail.columnTitles.length - shown.length;
        const Icon = ICONS[report.thumbnail.icon] ?? Table;
        return (
          <li key={report.id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4" data-testid="report-item" data-report-id={report.id}>
            {/* A picture of the sheet: its icon, its first column titles as a header row over blank lines. */}
            <div aria-hidden="true" className="relative overflow-hidden rounded-md border border-border bg-muted/60">
              <Icon className="absolute bottom-2 right-2 size-6 text-primary/70" />
              <div className="grid grid-cols-4 gap-px border-b border-border bg-border">
                {Array.from({ length: 4 }, (_, i) => (
                  <span key={i} className="truncate bg-primary-soft px-1.5 py-1 text-[11px] font-semibold text-primary">
                    {shown[i] ?? ""}
                  </span>
                ))}
              </div>
              {Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="mx-1.5 my-2 h-1.5 rounded bg-border" />
              ))}
            </div>
            <div className="flex items-start gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h3 className="font-medium text-foreground [overflow-wrap:anywhere]" data-testid="report-name">
                  {report.name}
                </h3>
                <div className="flex flex-wrap gap-2">
                  <Badge>{categoryOf(report.category)}</Badge>
                  <TypeBadge report={report} />
                </div>
              </div>
              {mayFavourite && report.canFavourite ? <FavouriteToggle report={report} onFavourite={onFavourite} /> : null}
            </div>
            {shown.length > 0 ? (
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {t("reports.columnsPreview", { columns: shown.join(", ") })}
                {more > 0 ? ` ${t("reports.moreColumns", { count: more })}` : ""}
              </p>
            ) : null}
            <div className="mt-auto">
              <ReportActions group={group} report={report} onDownload={onDownload} downloading={downloading} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
