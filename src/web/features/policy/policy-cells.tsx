import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { TPolicySummary } from "../../../domain/policy/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { enumLabel } from "./policy-format.ts";

/**
 * The cells the policy search and the policy list share, so both tables read the same.
 */

/** The policy's name as a link: admins open its setup (the draft when there is one); HR the released version's details, read-only. */
export function PolicyNameLink({ policy, canEdit }: { policy: TPolicySummary; canEdit: boolean }) {
  const className = "text-primary underline-offset-4 hover:underline";
  return canEdit ? (
    <Link to="/policy/setup" search={{ policyId: policy.id, editDraft: policy.draftVersionId !== null }} className={className}>
      {policy.name}
    </Link>
  ) : (
    <Link to="/policy/details" search={{ policyId: policy.id, editDraft: false }} className={className}>
      {policy.name}
    </Link>
  );
}

export function PolicyStatusBadge({ policy }: { policy: TPolicySummary }) {
  const { t } = useTranslation();
  return (
    <Badge variant={policy.status === "ACTIVE" ? "success" : "neutral"} dot>
      {enumLabel(t, "status", policy.status)}
    </Badge>
  );
}

export function PolicyTags({ policy }: { policy: TPolicySummary }) {
  if (policy.tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {policy.tags.map((tag) => (
        <li key={tag.id}>
          <Badge variant="info">{tag.name}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The released version's number (or "not released") and a draft badge. */
export function PolicyVersion({ policy }: { policy: TPolicySummary }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {policy.releasedVersionNumber !== null ? (
        <span className="tabular-nums">{t("policy.search.versionNumber", { number: policy.releasedVersionNumber })}</span>
      ) : (
        <span className="text-muted-foreground">{t("policy.search.noRelease")}</span>
      )}
      {policy.draftVersionId !== null ? <Badge variant="warning">{t("policy.search.draft")}</Badge> : null}
    </span>
  );
}
