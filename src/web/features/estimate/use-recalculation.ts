/**
 * The recalculation flow of the estimate page (part 1 §4 ON_ALT_CALC): post the edited estimate
 * (recalculateEstimationView), then poll its status every 2 s, at most 60 times
 * (`pollRecalculation`), and hand the recalculated estimate to `onDone`. A failed post, a Failed
 * status or the 60th poll ends with §8's "We are experiencing an issue…".
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { ASYNC_POLL_MAX, type TEstimationViewResponse, type TRecalculateRequest } from "../../../domain/estimate/schemas.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { pollRecalculation, timerWait } from "./recalc-poll.ts";

export type RecalculationState =
  | { phase: "idle" }
  | { phase: "posting" }
  | { phase: "polling"; poll: number; max: number }
  | { phase: "loading"; poll: number; max: number };

export function useRecalculation({
  onDone,
  onFailure,
}: {
  onDone: (response: TEstimationViewResponse) => void;
  onFailure: (message: string) => void;
}) {
  const [state, setState] = useState<RecalculationState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);
  const handlers = useRef({ onDone, onFailure });
  handlers.current = { onDone, onFailure };

  // Leaving the page stops the polling.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: TRecalculateRequest) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const fail = () => {
      if (own.signal.aborted) return;
      setState({ phase: "idle" });
      handlers.current.onFailure(estimateMessages.experiencingIssue);
    };
    setState({ phase: "posting" });
    let uuid: string | undefined;
    try {
      const posted = await trpcClient.estimate.recalculate.mutate(request);
      uuid = posted.success ? posted.costEstimateUIDTOs[0]?.uuid : undefined;
    } catch {
      fail();
      return;
    }
    if (!uuid) {
      fail();
      return;
    }
    if (own.signal.aborted) return;
    setState({ phase: "polling", poll: 0, max: ASYNC_POLL_MAX });
    const outcome = await pollRecalculation<TEstimationViewResponse>(uuid, {
      signal: own.signal,
      wait: timerWait(own.signal),
      status: (id, pollNumber) => trpcClient.estimate.asyncStatus.mutate({ uuid: id, pollNumber }),
      result: (id) => trpcClient.estimate.asyncResult.query({ uuid: id }),
      onPoll: (poll, status) => {
        if (own.signal.aborted) return;
        setState(status === "Done" || status === "Forced" ? { phase: "loading", poll, max: ASYNC_POLL_MAX } : { phase: "polling", poll, max: ASYNC_POLL_MAX });
      },
    });
    if (outcome.kind === "cancelled" || own.signal.aborted) return;
    if (outcome.kind === "failed" || !outcome.result.success || !outcome.result.costEstimate) {
      fail();
      return;
    }
    setState({ phase: "idle" });
    handlers.current.onDone(outcome.result);
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, start, cancel, running: state.phase !== "idle" };
}
