import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { errorCode } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { NewPolicyForm } from "./new-policy-form.tsx";
import { PolicySteps } from "./policy-steps.tsx";
import { PolicyVersionsCard } from "./policy-versions.tsx";
import { ExistingPolicySetup } from "./setup-form.tsx";

/**
 * /policy/setup?policyId=&editDraft= (part 2 §2 "Policy setup"). Without a policy id: the new
 * policy form (name, order, group, move type, archetype, number of move stages), which creates the
 * policy and continues where the server sends it. With one: every setting, each saved as soon as it
 * changes (text fields when they lose focus); a failed save shows "Update failed - there was an
 * error." and puts the old value back. The forms are new-policy-form.tsx and setup-form.tsx.
 */
export function PolicySetupPage({
  policyId,
  editDraft,
  group,
  released,
}: {
  policyId: number | undefined;
  editDraft: boolean;
  group: string | undefined;
  /** The version number just released on the confirm page. */
  released?: number;
}) {
  const { t } = useTranslation();
  // The same query the form below runs: the policy's name heads the page, as on the other steps.
  const policy = useQuery({ ...trpc.policy.policies.get.queryOptions({ policyId: policyId ?? 0 }), enabled: policyId !== undefined, refetchOnWindowFocus: false });
  // A policy that does not exist (or is not the caller's) gets the status page alone, as on the other steps.
  const code = policy.isError ? errorCode(policy.error) : undefined;
  if (code === "FORBIDDEN") return <ForbiddenPage />;
  if (code === "NOT_FOUND") return <NotFoundPage />;
  return (
    <>
      <PageHeader
        eyebrow={policyId ? policy.data?.name : undefined}
        title={policyId ? t("policy.setup.titleEdit") : t("policy.setup.titleNew")}
        description={t("policy.setup.description")}
      />
      <PolicySteps current="setup" policyId={policyId} editDraft={editDraft} />
      {policyId && released && policy.data ? (
        <Alert variant="success" role="status" className="mb-6" data-testid="policy-released">
          {t("policy.confirm.releasedVersion", { number: released, policy: policy.data.name })}
        </Alert>
      ) : null}
      {policyId ? <ExistingPolicySetup policyId={policyId} editDraft={editDraft} /> : <NewPolicyForm initialGroup={group} />}
      {policyId && policy.data ? (
        <div className="mt-6">
          <PolicyVersionsCard policy={policy.data} />
        </div>
      ) : null}
    </>
  );
}
