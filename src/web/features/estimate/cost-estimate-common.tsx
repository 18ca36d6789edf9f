/**
 * What the cost estimate stage's parts share (part 1 §2 stage 4): the stage's props, the page
 * notice, §8's failure text and the recalculation progress bar (§4 ON_ALT_CALC).
 */
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { serverMessage } from "../../lib/errors.ts";
import { isConnectionFailure } from "./calls.ts";
import { ProgressBar } from "./estimate-parts.tsx";
import type { RecalculationState } from "./use-recalculation.ts";

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
export function failureText(error: unknown, fallback: string): string {
  if (isConnectionFailure(error)) return estimateMessages.saveTimeout;
  return serverMessage(error) ?? fallback;
}

export function RecalculationProgress({ state }: { state: RecalculationState }) {
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
