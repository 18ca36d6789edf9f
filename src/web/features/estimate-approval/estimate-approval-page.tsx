/**
 * The approver's page (issue 13 item 6): `/estimate-approval?token=…`, opened from the approval
 * e-mail without signing in. Shows the group, the employee, the move, the version and the estimate
 * (amounts already written in whole units by the server's money module), then Approve or Reject with
 * a comment (required to reject). Each decision asks first; the answer replaces the form. A link
 * that expired, was used, or names a version that is no longer current says so.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  APPROVAL_COMMENT_MAX,
  ZDecideApprovalRequest,
  type TApprovalDecision,
  type TApprovalEstimate,
  type TApprovalLinkResponse,
  type TDecideApprovalResponse,
} from "../../../domain/estimate/approval-link.ts";
import { Brand } from "../../components/brand.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 tablet:px-8">
      <div className="w-full min-w-0 max-w-[720px]">
        <div className="mb-8">
          <Brand />
        </div>
        {children}
      </div>
    </main>
  );
}

/** The app's one date formatter (src/web/lib/format.ts) in the reader's locale. */
function useDates() {
  return {
    /** A YYYY-MM-DD day or an ISO timestamp's day ("1 March 2027"). */
    day: (value: string | null | undefined) => (value ? formatDate(value) : "—"),
    at: (value: string) => formatDateTime(value),
  };
}

export function EstimateApprovalPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const link = useQuery({ ...trpc.estimate.approvalLink.queryOptions({ token: token ?? "" }), enabled: !!token, refetchOnWindowFocus: false, staleTime: Infinity });

  let body: ReactNode;
  if (!token) {
    body = (
      <Alert variant="destructive" role="alert" title={t("estimateApproval.invalidTitle")}>
        {t("estimateApproval.noToken")}
      </Alert>
    );
  } else if (link.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t("estimateApproval.loading")}</span>
        <LoadingRows rows={5} />
      </div>
    );
  } else if (link.isError) {
    const known = serverMessage(link.error);
    body = (
      <div className="flex flex-col gap-4">
        <Alert variant="destructive" role="alert" title={errorCode(link.error) === "NOT_FOUND" ? t("estimateApproval.invalidTitle") : undefined} data-testid="approval-error">
          {known ?? t("estimateApproval.loadFailed")}
        </Alert>
        {known ? null : (
          <div>
            <Button variant="outline" onClick={() => void link.refetch()}>
              {t("estimateApproval.retry")}
            </Button>
          </div>
        )}
      </div>
    );
  } else {
    body = <LinkState state={link.data} token={token} />;
  }

  return (
    <Frame>
      <h1 className="text-2xl font-semibold tracking-tight">{t("estimateApproval.title")}</h1>
      <div className="mt-6">{body}</div>
    </Frame>
  );
}

function LinkState({ state, token }: { state: TApprovalLinkResponse; token: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  switch (state.status) {
    case "EXPIRED":
      return (
        <Alert variant="destructive" role="alert" title={t("estimateApproval.expiredTitle")} data-testid="approval-closed">
          {state.message}
        </Alert>
      );
    case "SUPERSEDED":
      return (
        <Alert variant="destructive" role="alert" title={t("estimateApproval.supersededTitle")} data-testid="approval-closed">
          {state.message}
        </Alert>
      );
    case "DECIDED":
      return (
        <Alert variant="info" role="status" title={t("estimateApproval.decidedTitle")} data-testid="approval-closed">
          {t(state.decision === "APPROVED" ? "estimateApproval.decidedApproved" : "estimateApproval.decidedRejected", {
            n: state.versionNumber,
            date: dates.day(state.decidedAt),
          })}
        </Alert>
      );
    case "OPEN":
      return <OpenEstimate estimate={state.estimate} token={token} />;
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 tablet:flex-row tablet:gap-4">
      <dt className="shrink-0 text-sm text-muted-foreground tablet:w-32">{label}</dt>
      <dd className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Row({ name, amount, strong, muted }: { name: string; amount: string; strong?: boolean; muted?: boolean }) {
  return (
    <div className={`flex min-w-0 items-baseline justify-between gap-4 py-1.5 text-sm ${strong ? "font-semibold" : ""} ${muted ? "text-muted-foreground" : ""}`}>
      <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
      <span className="shrink-0 tabular-nums">{amount}</span>
    </div>
  );
}

function OpenEstimate({ estimate: e, token }: { estimate: TApprovalEstimate; token: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [done, setDone] = useState<TDecideApprovalResponse | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-[15px] text-muted-foreground">{t("estimateApproval.subtitle", { group: e.groupName })}</p>
      <dl className="flex flex-col gap-3 rounded-lg border border-border p-5" data-testid="approval-facts">
        <Fact label={t("estimateApproval.employee")}>{e.employeeName}</Fact>
        <Fact label={t("estimateApproval.policy")}>{e.policyName}</Fact>
        <Fact label={t("estimateApproval.move")}>{t("estimateApproval.moveFromTo", { origin: e.origin, destination: e.destination })}</Fact>
        {e.moveStartDate || e.moveEndDate ? (
          <Fact label={t("estimateApproval.dates")}>{t("estimateApproval.datesFromTo", { start: dates.day(e.moveStartDate), end: dates.day(e.moveEndDate) })}</Fact>
        ) : null}
        <Fact label={t("estimateApproval.version")}>{t("estimateApproval.versionN", { n: e.versionNumber })}</Fact>
        <Fact label={t("estimateApproval.sentBy")}>{t("estimateApproval.sentByOn", { name: e.sentBy ?? e.groupName, date: dates.at(e.sentAt) })}</Fact>
      </dl>

      <section aria-labelledby="approval-estimate-title" className="rounded-lg border border-border p-5" data-testid="approval-estimate">
        <h2 id="approval-estimate-title" className="text-base font-semibold">
          {t("estimateApproval.estimate")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("estimateApproval.estimateIn", { currency: e.displayCurrency, years: e.years })}</p>
        <div className="mt-4 flex flex-col gap-5">
          {e.sections.map((s, i) => (
            <section key={`${s.name}-${i}`} aria-label={s.name} className="min-w-0">
              <h3 className="text-sm font-semibold">
                {s.name}
                {s.excludedFromTotal ? <span className="ml-2 text-xs font-normal text-muted-foreground">({t("estimateApproval.excluded")})</span> : null}
              </h3>
              <div className="mt-1 divide-y divide-border/60">
                {s.items.map((item, j) => (
                  <Row key={`${item.name}-${j}`} name={item.name} amount={item.total} />
                ))}
                <Row name={t("estimateApproval.sectionTotal", { name: s.name })} amount={s.total} strong muted={s.excludedFromTotal} />
              </div>
            </section>
          ))}
        </div>
        <div className="mt-5 border-t border-border pt-3 text-base" data-testid="approval-total">
          <Row name={t("estimateApproval.total")} amount={e.total} strong />
        </div>
      </section>

      {done ? (
        <Alert variant="success" role="status" data-testid="approval-done">
          {t(done.decision === "APPROVED" ? "estimateApproval.approvedDone" : "estimateApproval.rejectedDone", { n: done.versionNumber, group: e.groupName })}
        </Alert>
      ) : (
        <>
          <DecisionForm estimate={e} token={token} onDone={setDone} />
          <p className="text-sm text-muted-foreground">{t("estimateApproval.linkValid", { date: dates.at(e.expiresAt) })}</p>
        </>
      )}
    </div>
  );
}

function DecisionForm({ estimate: e, token, onDone }: { estimate: TApprovalEstimate; token: string; onDone: (r: TDecideApprovalResponse) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { comment: useId(), hint: useId(), error: useId(), count: useId() };
  const [comment, setComment] = useState("");
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TApprovalDecision | null>(null);
  const decide = useMutation(trpc.estimate.decideApproval.mutationOptions());

  const ask = (decision: TApprovalDecision) => (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZDecideApprovalRequest.safeParse({ token, decision, comment: comment.trim() === "" ? undefined : comment });
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "comment");
    if (issue) {
      setCommentError(issue.message);
      document.getElementById(ids.comment)?.focus();
      return;
    }
    setCommentError(null);
    setConfirm(decision);
  };

  const submit = async (decision: TApprovalDecision) => {
    setConfirm(null);
    try {
      const result = await decide.mutateAsync({ token, decision, comment: comment.trim() === "" ? undefined : comment });
      onDone(result);
    } catch (error) {
      setFormError(serverMessage(error) ?? t("estimateApproval.failed"));
      // Someone may have decided meanwhile, or the estimate changed: read the link again.
      if (errorCode(error) === "CONFLICT" || errorCode(error) === "BAD_REQUEST") {
        await queryClient.invalidateQueries({ queryKey: trpc.estimate.approvalLink.queryKey({ token }) });
      }
    }
  };

  const describedBy = [ids.hint, ids.count, commentError ? ids.error : null].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="approval-decision-title" className="rounded-lg border border-border p-5" data-testid="approval-form">
      <h2 id="approval-decision-title" className="text-base font-semibold">
        {t("estimateApproval.decision")}
      </h2>
      <form noValidate onSubmit={ask("APPROVED")} className="mt-4 flex flex-col gap-4" aria-labelledby="approval-decision-title">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.comment}>{t("estimateApproval.comment")}</Label>
          <p id={ids.hint} className="text-[13px] text-muted-foreground">
            {t("estimateApproval.commentHint", { max: APPROVAL_COMMENT_MAX })}
          </p>
          <Textarea
            id={ids.comment}
            value={comment}
            maxLength={APPROVAL_COMMENT_MAX}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(ev) => {
              setComment(ev.target.value);
              if (commentError) setCommentError(null);
            }}
          />
          <p id={ids.count} className="text-right text-[12px] text-muted-foreground" aria-live="off">
            {t("estimateApproval.commentCount", { count: comment.length, max: APPROVAL_COMMENT_MAX })}
          </p>
          <FieldError id={ids.error}>{commentError ?? undefined}</FieldError>
        </div>
        <div className="flex flex-col gap-3 tablet:flex-row">
          <Button type="submit" size="lg" busy={decide.isPending && decide.variables?.decision === "APPROVED"} disabled={decide.isPending}>
            {t("estimateApproval.approve")}
          </Button>
          <Button type="button" size="lg" variant="destructive" busy={decide.isPending && decide.variables?.decision === "REJECTED"} disabled={decide.isPending} onClick={ask("REJECTED")}>
            {t("estimateApproval.reject")}
          </Button>
        </div>
        {decide.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("estimateApproval.sending")}
          </p>
        ) : null}
      </form>
      {formError ? (
        <Alert variant="destructive" role="alert" className="mt-4" data-testid="approval-form-error">
          {formError}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title={t(confirm === "REJECTED" ? "estimateApproval.confirmRejectTitle" : "estimateApproval.confirmApproveTitle", { n: e.versionNumber })}
        description={t(confirm === "REJECTED" ? "estimateApproval.confirmRejectBody" : "estimateApproval.confirmApproveBody", { n: e.versionNumber, group: e.groupName })}
        confirmLabel={t(confirm === "REJECTED" ? "estimateApproval.reject" : "estimateApproval.approve")}
        cancelLabel={t("estimateApproval.cancel")}
        destructive={confirm === "REJECTED"}
        onConfirm={() => {
          if (confirm) void submit(confirm);
        }}
      />
    </section>
  );
}
