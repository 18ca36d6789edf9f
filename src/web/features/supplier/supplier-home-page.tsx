import { PackageOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { useSignedInUser } from "../../lib/session.ts";

/** /supplier: the supplier's greeting and the group it serves. */
export function SupplierHomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        eyebrow={t("supplier.title")}
        title={t("home.welcome", { name: user.firstName })}
        description={user.group ? t("supplier.description", { group: user.group.displayName }) : t("supplier.descriptionNoGroup")}
      />
      <Card>
        <EmptyState icon={PackageOpen} title={t("supplier.emptyTitle")} description={t("supplier.emptyBody")} className="py-20" />
      </Card>
    </>
  );
}
