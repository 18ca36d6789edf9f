/**
 * Wizard stage 4, the cost estimate (part 1 §2 stage 4, §3 cost estimate, §4 "Cost estimate stage
 * actions" and edits, §5 "Cost estimate page", §8 estimate errors).
 *
 * Loading (ON_PAGE) computes and stores version 1 when the move has none; when an estimate existed
 * before this visit the stage first offers to recalculate it, use it as it is, or go back to the
 * policy overrides (§4). The editor then shows the estimate with its edits (state in
 * estimate-state.ts): Save (ON_SAVE) stores a new version; Recalculate (ON_ALT_CALC) posts the
 * edits and polls until the new version is ready (use-recalculation.ts); Next
 * (ON_NEXT_NAVIGATION) and Export wait while edits are pending; Back (ON_PREVIOUS_NAVIGATION)
 * with altered amounts asks first; Send for approval (ON_SEND) saves the approver and e-mails the
 * PDF. Basic estimates show the tax of edited rows live (calculate-tax).
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Calculator, RefreshCw, Save } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages, estimateText } from "../../../domain/estimate/messages.ts";
import type { TCostEstimateView, TRecalculateRequest, TStageAction } from "../../../domain/estimate/schemas.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { BalanceSheetPanel } from "./balance-sheet.tsx";
import { fieldErrorsOf, isConnectionFailure } from "./calls.ts";
import { ExportLinks, ProgressBar, TypeBadge } from "./estimate-parts.tsx";
import { ApprovalPanel, TaxPanel } from "./estimate-settings.tsx";
import {
  addCustom,
  amountsAltered,
  approvalChanged,
  canLeaveForward,
  checkEstimate,
  editCustom,
  editRow,
  initialEstimateState,
  isDirty,
  liveTaxFrom,
  pageFieldErrors,
  removeCustom,
  requestKeys,
  setApproval,
  setLiveTax,
  setTax,
  toCalculateTaxRequest,
  toRecalculateRequest,
  toSaveRequest,
  toUpdateAdvancedRequest,
  type Approval,
  type EstimateState,
} from "./estimate-state.ts";
import { EstimateTable } from "./estimate-table.tsx";
import { formatDate, formatDateTime, formatRate, formatWhole } from "./format.ts";
import { HistoryButton } from "./history-dialog.tsx";
import { useRecalculation, type RecalculationState } from "./use-recalculation.ts";
import { currencyLabel } from "../../lib/format.ts";

export type CostEstimateStageProps = {
  group: string;
  employeeId: number;
  moveId: number;
  /** The stage before (6 for an advanced estimate, else 3). */
  onBack: () => void;
  /** Stage 3, from the "estimate exists" offer. */
  onOverrides: () => void;
  /** Stage 5. */
  onNext: () => void;
  /** Stage 5 without the estimate (skipCE). */
  onSkip: () => void;
};

export type Notice = { kind: "error" | "success"; text: string };

/** No answer at all is §8's connection message; a known error its own text; else `fallback`. */
function failureText(error: unknown, fallback: string): string {
  if (isConnectionFailure(error)) return estimateMessages.saveTimeout;
  return serverMessage(error) ?? fallback;
}

export function CostEstimateStage(props: CostEstimateStageProps) {
  const { t } = useTranslation();
  const { employeeId, moveId } = props;
  // Opening stage 4 stores version 1 when there is none (§4), so it is the openEstimationView mutation,
  // loaded once per visit through a query's loading and error states (never retried: it writes).
  const query = useQuery({
    queryKey: ["estimate.openEstimationView", employeeId, moveId],
    queryFn: ({ signal }) => trpcClient.estimate.openEstimationView.mutate({ employeeId, moveId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // Whether an estimate existed before this visit: the first answer says so (§4 recalculate or reuse).
  const firstExisting = useRef<boolean | null>(null);
  if (query.data?.success && query.data.costEstimate && firstExisting.current === null) firstExisting.current = query.data.existingEstimate;
  const [decided, setDecided] = useState(false);
  const [view, setView] = useState<TCostEstimateView | null>(null);
  const [carryApproval, setCarryApproval] = useState<Approval | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The open tab survives a new version (the balance sheet recalculated, a save).
  const [tab, setTab] = useState("costEstimate");

  const current = view ?? query.data?.costEstimate ?? null;
  const showView = useCallback((next: TCostEstimateView, keep?: Approval | null) => {
    setCarryApproval(keep ?? null);
    setView(next);
    setDecided(true);
  }, []);
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  /** Back to the server's current version (edits dropped): after a tax failure (§8), or a newer version. */
  const reload = useCallback(() => {
    setView(null);
    setCarryApproval(null);
    void refetch.current().then(() => setResetKey((k) => k + 1));
  }, []);

  if (query.isPending) return <EstimateSkeleton />;
  if (query.isError || !query.data.success || !current) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t("estimate.title")}</CardTitle>
        </CardHeader>
        <ErrorState
          message={query.isError ? failureText(query.error, estimateMessages.experiencingIssue) : estimateMessages.experiencingIssue}
          retryLabel={t("app.retry")}
          onRetry={() => void query.refetch()}
        />
        <CardFooter className="justify-between">
          <Button variant="outline" onClick={props.onBack}>
            <ArrowLeft aria-hidden="true" />
            {t("estimate.back")}
          </Button>
          <Button variant="secondary" onClick={props.onSkip}>
            {t("estimate.skip")}
          </Button>
        </CardFooter>
      </Card>
    );
  }
  if (firstExisting.current && !decided) {
    return <ExistingEstimateOffer view={current} {...props} onUse={() => setDecided(true)} onRecalculated={(next) => showView(next)} />;
  }
  return (
    <EstimateEditor
      key={`${current.costEstimateId}-${current.versionNumber}-${resetKey}`}
      {...props}
      view={current}
      carryApproval={carryApproval}
      notice={notice}
      setNotice={setNotice}
      tab={tab}
      setTab={setTab}
      onView={showView}
      onReload={reload}
    />
  );
}

function EstimateSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true" role="status" className="flex flex-col gap-4 p-6">
      <span className="sr-only">{t("estimate.loading")}</span>
      <Skeleton className="h-6 w-56" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-10 w-full" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </Card>
  );
}

function RecalculationProgress({ state }: { state: RecalculationState }) {
  const { t } = useTranslation();
  if (state.phase === "idle") return null;
  const poll = state.phase === "posting" ? 0 : state.poll;
  const max = state.phase === "posting" ? 60 : state.max;
  // While polling, the label names the poll being waited for ("poll 1 of 60" before the first answer).
  const label =
    state.phase === "posting"
      ? t("estimate.recalc.posting")
      : state.phase === "loading"
        ? t("estimate.recalc.loading")
        : t("estimate.recalc.polling", { n: Math.min(poll + 1, max), max });
  return (
    <div role="status" className="rounded-lg border border-info-border bg-info-soft p-4">
      <ProgressBar value={poll} max={max} label={label} />
    </div>
  );
}

/** §4 "With an existing estimate the user may recalculate or reuse it, or return to stage 3." */
function ExistingEstimateOffer({
  view,
  employeeId,
  moveId,
  onOverrides,
  onUse,
  onRecalculated,
}: CostEstimateStageProps & { view: TCostEstimateView; onUse: () => void; onRecalculated: (view: TCostEstimateView) => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const recalc = useRecalculation({
    onDone: (res) => res.costEstimate && onRecalculated(res.costEstimate),
    onFailure: setFailure,
  });
  const request: TRecalculateRequest = { employeeId, moveId, estimationView: "CostEstimate", costEstimateId: view.costEstimateId, stageAction: "ON_ALT_CALC" };
  return (
    <Card data-testid="existing-estimate">
      <CardHeader>
        <CardTitle>{t("estimate.existing.title")}</CardTitle>
        <CardDescription>
          {t("estimate.existing.description", {
            n: view.versionNumber,
            date: formatDateTime(view.createdAt),
            by: view.createdBy ?? t("estimate.history.system"),
            total: formatWhole(view.total, view.displayCurrency),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="max-w-2xl text-sm leading-relaxed text-muted-foreground">{t("estimate.existing.body")}</p>
        {failure ? (
          <Alert variant="destructive" role="alert">
            {failure}
          </Alert>
        ) : null}
        <RecalculationProgress state={recalc.state} />
      </CardContent>
      <CardFooter className="flex-col-reverse items-stretch gap-3 tablet:flex-row tablet:items-center">
        <Button variant="outline" onClick={onOverrides} disabled={recalc.running}>
          <ArrowLeft aria-hidden="true" />
          {t("estimate.existing.overrides")}
        </Button>
        <div className="flex flex-col-reverse gap-3 tablet:ml-auto tablet:flex-row">
          <Button variant="secondary" onClick={onUse} disabled={recalc.running}>
            {t("estimate.existing.use")}
          </Button>
          <Button
            onClick={() => {
              setFailure(null);
              void recalc.start(request);
            }}
            busy={recalc.running}
          >
            <RefreshCw aria-hidden="true" />
            {t("estimate.existing.recalculate")}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}

type Busy = null | "save" | "next" | "send";

function EstimateEditor({
  group,
  employeeId,
  moveId,
  view,
  carryApproval,
  notice,
  setNotice,
  tab,
  setTab,
  onView,
  onReload,
  onBack,
  onNext,
  onSkip,
}: CostEstimateStageProps & {
  view: TCostEstimateView;
  carryApproval: Approval | null;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  tab: string;
  setTab: (tab: string) => void;
  onView: (view: TCostEstimateView, keepApproval?: Approval | null) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMemo(() => ({ employeeId, moveId }), [employeeId, moveId]);
  const advanced = view.type === "ADVANCED";
  // Only an ADMIN records an approval received outside Meridian (issue 13 item 6).
  const canRecordApproval = useSignedInUser().role === "ADMIN";
  const [state, setState] = useState<EstimateState>(() => {
    const initial = initialEstimateState(view);
    return carryApproval ? setApproval(initial, carryApproval) : initial;
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const [ccSender, setCcSender] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const guard = useLeaveGuard(() => amountsAltered(stateRef.current), {
    title: t("estimate.leave.title"),
    description: estimateMessages.unsavedEstimate,
    leave: t("estimate.leave.leave"),
    stay: t("estimate.leave.stay"),
  });

  const keepApproval = () => (approvalChanged(stateRef.current) ? stateRef.current.approval : null);
  const recalc = useRecalculation({
    onDone: (res) => {
      if (!res.costEstimate) return;
      setNotice({ kind: "success", text: t("estimate.recalculated", { n: res.costEstimate.versionNumber }) });
      onView(res.costEstimate, keepApproval());
    },
    onFailure: (message) => {
      setNotice({ kind: "error", text: message });
      // A currency change that failed goes back to the estimate's currencies.
      setState((s) => ({ ...s, displayCurrency: s.view.displayCurrency, secondaryDisplayCurrency: s.view.secondaryDisplayCurrency }));
      setFocusErrors((n) => n + 1);
    },
  });

  const locked = busy !== null || recalc.running;
  const dirty = isDirty(state);

  // After a failed check or call: the first invalid field, else the message.
  useEffect(() => {
    if (focusErrors === 0) return;
    const el = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (el) el.focus();
    else noticeRef.current?.focus();
  }, [focusErrors]);

  // Basic estimates: the tax of edited rows, live (calculate-tax), a moment after typing stops.
  const { edits, customs } = state;
  const { taxRateOverride } = state.tax;
  const liveCall = useMemo(
    () => toCalculateTaxRequest({ ...stateRef.current, edits, customs, tax: { ...stateRef.current.tax, taxRateOverride } }, ref),
    [edits, customs, taxRateOverride, ref],
  );
  useEffect(() => {
    if (advanced) return;
    if (!liveCall) {
      setState((s) => (s.live ? setLiveTax(s, null) : s));
      return;
    }
    const controller = new AbortController();
    // §8: a timeout shows the connection message, any other failure the tax issue; both reload.
    const fail = (text: string) => {
      setNotice({ kind: "error", text });
      onReload();
    };
    const timer = setTimeout(async () => {
      let res;
      try {
        res = await trpcClient.estimate.calculateTax.mutate(liveCall.request, { signal: controller.signal });
      } catch (error) {
        if (!controller.signal.aborted) fail(isConnectionFailure(error) ? estimateMessages.saveTimeout : estimateMessages.taxIssue);
        return;
      }
      if (controller.signal.aborted) return;
      const live = liveTaxFrom(res, liveCall.serviceKeys, liveCall.customKeys);
      if (live) setState((s) => setLiveTax(s, live));
      else fail(estimateMessages.taxIssue);
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [liveCall, advanced, onReload, setNotice]);

  const showProblems = (fields: Record<string, string>, summary: string) => {
    setErrors(fields);
    setNotice({ kind: "error", text: summary });
    setFocusErrors((n) => n + 1);
  };

  const clearError = (...keys: string[]) =>
    setErrors((cur) => {
      if (!keys.some((k) => k in cur)) return cur;
      const next = { ...cur };
      for (const k of keys) delete next[k];
      return next;
    });

  /** Saves a new version (ON_SAVE, ON_NEXT_NAVIGATION, ON_SEND); null when it failed (the notice says why). */
  const persist = async (stageAction: TStageAction): Promise<TCostEstimateView | null> => {
    const s = stateRef.current;
    const keys = requestKeys(s);
    try {
      const res = await (advanced
        ? trpcClient.estimate.updateAdvanced.mutate(toUpdateAdvancedRequest(s, ref, stageAction))
        : trpcClient.estimate.saveEstimate.mutate(toSaveRequest(s, ref, stageAction)));
      if (!res.success) {
        setNotice({ kind: "error", text: res.message ?? estimateMessages.saveFailure });
        setFocusErrors((n) => n + 1);
        return null;
      }
      return res.costEstimate;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) showProblems(pageFieldErrors(fields, keys.overrideKeys, keys.customKeys), estimateMessages.fillRequired);
      else {
        setNotice({ kind: "error", text: failureText(error, estimateMessages.saveFailure) });
        setFocusErrors((n) => n + 1);
      }
      return null;
    }
  };

  const check = (sending: boolean, approvalToo = true): boolean => {
    const result = checkEstimate(stateRef.current, { sending });
    const fields = approvalToo
      ? result.fields
      : Object.fromEntries(Object.entries(result.fields).filter(([k]) => !["approverName", "approverEmail", "approvalDate"].includes(k)));
    if (Object.keys(fields).length > 0) {
      showProblems(fields, result.summary ?? estimateMessages.fillRequired);
      return false;
    }
    setErrors({});
    return true;
  };

  const save = async () => {
    setNotice(null);
    if (!check(false)) return;
    setBusy("save");
    const next = await persist("ON_SAVE");
    setBusy(null);
    if (next) {
      setNotice({ kind: "success", text: estimateMessages.saved });
      onView(next);
    }
  };

  const recalculate = (patch: { displayCurrency?: string; secondaryDisplayCurrency?: string | null } = {}) => {
    setNotice(null);
    if (!check(false, false)) return;
    void recalc.start(toRecalculateRequest(stateRef.current, ref, patch));
  };

  const next = async () => {
    setNotice(null);
    if (approvalChanged(stateRef.current)) {
      if (!check(false)) return;
      setBusy("next");
      const saved = await persist("ON_NEXT_NAVIGATION");
      setBusy(null);
      if (!saved) return;
    }
    guard.allowNextNavigation();
    onNext();
  };

  const askSend = () => {
    setNotice(null);
    if (!check(true)) return;
    setSendOpen(true);
  };

  const send = async () => {
    setSendOpen(false);
    setBusy("send");
    let target = stateRef.current.view;
    // Edits are saved as a new version first, and the notice says so (issue 13 item 6); without
    // edits the version shown is sent as it is.
    let savedVersion: number | null = null;
    if (approvalChanged(stateRef.current) || isDirty(stateRef.current)) {
      const saved = await persist("ON_SEND");
      if (!saved) {
        setBusy(null);
        return;
      }
      target = saved;
      savedVersion = saved.versionNumber;
    }
    let text: Notice;
    try {
      const res = await trpcClient.estimate.sendForApproval.mutate({ employeeId, moveId, costEstimateId: target.costEstimateId, ccSender });
      const sent =
        savedVersion === null
          ? estimateText(estimateMessages.approvalSent, { email: res.sentTo })
          : estimateText(estimateMessages.approvalSavedAndSent, { version: savedVersion, email: res.sentTo });
      text = res.success ? { kind: "success", text: sent } : { kind: "error", text: estimateMessages.approvalMailFailure };
    } catch (error) {
      // A version the approver already decided (or one no longer current) is refused with its reason (issue 13 item 6).
      text = { kind: "error", text: (errorCode(error) === "CONFLICT" ? serverMessage(error) : null) ?? estimateMessages.approvalMailFailure };
    }
    setBusy(null);
    setNotice(text);
    if (text.kind === "error") setFocusErrors((n) => n + 1);
    if (target !== stateRef.current.view) onView(target);
  };

  const update = (fn: (s: EstimateState) => EstimateState, ...clear: string[]) => {
    setState(fn);
    if (clear.length > 0) clearError(...clear);
  };

  const info = view.employeeInformation;
  const appliedRate = state.live?.taxRate ?? view.taxRate;
  const forwardBlocked = !canLeaveForward(state) || locked;
  const exportsBlocked = dirty || recalc.running;
  const table = (
    <EstimateTable
      view={view}
      caption={t("estimate.table.caption", { currency: view.displayCurrency })}
      edit={{
        state,
        errors,
        disabled: locked,
        onRow: (identifier, patch) => update((s) => editRow(s, identifier, patch), `amount:${identifier}`),
        onCustom: (key, patch) =>
          update((s) => editCustom(s, key, patch), ...Object.keys(patch).map((f) => `custom:${key}:${f}`)),
        onRemoveCustom: (key) => update((s) => removeCustom(s, key), `custom:${key}:serviceName`, `custom:${key}:amount`, `custom:${key}:taxability`),
        onAddCustom: () => {
          update(addCustom);
          // Focus the new row's name box once it renders.
          setTimeout(() => {
            const names = rootRef.current?.querySelectorAll<HTMLInputElement>('[data-testid="custom-name"]');
            names?.[names.length - 1]?.focus();
          }, 0);
        },
      }}
    />
  );

  return (
    <div ref={rootRef}>
      <Card data-testid="estimate-stage" data-dirty={dirty}>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <CardTitle className="flex flex-wrap items-center gap-2">
                {t("estimate.title")}
                <TypeBadge type={view.type} />
                <Badge variant="neutral" data-testid="estimate-version">
                  {t("estimate.version", { n: view.versionNumber })}
                </Badge>
              </CardTitle>
              <CardDescription>
                {t("estimate.description", { name: info.employeeName, policy: info.policyName, from: info.originName, to: info.destinationName })}
              </CardDescription>
              <p className="text-[13px] text-muted-foreground">
                {info.estimatedMoveStartDate
                  ? t("estimate.dates", { start: formatDate(info.estimatedMoveStartDate), end: formatDate(info.estimatedMoveEndDate ?? view.endDate) || "—" })
                  : null}{" "}
                {t("estimate.created", { date: formatDateTime(view.createdAt), by: view.createdBy ?? t("estimate.history.system") })}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <HistoryButton employeeId={employeeId} moveId={moveId} disabled={locked} />
            </div>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-border bg-muted/40 p-4" data-testid="estimate-toolbar">
            <div className="flex flex-wrap items-end gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor="ce-display-currency">{t("estimate.currency.display")}</Label>
                <NativeSelect
                  id="ce-display-currency"
                  className="w-32"
                  value={state.displayCurrency}
                  disabled={locked || dirty}
                  aria-describedby={dirty ? "ce-recalc-prompt" : undefined}
                  onChange={(e) => {
                    const currency = e.target.value;
                    setState((s) => ({ ...s, displayCurrency: currency }));
                    recalculate({ displayCurrency: currency });
                  }}
                >
                  {withCurrent(view.displayCurrencies, state.displayCurrency).map((c) => (
                    <option key={c} value={c}>
                      {currencyLabel(c)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {advanced ? (
                <div className="flex flex-col gap-2">
                  <Label htmlFor="ce-secondary-currency">{t("estimate.currency.secondary")}</Label>
                  <NativeSelect
                    id="ce-secondary-currency"
                    className="w-36"
                    value={state.secondaryDisplayCurrency ?? ""}
                    disabled={locked || dirty}
                    aria-describedby={dirty ? "ce-recalc-prompt" : undefined}
                    onChange={(e) => {
                      const currency = e.target.value || null;
                      setState((s) => ({ ...s, secondaryDisplayCurrency: currency }));
                      recalculate({ secondaryDisplayCurrency: currency });
                    }}
                  >
                    <option value="">{t("estimate.currency.none")}</option>
                    {view.displayCurrencies
                      .filter((c) => c !== state.displayCurrency)
                      .map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                  </NativeSelect>
                </div>
              ) : null}
            </div>
            <ExportLinks
              group={group}
              employeeId={employeeId}
              moveId={moveId}
              balanceSheet={tab === "balanceSheet"}
              disabled={exportsBlocked}
              disabledReason={estimateMessages.recalculatePrompt}
            />
            {view.exchangeRates.length > 0 ? (
              <div className="flex w-full flex-wrap items-baseline gap-x-2 gap-y-1 text-[13px] text-muted-foreground">
                <span className="font-medium text-foreground">{t("estimate.currency.rates")}:</span>
                <ul className="contents">
                  {view.exchangeRates.map((r) => (
                    <li key={`${r.from}-${r.to}`} className="whitespace-nowrap tabular-nums after:ml-2 after:content-['·'] last:after:content-none">
                      1 {r.from} = {formatRate(r.rate)} {r.to}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>

          <div ref={noticeRef} tabIndex={-1} className="flex flex-col gap-3 empty:hidden focus:outline-none">
            {notice ? (
              <Alert variant={notice.kind === "error" ? "destructive" : "success"} role={notice.kind === "error" ? "alert" : "status"} data-testid="estimate-notice">
                {notice.text}
              </Alert>
            ) : null}
          </div>
          {view.billingUsageMessage ? <Alert variant="info">{view.billingUsageMessage}</Alert> : null}
          {dirty ? (
            <div id="ce-recalc-prompt" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning-foreground" data-testid="recalc-prompt">
              <span className="flex items-center gap-2">
                <Calculator className="size-4 shrink-0" aria-hidden="true" />
                {estimateMessages.recalculatePrompt}
              </span>
              <Button size="sm" onClick={() => recalculate()} disabled={locked}>
                {t("estimate.calculateNow")}
              </Button>
            </div>
          ) : null}
          {!dirty && view.showTaxCalcPrompt ? (
            <Alert variant="info" data-testid="tax-prompt">
              {t("estimate.taxPrompt")}
            </Alert>
          ) : null}
          {state.annualLock ? (
            <Alert variant="info" id="ce-annual-lock" data-testid="annual-lock">
              {estimateMessages.editOneAnnualItem}
            </Alert>
          ) : null}
          <RecalculationProgress state={recalc.state} />

          {advanced && view.balanceSheetEnabled ? (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label={t("estimate.tabs.label")}>
                <TabsTrigger value="costEstimate">{t("estimate.tabs.costEstimate")}</TabsTrigger>
                <TabsTrigger value="balanceSheet">{t("estimate.tabs.balanceSheet")}</TabsTrigger>
              </TabsList>
              <TabsContent value="costEstimate">{table}</TabsContent>
              <TabsContent value="balanceSheet">
                <BalanceSheetPanel
                  key={`${view.costEstimateId}-${view.versionNumber}`}
                  employeeId={employeeId}
                  moveId={moveId}
                  costEstimateId={view.costEstimateId}
                  // Flagged (the stage-6 inputs changed): the server recalculates it, as a new version the page then reloads.
                  recalculate={view.balanceSheetNeedsRecalculation && !dirty}
                  onNewVersion={onReload}
                />
              </TabsContent>
            </Tabs>
          ) : (
            table
          )}

          {state.live ? (
            <p className="text-sm text-muted-foreground" data-testid="live-total" aria-live="polite">
              {t("estimate.liveTotal", { total: formatWhole(state.live.total, view.displayCurrency), rate: state.live.taxRate })}
            </p>
          ) : null}

          <div className="grid grid-cols-[minmax(0,1fr)] gap-5 desktop:grid-cols-2">
            <TaxPanel
              view={view}
              tax={state.tax}
              appliedRate={appliedRate}
              errors={errors}
              disabled={locked}
              showSalary={!advanced}
              onChange={(patch) => update((s) => setTax(s, patch), ...Object.keys(patch))}
            />
            <ApprovalPanel
              approval={state.approval}
              recorded={state.baseApproval}
              canRecordApproval={canRecordApproval}
              errors={errors}
              disabled={locked}
              sending={busy === "send"}
              onChange={(patch) => update((s) => setApproval(s, patch), ...Object.keys(patch), ...(patch.isApproved === false ? ["approverName", "approvalDate"] : []))}
              onSend={askSend}
              state={view.employeeInformation.approvalState}
            />
          </div>
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch gap-3 tablet:flex-row tablet:items-center">
          <Button variant="outline" onClick={onBack} disabled={locked}>
            <ArrowLeft aria-hidden="true" />
            {t("estimate.back")}
          </Button>
          <Button variant="ghost" onClick={onSkip} disabled={locked}>
            {t("estimate.skip")}
          </Button>
          <div className="flex flex-col-reverse gap-3 tablet:ml-auto tablet:flex-row">
            <Button variant="secondary" onClick={() => void save()} busy={busy === "save"} disabled={locked && busy !== "save"} data-testid="estimate-save">
              <Save aria-hidden="true" />
              {t("estimate.save")}
            </Button>
            <Button variant="secondary" onClick={() => recalculate()} busy={recalc.running} disabled={busy !== null} data-testid="estimate-recalculate">
              <RefreshCw aria-hidden="true" />
              {t("estimate.recalculate")}
            </Button>
            <Button onClick={() => void next()} busy={busy === "next"} disabled={forwardBlocked && busy !== "next"} aria-describedby={dirty ? "ce-recalc-prompt" : undefined} data-testid="estimate-next">
              {t("estimate.next")}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardFooter>
      </Card>

      <Dialog open={sendOpen} onOpenChange={setSendOpen}>
        <DialogContent closeLabel={t("app.close")}>
          <DialogTitle>{t("estimate.send.title")}</DialogTitle>
          <DialogDescription>{t("estimate.send.description", { email: state.approval.approverEmail.trim() })}</DialogDescription>
          {approvalChanged(state) || dirty ? (
            <p className="text-sm text-foreground" data-testid="send-saves-first">
              {t("estimate.send.saveFirst")}
            </p>
          ) : null}
          <div className="flex items-center gap-3">
            <Checkbox id="ce-cc-sender" checked={ccSender} onCheckedChange={(v) => setCcSender(v === true)} />
            <Label htmlFor="ce-cc-sender">{t("estimate.send.ccSender")}</Label>
          </div>
          <div className="flex flex-col-reverse gap-2 tablet:flex-row tablet:justify-end">
            <Button variant="outline" onClick={() => setSendOpen(false)}>
              {t("app.cancel")}
            </Button>
            <Button onClick={() => void send()} data-testid="send-confirm">
              {t("estimate.send.confirm")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {guard.dialog}
    </div>
  );
}

function withCurrent(list: string[], current: string): string[] {
  return current && !list.includes(current) ? [current, ...list] : list;
}
