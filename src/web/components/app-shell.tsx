import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { ChevronDown, Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MessageId } from "../../domain/i18n/en.ts";
import { useRegisterClientInfo } from "../lib/client-info.ts";
import { errorCode } from "../lib/errors.ts";
import { fullName, type SignedInUser } from "../lib/session.ts";
import { trpc } from "../lib/trpc.ts";
import { cn, initialsOf } from "../lib/utils.ts";
import { Brand } from "./brand.tsx";
import { AccountButton } from "./account-button.tsx";
import { Button } from "./ui/button.tsx";

// Not needed for the frame's first paint, so their own chunks (with the Radix menu and alert dialog).
const loadUserMenu = () => import("./user-menu.tsx");
const LazyUserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));
const InactivityDialog = lazy(() => import("./inactivity-dialog.tsx").then((m) => ({ default: m.InactivityDialog })));
const NotificationBell = lazy(() => import("../features/notifications/notification-bell.tsx").then((m) => ({ default: m.NotificationBell })));

const SESSION_CHECK_MS = 60_000;

type NavItem =
  | {
      key: string;
      label: MessageId;
      to: "/" | "/admin" | "/admin/outbox" | "/admin/client-errors" | "/finance" | "/crm" | "/supplier" | "/admin/resetPassword" | "/admin/anonymizeUser" | "/admin/sso" | "/admin/policy/group-setup" | "/admin/form-builder" | "/admin/terms-form" | "/admin/cost-estimates" | "/admin/mercer" | "/admin/tags/manage" | "/admin/hr-settings" | "/admin/managers/list" | "/admin/reports" | "/admin/reporting/reminders" | "/finance/accuracy" | "/crm/reminders"
        | "/finance/bill-approval" | "/finance/bill-management" | "/finance/accounts" | "/finance/bank-accounts" | "/finance/lock-periods" | "/finance/expenses" | "/finance/external-spend/new" | "/crm/adhoc-charges/new"
        /** The employee's pages (issue 24 §4). */
        | "/movehub" | "/expenses" | "/files" | "/comparison" | "/overview" | "/connections" | "/user/sign-in-methods";
    }
  | { key: string; label: MessageId; to: "/$group/home"; group: string }
  /** The new-move wizard of the own group (HR). */
  | { key: string; label: MessageId; to: "/$group/new-move"; group: string }
  /** The own group's reporting pages (HR and managers; issue 26): reports, charts, the own dashboard of saved charts, reminders, third-party dashboards. */
  | { key: string; label: MessageId; to: "/$group/reports" | "/$group/summary/chart" | "/$group/my-dashboard" | "/$group/reporting/reminders" | "/$group/dashboards"; group: string }
  /** The policy search, for HR fixed to the own group. */
  | { key: string; label: MessageId; to: "/policy/search"; group?: string };

/** Links that belong together, behind one button in the header (a sectioned list in the phone menu). */
type NavGroup = {
  key: string;
  label: MessageId;
  items: NavItem[];
  /** Paths (prefixes) of the pages that count as this group's, besides its links' own. */
  covers?: string[];
};

type NavEntry = NavItem | NavGroup;

const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

/** The pages each role works in, in the order they appear in the header: links, or groups of links. */
export function navEntriesFor(user: SignedInUser): NavEntry[] {
  switch (user.role) {
    case "EMPLOYEE":
      // Issue 24 §4: every page of the employee's (header on desktop, the menu on phones); the account menu has the account page too.
      return [
        { key: "home", label: "nav.home", to: "/" },
        { key: "movehub", label: "nav.moveHub", to: "/movehub" },
        { key: "expenses", label: "nav.expenses", to: "/expenses" },
        { key: "files", label: "nav.files", to: "/files" },
        { key: "quotes", label: "nav.quotes", to: "/comparison" },
        { key: "overview", label: "nav.overview", to: "/overview" },
        { key: "connections", label: "nav.connections", to: "/connections" },
        { key: "account", label: "nav.account", to: "/user/sign-in-methods" },
      ];
    case "HR":
    case "MANAGER":
      if (!user.group) return [{ key: "home", label: "nav.home", to: "/" }];
      return user.role === "HR"
        ? [
            { key: "group", label: "nav.groupHome", to: "/$group/home", group: user.group.name },
            { key: "newMove", label: "nav.newMove", to: "/$group/new-move", group: user.group.name },
            { key: "policies", label: "nav.policies", to: "/policy/search", group: user.group.name },
            { key: "termsForm", label: "nav.termsForm", to: "/admin/terms-form" },
            reportingGroup(user.group.name, true),
          ]
        : [
            { key: "group", label: "nav.groupHome", to: "/$group/home", group: user.group.name },
            reportingGroup(user.group.name, false),
          ];
    case "ADMIN":
      // Twelve pages: four groups and the home, so the header keeps one line (issue 13).
      return [
        { key: "admin", label: "nav.adminHome", to: "/admin" },
        {
          key: "staff",
          label: "nav.groupStaff",
          covers: ["/finance/", "/crm/"],
          items: [
            { key: "finance", label: "nav.financeHome", to: "/finance" },
            { key: "billApproval", label: "nav.billApproval", to: "/finance/bill-approval" },
            { key: "billManagement", label: "nav.billManagement", to: "/finance/bill-management" },
            { key: "financeAccounts", label: "nav.financeAccounts", to: "/finance/accounts" },
            { key: "crm", label: "nav.crmHome", to: "/crm" },
            { key: "adhocCharge", label: "nav.adhocCharge", to: "/crm/adhoc-charges/new" },
          ],
        },
        {
          key: "policies",
          label: "nav.groupPolicies",
          covers: ["/policy/", "/admin/policy/"],
          items: [
            { key: "policies", label: "nav.policies", to: "/policy/search" },
            { key: "policyGroupSetup", label: "nav.policyGroupSetup", to: "/admin/policy/group-setup" },
            { key: "formBuilder", label: "nav.formBuilder", to: "/admin/form-builder" },
            { key: "termsForm", label: "nav.termsForm", to: "/admin/terms-form" },
          ],
        },
        {
          key: "estimates",
          label: "nav.groupEstimates",
          items: [
            { key: "costEstimates", label: "nav.costEstimates", to: "/admin/cost-estimates" },
            { key: "cityIndices", label: "nav.cityIndices", to: "/admin/mercer" },
          ],
        },
        {
          key: "tools",
          label: "nav.groupTools",
          items: [
            { key: "managers", label: "nav.managers", to: "/admin/managers/list" },
            { key: "sso", label: "nav.adminSso", to: "/admin/sso" },
            { key: "resetPassword", label: "nav.adminResetPassword", to: "/admin/resetPassword" },
            { key: "anonymize", label: "nav.adminAnonymize", to: "/admin/anonymizeUser" },
            { key: "outbox", label: "nav.outbox", to: "/admin/outbox" },
            { key: "clientErrors", label: "nav.clientErrors", to: "/admin/client-errors" },
            { key: "tags", label: "nav.tags", to: "/admin/tags/manage" },
            { key: "hrSettings", label: "nav.hrSettings", to: "/admin/hr-settings" },
            { key: "reports", label: "nav.reports", to: "/admin/reports" },
            { key: "reminders", label: "nav.reminders", to: "/admin/reporting/reminders" },
          ],
        },
      ];
    case "FINANCE":
      return [
        { key: "finance", label: "nav.financeHome", to: "/finance" },
        { key: "billApproval", label: "nav.billApproval", to: "/finance/bill-approval" },
        { key: "billManagement", label: "nav.billManagement", to: "/finance/bill-management" },
        {
          key: "financeAccounts",
          label: "nav.groupFinanceAccounts",
          covers: ["/finance/accounts/"],
          items: [
            { key: "financeAccounts", label: "nav.financeAccounts", to: "/finance/accounts" },
            { key: "bankAccounts", label: "nav.bankAccounts", to: "/finance/bank-accounts" },
            { key: "lockPeriods", label: "nav.lockPeriods", to: "/finance/lock-periods" },
          ],
        },
        {
          key: "financeSpend",
          label: "nav.groupFinanceSpend",
          covers: ["/finance/moves/", "/crm/adhoc-charges/"],
          items: [
            { key: "financeExpenses", label: "nav.financeExpenses", to: "/finance/expenses" },
            { key: "accuracy", label: "nav.accuracy", to: "/finance/accuracy" },
            { key: "externalSpend", label: "nav.externalSpend", to: "/finance/external-spend/new" },
            { key: "adhocCharge", label: "nav.adhocCharge", to: "/crm/adhoc-charges/new" },
          ],
        },
      ];
    case "CRM":
      return [
        { key: "crm", label: "nav.crmHome", to: "/crm" },
        { key: "crmReminders", label: "nav.reminders", to: "/crm/reminders" },
        { key: "adhocCharge", label: "nav.adhocCharge", to: "/crm/adhoc-charges/new" },
      ];
    case "SUPPLIER":
      return [{ key: "supplier", label: "nav.supplierHome", to: "/supplier" }];
  }
}

/** The own group's reporting pages behind one header button (issue 26); reminders are HR's to configure. */
function reportingGroup(group: string, hr: boolean): NavGroup {
  return {
    key: "reporting",
    label: "nav.groupReporting",
    covers: [`/${group}/reports`, `/${group}/summary/`, `/${group}/reporting/`],
    items: [
      { key: "reports", label: "nav.reports", to: "/$group/reports", group },
      { key: "charts", label: "nav.charts", to: "/$group/summary/chart", group },
      { key: "myDashboard", label: "nav.myDashboard", to: "/$group/my-dashboard", group },
      ...(hr ? [{ key: "reminders", label: "nav.reminders", to: "/$group/reporting/reminders", group } as const] : []),
      { key: "dashboards", label: "nav.dashboards", to: "/$group/dashboards", group },
    ],
  };
}

/** Every link of the entries, groups flattened. */
export function navItemsFor(user: SignedInUser): NavItem[] {
  return navEntriesFor(user).flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));
}

/** Whether the page at `pathname` is one of the group's (its button is then marked). */
function groupIsCurrent(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => item.to === pathname) || (group.covers ?? []).some((prefix) => pathname.startsWith(prefix));
}

const navLinkClasses =
  "inline-flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-primary-soft data-[status=active]:text-primary";

/** One navigation link; the router marks the current page's (data-status=active, aria-current=page). */
function NavLink({ item, className, onNavigate }: { item: NavItem; className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const classes = cn(navLinkClasses, className);
  if (item.to === "/$group/home") {
    return (
      <Link to="/$group/home" params={{ group: item.group }} className={classes} onClick={onNavigate}>
        {t(item.label)}
      </Link>
    );
  }
  if (item.to === "/$group/new-move") {
    return (
      <Link to="/$group/new-move" params={{ group: item.group }} search={{ stage: 1 }} className={classes} activeOptions={{ includeSearch: false }} onClick={onNavigate}>
        {t(item.label)}
      </Link>
    );
  }
  if (item.to === "/$group/reports" || item.to === "/$group/summary/chart" || item.to === "/$group/my-dashboard" || item.to === "/$group/reporting/reminders" || item.to === "/$group/dashboards") {
    return (
      <Link to={item.to} params={{ group: item.group }} className={classes} activeOptions={{ includeSearch: false }} onClick={onNavigate}>
        {t(item.label)}
      </Link>
    );
  }
  if (item.to === "/policy/search") {
    return (
      <Link
        to="/policy/search"
        search={item.group ? { group: item.group } : {}}
        className={classes}
        activeOptions={{ exact: true, includeSearch: false }}
        onClick={onNavigate}
      >
        {t(item.label)}
      </Link>
    );
  }
  return (
    <Link to={item.to} className={classes} activeOptions={{ exact: true, includeSearch: false }} onClick={onNavigate}>
      {t(item.label)}
    </Link>
  );
}

/**
 * A group of links behind a button (the disclosure pattern for site navigation): Enter, Space or
 * ↓ opens it, ↑/↓/Home/End move between its links, Escape closes it and returns to the button; a
 * click elsewhere or focus leaving it closes it too. The links stay links, the current page's
 * marked with aria-current=page, and the button shows when one of its pages is open.
 */
function NavGroupButton({ group, open, onOpenChange, current }: { group: NavGroup; open: boolean; onOpenChange: (open: boolean) => void; current: boolean }) {
  const { t } = useTranslation();
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>("[data-nav-panel] a") ?? []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, onOpenChange]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case "Escape":
        if (!open) return;
        event.preventDefault();
        onOpenChange(false);
        buttonRef.current?.focus();
        return;
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          onOpenChange(true);
          requestAnimationFrame(() => links()[0]?.focus());
        } else focusAt(index + 1);
        return;
      case "ArrowUp":
        if (!open) return;
        event.preventDefault();
        focusAt(index < 0 ? items.length - 1 : index - 1);
        return;
      case "Home":
      case "End":
        if (!open || index < 0) return;
        event.preventDefault();
        focusAt(event.key === "Home" ? 0 : items.length - 1);
        return;
    }
  };

  return (
    <li
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-current={current || undefined}
        className={cn(navLinkClasses, "gap-1 data-[current]:bg-primary-soft data-[current]:text-primary", open && "bg-muted text-foreground")}
        onClick={() => onOpenChange(!open)}
      >
        {t(group.label)}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div
        id={panelId}
        data-nav-panel=""
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1.5 min-w-56 rounded-lg border border-border bg-surface p-1 shadow-dialog"
      >
        <ul className="flex flex-col">
          {group.items.map((item) => (
            <li key={item.key}>
              <NavLink item={item} className="flex w-full" onNavigate={() => onOpenChange(false)} />
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** The header's navigation: links and groups on one line. */
function DesktopNav({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  useEffect(() => setOpenKey(null), [pathname]);
  return (
    <ul className="flex items-center gap-1">
      {entries.map((entry) =>
        isGroup(entry) ? (
          <NavGroupButton
            key={entry.key}
            group={entry}
            current={groupIsCurrent(entry, pathname)}
            open={openKey === entry.key}
            onOpenChange={(open) => setOpenKey(open ? entry.key : null)}
          />
        ) : (
          <li key={entry.key}>
            <NavLink item={entry} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The phone (and, for long lists, tablet) menu: every link, groups as labelled sections. */
function PanelNav({ entries, onNavigate }: { entries: NavEntry[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const baseId = useId();
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((entry) =>
        isGroup(entry) ? (
          <li key={entry.key} className="mt-2 border-t border-border pt-2 first:mt-0 first:border-0 first:pt-0">
            <p id={`${baseId}-${entry.key}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {t(entry.label)}
            </p>
            <ul aria-labelledby={`${baseId}-${entry.key}`} className="flex flex-col gap-1">
              {entry.items.map((item) => (
                <li key={item.key}>
                  <NavLink item={item} className="flex" onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </li>
        ) : (
          <li key={entry.key}>
            <NavLink item={entry} className="flex" onNavigate={onNavigate} />
          </li>
        ),
      )}
    </ul>
  );
}

/** The account menu: its chunk is fetched once the frame has painted; until then the same button stands in. */
function UserMenu({ user }: { user: SignedInUser }) {
  // A click before the menu's chunk arrived opens it once it has.
  const [clicked, setClicked] = useState(false);
  useEffect(() => void loadUserMenu(), []);
  return (
    <Suspense fallback={<AccountButton user={user} aria-haspopup="menu" aria-expanded={false} onClick={() => setClicked(true)} />}>
      <LazyUserMenu user={user} defaultOpen={clicked} />
    </Suspense>
  );
}

/**
 * The signed-in frame: skip link, header (product name, role navigation, account menu), main landmark.
 * Also checks every 60 s that the session is alive; an ended session shows the inactivity alert, then "/".
 */
export function AppShell({ user, children }: { user: SignedInUser; children: ReactNode }) {
  const { t } = useTranslation();
  const entries = navEntriesFor(user);
  // The administrator's groups do not fit a tablet or small desktop header: they stay behind the menu button below 1200 px.
  // So do the employee's eight pages (issue 24 §4).
  const crowded = entries.some(isGroup) || entries.length > 6;
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileNavId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  const ping = useQuery({
    ...trpc.auth.ping.queryOptions(undefined, { refetchInterval: SESSION_CHECK_MS, refetchIntervalInBackground: true, staleTime: 0 }),
    meta: { sessionCheck: true },
  });
  // part 2 §8: an ended session shows the inactivity alert, then goes to "/".
  const sessionEnded = ping.isError && errorCode(ping.error) === "UNAUTHORIZED";
  useRegisterClientInfo();

  useEffect(() => setMenuOpen(false), [pathname]);

  const first = entries[0];
  const home = first && !isGroup(first) ? first : undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {t("app.skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 tablet:px-6 desktop:px-8">
          {home && home.to === "/$group/home" ? (
            <Link to="/$group/home" params={{ group: home.group }} aria-label={`${t("app.name")}: ${t(home.label)}`}>
              <Brand />
            </Link>
          ) : (
            <Link to={home?.to ?? "/"} aria-label={`${t("app.name")}: ${t(home?.label ?? "nav.home")}`}>
              <Brand />
            </Link>
          )}
          <nav aria-label={t("app.mainNavigation")} className={cn("ml-4 hidden", crowded ? "min-[1200px]:block" : "tablet:block")}>
            <DesktopNav entries={entries} pathname={pathname} />
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <UserMenu user={user} />
            <Button
              variant="ghost"
              size="icon"
              className={crowded ? "min-[1200px]:hidden" : "tablet:hidden"}
              aria-expanded={menuOpen}
              aria-controls={mobileNavId}
              aria-label={menuOpen ? t("app.closeMenu") : t("app.openMenu")}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          </div>
        </div>
        <nav
          id={mobileNavId}
          aria-label={t("app.mainNavigation")}
          hidden={!menuOpen}
          className={cn(
            "max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-surface px-4 py-3",
            crowded ? "min-[1200px]:hidden" : "tablet:hidden",
            !menuOpen && "hidden",
          )}
        >
          <PanelNav entries={entries} onNavigate={() => setMenuOpen(false)} />
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none tablet:px-6 desktop:px-8 desktop:py-10">
        {children}
      </main>
      {sessionEnded ? (
        <Suspense fallback={null}>
          <InactivityDialog open />
        </Suspense>
      ) : null}
      <footer className="border-t border-border">
        <div className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted-foreground tablet:px-6 desktop:px-8">
          {t("app.name")} · {t("app.tagline")}
        </div>
      </footer>
    </div>
  );
}

