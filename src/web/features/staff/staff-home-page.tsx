import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Banknote, BellRing, Building2, CalendarClock, ClipboardCheck, Landmark, PhoneCall, Receipt, ReceiptText, Repeat, Wallet, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MessageId } from "../../../domain/i18n/en.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

type StaffArea = "finance" | "crm";

type WorkLink = {
  to: "/finance/bill-approval" | "/finance/bill-management" | "/finance/accounts" | "/finance/bank-accounts" | "/finance/lock-periods" | "/finance/expenses" | "/finance/external-spend/new" | "/crm/adhoc-charges/new" | "/crm/welcome-calls" | "/crm/reminders";
  title: MessageId;
  description: MessageId;
  icon: LucideIcon;
};

// Only what works today: each area's own pages join this home as they land (welcome calls for CRM
// later), never ahead of the code.
const areas: Record<StaffArea, { title: MessageId; description: MessageId; work: WorkLink[] }> = {
  finance: {
    title: "finance.title",
    description: "finance.description",
    work: [
      { to: "/finance/bill-approval", title: "staffWork.billApproval", description: "staffWork.billApprovalDescription", icon: ClipboardCheck },
      { to: "/finance/bill-management", title: "staffWork.billManagement", description: "staffWork.billManagementDescription", icon: ReceiptText },
      { to: "/finance/accounts", title: "staffWork.accounts", description: "staffWork.accountsDescription", icon: Wallet },
      { to: "/finance/bank-accounts", title: "staffWork.bankAccounts", description: "staffWork.bankAccountsDescription", icon: Landmark },
      { to: "/finance/lock-periods", title: "staffWork.lockPeriods", description: "staffWork.lockPeriodsDescription", icon: CalendarClock },
      { to: "/finance/expenses", title: "staffWork.expenses", description: "staffWork.expensesDescription", icon: Receipt },
      { to: "/finance/external-spend/new", title: "staffWork.externalSpend", description: "staffWork.externalSpendDescription", icon: Banknote },
      { to: "/crm/adhoc-charges/new", title: "staffWork.adhocCharge", description: "staffWork.adhocChargeDescription", icon: Repeat },
    ],
  },
  crm: {
    title: "crm.title",
    description: "crm.description",
    work: [
      // The requested welcome calls (issue 24 §3), until the CRM welcome-call workspace replaces the list.
      { to: "/crm/welcome-calls", title: "staffWork.welcomeCalls", description: "staffWork.welcomeCallsDescription", icon: PhoneCall },
      { to: "/crm/reminders", title: "staffWork.crmReminders", description: "staffWork.crmRemindersDescription", icon: BellRing },
      { to: "/crm/adhoc-charges/new", title: "staffWork.adhocCharge", description: "staffWork.adhocChargeDescription", icon: Repeat },
    ],
  },
};

/** The area's pages, one card each (the whole card is the link). */
function WorkCards({ links }: { links: WorkLink[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="staff-work-title" className="mb-8">
      <h2 id="staff-work-title" className="mb-4 text-lg font-semibold">
        {t("staffWork.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {links.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-primary-soft/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium">{t(title)}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{t(description)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Read-only list of the client groups platform staff serve. */
function ClientGroups() {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  return (
    <section aria-labelledby="client-groups-title">
      <Card className="h-full">
        <CardHeader className="border-b border-border pb-5">
          <CardTitle id="client-groups-title">{t("staff.clientGroups")}</CardTitle>
          <CardDescription>{t("staff.clientGroupsDescription")}</CardDescription>
        </CardHeader>
        <QueryView
          query={groups}
          loading={<LoadingRows rowClassName="h-12" />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon={Building2} headingLevel={3} title={t("admin.groupsEmpty")} />}
        >
          {(list) => (
          <ul className="divide-y divide-border">
            {list.map((group) => (
              <li key={group.id} className="flex items-center gap-4 px-6 py-4">
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                  <Building2 className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{group.displayName}</p>
                  <p className="text-sm text-muted-foreground">{t("staff.userCount", { count: group.userCount })}</p>
                </div>
                <Badge variant={group.status === "ACTIVE" ? "success" : "destructive"} dot>
                  {t(`status.${group.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
          )}
        </QueryView>
      </Card>
    </section>
  );
}

/** /finance and /crm: a greeting and the client groups. */
export function StaffHomePage({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const config = areas[area];
  return (
    <>
      <PageHeader eyebrow={t(config.title)} title={t("home.welcome", { name: user.firstName })} description={t(config.description)} />
      <WorkCards links={config.work} />
      <ClientGroups />
    </>
  );
}
