import { Link } from "@tanstack/react-router";
import { ListTodo, Plane, Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSignedInUser } from "../../lib/session.ts";
import { WidgetArea } from "../widgets/widget-area.tsx";

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
      {/* The move hub (issue 14): its page says when there is no move yet. */}
      <Card className="mb-4">
        <Link to="/movehub" className="flex items-center gap-3 p-5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
          <ListTodo className="size-5 shrink-0" aria-hidden="true" />
          <span>{t("movehub.homeLink", "Open your move hub")}</span>
        </Link>
      </Card>
      {/* Expenses and budgets (issue 14): src/web/features/expenses/. */}
      <Card className="mb-4">
        <Link to="/expenses" className="flex items-center gap-3 p-5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
          <Receipt className="size-5 shrink-0" aria-hidden="true" />
          <span>{t("expenses.homeLink", "Submit and track your expenses")}</span>
        </Link>
      </Card>
      <Card>
        <EmptyState icon={Plane} title={t("employee.noMoveTitle")} description={t("employee.noMoveBody")} className="py-20" />
      </Card>
      {/* The overview widgets (issue 14): src/web/features/widgets/. */}
      <WidgetArea />
    </>
  );
}
