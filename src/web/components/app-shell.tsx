import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from "react";
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

const SESSION_CHECK_MS = 60_000;
const CROWDED_NAV_ITEMS = 6;

type NavItem =
  | {
      key: string;
      label: MessageId;
      to: "/" | "/admin" | "/admin/outbox" | "/finance" | "/crm" | "/supplier" | "/admin/resetPassword" | "/admin/anonymizeUser" | "/admin/sso" | "/admin/policy/group-setup" | "/admin/form-builder" | "/admin/cost-estimates" | "/admin/mercer";
    }
  | { key: string; label: MessageId; to: "/$group/home"; group: string }
  /** The new-move wizard of the own group (HR). */
  | { key: string; label: MessageId; to: "/$group/new-move"; group: string }
  /** The policy search, for HR fixed to the own group. */
  | { key: string; label: MessageId; to: "/policy/search"; group?: string };

/** The pages each role works in, in the order they appear in the header. */
export function navItemsFor(user: SignedInUser): NavItem[] {
  switch (user.role) {
    case "EMPLOYEE":
      return [{ key: "home", label: "nav.home", to: "/" }];
    case "HR":
    case "MANAGER":
      if (!user.group) return [{ key: "home", label: "nav.home", to: "/" }];
      return user.role === "HR"
        ? [
            { key: "group", label: "nav.groupHome", to: "/$group/home", group: user.group.name },
            { key: "newMove", label: "nav.newMove", to: "/$group/new-move", group: user.group.name },
            { key: "policies", label: "nav.policies", to: "/policy/search", group: user.group.name },
          ]
        : [{ key: "group", label: "nav.groupHome", to: "/$group/home", group: user.group.name }];
    case "ADMIN":
      return [
        { key: "admin", label: "nav.adminHome", to: "/admin" },
        { key: "finance", label: "nav.financeHome", to: "/finance" },
        { key: "crm", label: "nav.crmHome", to: "/crm" },
        { key: "outbox", label: "nav.outbox", to: "/admin/outbox" },
        { key: "resetPassword", label: "nav.adminResetPassword", to: "/admin/resetPassword" },
        { key: "anonymize", label: "nav.adminAnonymize", to: "/admin/anonymizeUser" },
        { key: "sso", label: "nav.adminSso", to: "/admin/sso" },
        { key: "policies", label: "nav.policies", to: "/policy/search" },
        { key: "policyGroupSetup", label: "nav.policyGroupSetup", to: "/admin/policy/group-setup" },
        { key: "formBuilder", label: "nav.formBuilder", to: "/admin/form-builder" },
        { key: "costEstimates", label: "nav.costEstimates", to: "/admin/cost-estimates" },
        { key: "cityIndices", label: "nav.cityIndices", to: "/admin/mercer" },
      ];
    case "FINANCE":
      return [{ key: "finance", label: "nav.financeHome", to: "/finance" }];
    case "CRM":
      return [{ key: "crm", label: "nav.crmHome", to: "/crm" }];
    case "SUPPLIER":
      return [{ key: "supplier", label: "nav.supplierHome", to: "/supplier" }];
  }
}

const navLinkClasses =
  "inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground data-[status=active]:bg-primary-soft data-[status=active]:text-primary";

function NavLinks({ items, className, onNavigate }: { items: NavItem[]; className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.key}>
          {item.to === "/$group/home" ? (
            <Link to="/$group/home" params={{ group: item.group }} className={navLinkClasses} onClick={onNavigate}>
              {t(item.label)}
            </Link>
          ) : item.to === "/$group/new-move" ? (
            <Link
              to="/$group/new-move"
              params={{ group: item.group }}
              search={{ stage: 1 }}
              className={navLinkClasses}
              activeOptions={{ includeSearch: false }}
              onClick={onNavigate}
            >
              {t(item.label)}
            </Link>
          ) : item.to === "/policy/search" ? (
            <Link
              to="/policy/search"
              search={item.group ? { group: item.group } : {}}
              className={navLinkClasses}
              activeOptions={{ exact: true, includeSearch: false }}
              onClick={onNavigate}
            >
              {t(item.label)}
            </Link>
          ) : (
            <Link to={item.to} className={navLinkClasses} activeOptions={{ exact: true, includeSearch: false }} onClick={onNavigate}>
              {t(item.label)}
            </Link>
          )}
        </li>
      ))}
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
  const items = navItemsFor(user);
  // A long list (the administrator's) does not fit a tablet or small desktop header: it stays behind the menu button below 1200 px.
  const crowded = items.length > CROWDED_NAV_ITEMS;
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

  const home = items[0];
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
            <NavLinks items={items} className="flex items-center gap-1" />
          </nav>
          <div className="ml-auto flex items-center gap-2">
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
          className={cn("border-t border-border bg-surface px-4 py-3", crowded ? "min-[1200px]:hidden" : "tablet:hidden", !menuOpen && "hidden")}
        >
          <NavLinks items={items} className="flex flex-col gap-1" onNavigate={() => setMenuOpen(false)} />
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

