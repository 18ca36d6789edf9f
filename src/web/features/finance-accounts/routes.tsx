/**
 * Finance pages: accounts (issue 16; part 2 §2 "Account management", "Lock periods screen", §4 bank
 * accounts), for FINANCE and ADMIN:
 * - /finance/accounts?type&userId&groupId&companyId&currency: search, results, create dialog;
 * - /finance/accounts/$accountId?page: details, edit, entries with running balance, manual adjustment;
 * - /finance/bank-accounts?employeeId: an employee's bank accounts, lock/unlock;
 * - /finance/lock-periods: the periods and the add form.
 */
import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
/** The account types (src/domain/finance/schemas-accounts.ts ACCOUNT_TYPES), here so the route module stays small. */
const ACCOUNT_TYPES = ["Client", "Vendor", "Employee"] as const;
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const AccountsPage = lazyRouteComponent(() => import("./accounts-page.tsx"), "FinanceAccountsPage");
const AccountPage = lazyRouteComponent(() => import("./account-page.tsx"), "FinanceAccountPage");
const BankAccountsPage = lazyRouteComponent(() => import("./bank-accounts-page.tsx"), "FinanceBankAccountsPage");
const LockPeriodsPage = lazyRouteComponent(() => import("./lock-periods-page.tsx"), "FinanceLockPeriodsPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-finance-accounts.ts").then((m) => m.enFinanceAccounts));

const id = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
const ROLES = ["FINANCE", "ADMIN"] as const;

const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/accounts",
  validateSearch: z.object({
    type: z.enum(ACCOUNT_TYPES).optional().catch(undefined),
    userId: id,
    groupId: id,
    companyId: id,
    currency: z.string().regex(/^[A-Z]{3}$/).optional().catch(undefined),
  }),
  component: withPages(function FinanceAccountsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAccounts.title"));
    const search = accountsRoute.useSearch();
    const navigate = accountsRoute.useNavigate();
    return (
      <RoleGate roles={ROLES}>
        <AccountsPage search={search} onSearch={(next) => void navigate({ search: next })} />
      </RoleGate>
    );
  }, AccountsPage, texts),
});

const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/accounts/$accountId",
  validateSearch: z.object({ page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined) }),
  component: withPages(function FinanceAccountRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAccounts.details"));
    const { accountId } = accountRoute.useParams();
    const { page } = accountRoute.useSearch();
    const navigate = accountRoute.useNavigate();
    const parsed = Number(accountId);
    return (
      <RoleGate roles={ROLES}>
        <AccountPage
          key={accountId}
          accountId={Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0}
          page={page ?? 1}
          onPage={(next) => void navigate({ search: { page: next === 1 ? undefined : next }, replace: true })}
        />
      </RoleGate>
    );
  }, AccountPage, texts),
});

const bankAccountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/bank-accounts",
  validateSearch: z.object({ employeeId: id }),
  component: withPages(function FinanceBankAccountsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAccounts.bankTitle"));
    const { employeeId } = bankAccountsRoute.useSearch();
    const navigate = bankAccountsRoute.useNavigate();
    return (
      <RoleGate roles={ROLES}>
        <BankAccountsPage employeeId={employeeId} onEmployee={(next) => void navigate({ search: { employeeId: next } })} />
      </RoleGate>
    );
  }, BankAccountsPage, texts),
});

const lockPeriodsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/lock-periods",
  component: withPages(function FinanceLockPeriodsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAccounts.lockPeriodsTitle"));
    return (
      <RoleGate roles={ROLES}>
        <LockPeriodsPage />
      </RoleGate>
    );
  }, LockPeriodsPage, texts),
});

/**
 * `/accountmanagement/` (part 2 §2 "Account management under /accountmanagement/") opens the accounts page
 * (issue 23 item 22): the documented root is where the finance calls live, and a person who types it lands
 * on the account search (with the same search fields).
 */
const accountManagementRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/accountmanagement",
  beforeLoad: ({ search }) => {
    throw redirect({ to: "/finance/accounts", search: search as never, replace: true });
  },
});

export const financeAccountsRoutes = { public: [], app: [accountsRoute, accountRoute, bankAccountsRoute, lockPeriodsRoute, accountManagementRoute] };
