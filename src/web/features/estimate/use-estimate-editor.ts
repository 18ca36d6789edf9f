/**
 * The cost estimate editor's state and actions (part 1 §4 "Cost estimate stage actions", §8): the
 * edits (estimate-state.ts), field errors and focus, the leave guard, the recalculation
 * (use-recalculation.ts), the live tax of basic estimates (calculate-tax), and Save (ON_SAVE),
 * Recalculate (ON_ALT_CALC), Next (ON_NEXT_NAVIGATION) and Send for approval (ON_SEND).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages, estimateText } from "../../../domain/estimate/messages.ts";
import type { TCostEstimateView, TStageAction } from "../../../domain/estimate/schemas.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { fieldErrorsOf, isConnectionFailure } from "./calls.ts";
import { failureText, type CostEstimateStageProps, type Notice } from "./cost-estimate-common.tsx";
import {
  checkEstimate,
  liveTaxFrom,
  pageFieldErrors,
  requestKeys,
  toCalculateTaxRequest,
  toRecalculateRequest,
  toSaveRequest,
  toUpdateAdvancedRequest,
} from "./estimate-requests.ts";
import {
  amountsAltered,
  approvalChanged,
  initialEstimateState,
  isDirty,
  setApproval,
  setLiveTax,
  type Approval,
  type EstimateState,
} from "./estimate-state.ts";
import { useRecalculation } from "./use-recalculation.ts";

type Busy = null | "save" | "next" | "send";

export type EstimateEditorProps = CostEstimateStageProps & {
  view: TCostEstimateView;
  carryApproval: Approval | null;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  tab: string;
  setTab: (tab: string) => void;
  onView: (view: TCostEstimateView, keepApproval?: Approval | null) => void;
  onReload: () => void;
};

export function useEstimateEditor({ employeeId, moveId, view, carryApproval, setNotice, onView, onReload, onNext }: EstimateEditorProps) {
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

  return {
    advanced,
    canRecordApproval,
    state,
    setState,
    errors,
    busy,
    sendOpen,
    setSendOpen,
    ccSender,
    setCcSender,
    rootRef,
    noticeRef,
    guard,
    recalc,
    locked,
    dirty,
    save,
    recalculate,
    next,
    askSend,
    send,
    update,
  };
}
