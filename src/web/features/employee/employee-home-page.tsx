import { Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSignedInUser } from "../../lib/session.ts";

/** "/" for employees: a welcome and, until HR initiates a move, the empty move hub. */
export function EmployeeHomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        eyebrow={user.group ? t("employee.companyLine", { group: user.group.displayName }) : undefined}
        title={t("home.welcome", { name: user.firstName })}
      />
      <Card>
        <EmptyState icon={Plane} title={t("employee.noMoveTitle")} description={t("employee.noMoveBody")} className="py-20" />
      </Card>
    </>
  );
}
