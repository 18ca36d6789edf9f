import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import type { Notice } from "../finance-shared/notice.tsx";
import type { Status } from "./bills-table.tsx";

/** A status update's run (update-bill-status): whether every bill was saved, and the bills that only had skippable errors. */
export type RunStatus = ReturnType<typeof useRunStatus>;

/**
 * Runs status updates (§4/§5: payment pending, paid, recorded payment, void, audited) and reports each
 * bill's outcome in the page's notice; the saved bills leave the selection (`onSaved`), and the list is
 * read again (`onSettled`).
 */
export function useRunStatus({ notify, onSaved, onSettled }: { notify: (notice: Notice | null) => void; onSaved: (ids: number[]) => void; onSettled: () => void }) {
  const { t } = useTranslation();
  const updateStatus = useMutation(trpc.finance.bills.updateStatus.mutationOptions({ onError: (error) => notify({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError }), onSettled }));
  return async (bills: Parameters<typeof updateStatus.mutateAsync>[0]["bills"]): Promise<{ ok: boolean; skippable: { id: number; skippableErrors: string[] }[] }> => {
    notify(null);
    try {
      const results = await updateStatus.mutateAsync({ bills, idempotencyKey: crypto.randomUUID() });
      const failed = results.filter((r) => !r.success && r.errorMessage);
      const skippable = results.filter((r) => !r.success && !r.errorMessage && r.skippableErrors.length > 0);
      const ok = results.filter((r) => r.success);
      if (failed.length > 0) {
        notify({
          kind: "destructive",
          text: (
            <ul className="list-disc pl-4">
              {failed.map((r, i) => (
                <li key={`${r.id}-${i}`}>{t("financeBills.billFailed", { id: r.id, message: r.errorMessage ?? FM.saveChangesError })}</li>
              ))}
            </ul>
          ),
        });
      } else if (ok.length > 0) {
        notify({ kind: "success", text: ok.length === 1 ? t("financeBills.saved", { id: ok[0]!.id, status: t(`financeBills.status.${(ok[0]!.status ?? "Open") as Status}`) }) : t("financeBills.savedMany", { count: ok.length }) });
      }
      if (ok.length > 0) onSaved(ok.map((r) => r.id));
      return { ok: failed.length === 0 && skippable.length === 0, skippable };
    } catch {
      return { ok: false, skippable: [] };
    }
  };
}
