import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MessageId } from "../../../domain/i18n/en.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

type StaffArea = "finance" | "crm";

// Only what works today: each area's own pages join this home as they land (bill approval and
// management for finance, welcome calls for CRM), never ahead of the code.
const areas: Record<StaffArea, { title: MessageId; description: MessageId }> = {
  finance: { title: "finance.title", description: "finance.description" },
  crm: { title: "crm.title", description: "crm.description" },
};

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
      <ClientGroups />
    </>
  );
}
