import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { Mail, MailX } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import type { TInitiationSummaryResponse } from "../../../domain/moves/wizard/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { reportHandledFailure } from "../../lib/report-error.ts";
import { trpc } from "../../lib/trpc.ts";
import { setWizardNotice } from "../../lib/wizard-notice.ts";
import { StageLoadFailure } from "./stage-load-failure.tsx";
import { formatDate } from "../../lib/format.ts";

/**
 * Stage 5, initiation summary (part 1 §2): the employee, the policy, the move, the form's summary
 * fields, the benefits and budgets per move stage, whether the welcome e-mail goes out, then
 * "Complete initiation" (confirmed) which completes the move and follows the server's redirect.
 */
/** Where a handled initiation failure happened, as the error report names it (part 1 §8). */
const COMPLETE_FAILURE = "New move stage 5 (completeInitiation)";
const SUMMARY_FAILURE = "New move stage 5 summary (initiationSummary)";

export function SummaryStage({
  group,
  employeeId,
  moveId,
  benefits,
  skipCE = false,
  onBack,
}: {
  group: string;
  employeeId: number;
  moveId: number;
  benefits: boolean;
  /** The wizard came here on the skip path (the estimate was skipped). */
  skipCE?: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const router = useRouter();
  const summary = useQuery(trpc.wizard.initiationSummary.queryOptions({ employeeId, moveId, benefits }));
  const complete = useMutation(trpc.wizard.completeInitiation.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (data: TInitiationSummaryResponse) => {
    setFailure(null);
    complete.mutate(
      { group, employeeId, moveId },
      {
        onSuccess: (res) => {
          if (!res.success) {
            const text = res.message || t("wizard.summary.initiatingEmployee");
            setFailure(text);
            reportHandledFailure(COMPLETE_FAILURE, text);
            return;
          }
          const name = `${data.employee.firstName} ${data.employee.lastName}`.trim();
          setWizardNotice(wizardText(wizardMessages.initiated, { name }));
          const target = res.redirectUrl && res.redirectUrl.startsWith("/") ? res.redirectUrl : `/${group}/home`;
          void router.navigate({ href: target });
        },
        onError: (error) => {
          const text = serverMessage(error) ?? t("wizard.summary.initiatingEmployee");
          setFailure(text);
          reportHandledFailure(COMPLETE_FAILURE, text, error);
        },
      },
    );
  };

  const loadFailed = summary.isError || (summary.data !== undefined && !summary.data.success);
  useEffect(() => {
    if (loadFailed) reportHandledFailure(SUMMARY_FAILURE, (summary.isError ? serverMessage(summary.error) : null) ?? t("wizard.summary.initiatingEmployee"), summary.error ?? undefined);
  }, [loadFailed, summary.error]);

  if (summary.isPending) return <Card><LoadingRows rows={6} /></Card>;
  if (summary.isError || !summary.data.success) {
    return (
      <StageLoadFailure
        message={(summary.isError ? serverMessage(summary.error) : null) ?? t("wizard.summary.initiatingEmployee")}
        onRetry={() => void summary.refetch()}
        onBack={onBack}
      />
    );
  }
  const data = summary.data;
  const name = `${data.employee.firstName} ${data.employee.lastName}`.trim();
  const dash = t("wizard.form.notSet");
  const date = (iso: string) => formatDate(iso);

  return (
    <Card data-testid="summary">
      <CardHeader>
        <CardTitle>{t("wizard.summary.title")}</CardTitle>
        <CardDescription>{t("wizard.summary.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {failure ? (
          <Alert variant="destructive" role="alert" data-testid="summary-failure">
            {failure}
          </Alert>
        ) : null}
        <div className="grid gap-6 desktop:grid-cols-3">
          <SummarySection title={t("wizard.summary.employee")}>
            <Row label={t("wizard.summary.name")} value={name || dash} />
            <Row label={t("wizard.summary.email")} value={data.employee.email || dash} />
          </SummarySection>
          <SummarySection title={t("wizard.summary.policy")}>
            <Row label={t("wizard.summary.policy")} value={t("wizard.summary.policyVersion", { name: data.policy.name, n: data.policy.versionNumber })} />
          </SummarySection>
          <SummarySection title={t("wizard.summary.move")}>
            <Row label={t("wizard.summary.origin")} value={data.move.origin ?? dash} />
            <Row label={t("wizard.summary.destination")} value={data.move.destination ?? dash} />
            {data.move.moveDate ? <Row label={t("wizard.summary.moveDate")} value={date(data.move.moveDate)} /> : null}
            {data.move.assignmentStartDate ? <Row label={t("wizard.summary.start")} value={date(data.move.assignmentStartDate)} /> : null}
            {data.move.assignmentEndDate ? <Row label={t("wizard.summary.end")} value={date(data.move.assignmentEndDate)} /> : null}
          </SummarySection>
        </div>
        {data.fields.length > 0 ? (
          <SummarySection title={t("wizard.summary.details")} listClassName="grid gap-x-6 desktop:grid-cols-2">
            {data.fields.map((f, i) => (
              <Row key={`${f.modelName}-${i}`} label={f.label} value={(f.formType === "dateOfBirth" ? date(f.value) : f.value) || dash} />
            ))}
          </SummarySection>
        ) : null}
        {data.estimate ? (
          <SummarySection title={t("wizard.summary.estimate")}>
            <EstimateRows estimate={data.estimate} skipped={skipCE} date={date} />
          </SummarySection>
        ) : null}
        {data.moveStageSections ? (
          <section aria-labelledby="summary-benefits" className="flex flex-col gap-3">
            <h3 id="summary-benefits" className="text-sm font-semibold text-foreground">
              {t("wizard.summary.benefits")}
            </h3>
            {data.moveStageSections.length === 0 ? <p className="text-sm text-muted-foreground">{t("wizard.summary.noBenefits")}</p> : null}
            <div className="grid gap-4 desktop:grid-cols-2">
              {data.moveStageSections.map((s) => (
                <div key={s.moveStageId} className="rounded-lg border border-border p-4">
                  <h4 className="mb-2 text-sm font-semibold">{s.moveStageName}</h4>
                  {s.services.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t("wizard.summary.noServices")}</p>
                  ) : (
                    <ul className="flex flex-col gap-1.5 text-sm">
                      {s.services.map((svc) => (
                        <li key={svc.service}>
                          <span className="font-medium">{svc.title}</span>
                          {svc.detail ? <span className="text-muted-foreground"> · {svc.detail}</span> : null}
                        </li>
                      ))}
                    </ul>
                  )}
                  {s.budgets.length > 0 ? (
                    <ul className="mt-3 flex flex-col gap-1 border-t border-border pt-3 text-sm">
                      {s.budgets.map((b) => (
                        <li key={b.budgetGroupId} className="flex justify-between gap-3">
                          <span className="text-muted-foreground">{t("wizard.summary.budget", { services: b.services.join(", ") })}</span>
                          <span className="font-medium tabular-nums">{b.amount}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </div>
          </section>
        ) : null}
        {data.move.status === "draft" ? (
          // What completing will do: said only while there is an initiation to complete.
          <p className="flex items-center gap-2 text-sm text-foreground" data-testid="welcome-email">
            {data.welcomeEmail ? <Mail className="size-4 text-primary" aria-hidden="true" /> : <MailX className="size-4 text-muted-foreground" aria-hidden="true" />}
            {data.welcomeEmail ? t("wizard.summary.welcomeYes") : t("wizard.summary.welcomeNo")}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="justify-between">
        <Button variant="outline" onClick={onBack} disabled={complete.isPending}>
          {t("wizard.back")}
        </Button>
        {data.move.status === "draft" ? (
          <Button onClick={() => setConfirming(true)} busy={complete.isPending}>
            {t("wizard.summary.complete")}
          </Button>
        ) : (
          // A finished initiation (reopened from history or a bookmark) is not completed twice: it links to the move page.
          <span className="flex flex-wrap items-center justify-end gap-3" data-testid="summary-initiated">
            <Badge variant="success" dot title={t("moveFile.wizardInitiatedBody")}>
              {t("moveFile.wizardInitiated")}
            </Badge>
            <Link
              to="/$group/employeefile/summaryView"
              params={{ group }}
              search={{ employeeId, moveId }}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
            >
              {t("moveFile.openMoveFile")}
            </Link>
          </span>
        )}
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("wizard.summary.confirmTitle")}
        description={
          data.welcomeEmail
            ? t("wizard.summary.confirmBodyMail", { name, policy: data.policy.name, email: data.employee.email })
            : t("wizard.summary.confirmBody", { name, policy: data.policy.name })
        }
        confirmLabel={t("wizard.summary.complete")}
        cancelLabel={t("wizard.cancel")}
        onConfirm={() => run(data)}
      />
    </Card>
  );
}

function SummarySection({ title, children, listClassName }: { title: string; children: ReactNode; listClassName?: string }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-foreground">{title}</h3>
      <dl className={listClassName ?? "flex flex-col gap-1.5"}>{children}</dl>
    </section>
  );
}

type SummaryEstimate = NonNullable<TInitiationSummaryResponse["estimate"]>;

/** The estimate's total and approval state (approved / sent for approval / not sent), or skipped. */
function EstimateRows({ estimate, skipped, date }: { estimate: SummaryEstimate; skipped: boolean; date: (iso: string) => string }) {
  const { t } = useTranslation();
  if (skipped || estimate.state === "skipped") return <Row label={t("wizard.summary.estimate")} value={t("wizard.summary.estimateSkipped")} />;
  if (estimate.state === "none" || estimate.total === null) return <Row label={t("wizard.summary.estimate")} value={t("wizard.summary.estimateNone")} />;
  const who = estimate.approverName && estimate.approverEmail ? `${estimate.approverName} (${estimate.approverEmail})` : (estimate.approverName ?? estimate.approverEmail);
  const on = estimate.date ? date(estimate.date) : null;
  let approval: string;
  switch (estimate.state) {
    case "approved":
      approval =
        who && on
          ? t("wizard.summary.approvedByOn", { who, date: on })
          : who
            ? t("wizard.summary.approvedBy", { who })
            : on
              ? t("wizard.summary.approvedOn", { date: on })
              : t("wizard.summary.approved");
      break;
    case "rejected":
      approval = [on ? t("wizard.summary.rejectedOn", { who: who ?? "", date: on }) : t("wizard.summary.rejectedBy", { who: who ?? "" }), estimate.comment ? `“${estimate.comment}”` : null]
        .filter(Boolean)
        .join(" ");
      break;
    case "sent":
      approval = t("wizard.summary.sentTo", { who: who ?? "", date: on ?? "" });
      break;
    case "notSent":
      approval = t("wizard.summary.notSent");
      break;
  }
  return (
    <>
      <Row
        label={estimate.versionNumber ? `${t("wizard.summary.estimateTotal")} · ${t("wizard.summary.estimateVersion", { n: estimate.versionNumber })}` : t("wizard.summary.estimateTotal")}
        value={estimate.total}
      />
      <Row label={t("wizard.summary.estimateApproval")} value={approval} />
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 border-b border-border/60 py-1 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium text-foreground">{value}</dd>
    </div>
  );
}
