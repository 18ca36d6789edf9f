import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { BillRow } from "../../../domain/finance/schemas-bills.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import type { Notice } from "../finance-shared/notice.tsx";

/**
 * The selected bills (`selection`, some on other pages; `selectedList`, the rows seen of them): "Pay
 * selected" pays only those that can be paid (the server's actions.pay: bill-state.ts) and says how many
 * cannot; "Export selected" writes a payment file (its downloads in the notice) and clears the selection.
 */
export function SelectionBar({
  selection,
  selectedList,
  onPay,
  onClear,
  notify,
  onChanged,
}: {
  selection: readonly number[];
  selectedList: readonly BillRow[];
  onPay: (bills: BillRow[]) => void;
  onClear: () => void;
  notify: (notice: Notice | null) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const refreshBatches = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.batches.queryKey() });
  const exportBills = useMutation(
    trpc.finance.bills.export.mutationOptions({
      onError: (error) => notify({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError }),
      onSettled: () => (onChanged(), refreshBatches()),
    }),
  );
  const payableList = selectedList.filter((r) => r.actions.pay);
  const unpayable = selectedList.length - payableList.length;
  const exportSelected = () => {
    notify(null);
    exportBills.mutate(
      { billIds: [...selection], idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (r) => {
          onClear();
          notify({
            kind: "success",
            text: (
              <span className="flex flex-col gap-1">
                <span>{t("financeBills.exportDone", { messageId: r.messageId, count: r.billCount })}</span>
                <span className="flex flex-wrap gap-3">
                  <a className="underline" href={r.csvUrl}>
                    {t("financeBills.downloadCsv")}
                  </a>
                  <a className="underline" href={r.xmlUrl}>
                    {t("financeBills.downloadXml")}
                  </a>
                </span>
              </span>
            ),
          });
        },
      },
    );
  };
  return (
    <Card className="flex flex-col gap-3 p-4 tablet:flex-row tablet:items-center" aria-label={t("financeBills.selected", { count: selection.length })} role="region">
      <p className="text-sm font-medium">{t("financeBills.selected", { count: selection.length })}</p>
      {unpayable > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="unpayable-note">
          {t("financeBills.notPayable", { count: unpayable })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 tablet:ml-auto">
        {payableList.length > 0 ? (
          <Button size="sm" onClick={() => onPay(payableList)}>
            {unpayable > 0 ? t("financeBills.payPayable", { count: payableList.length }) : t("financeBills.paySelected")}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" busy={exportBills.isPending} onClick={exportSelected}>
          {t("financeBills.exportSelected")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t("financeBills.clearSelection")}
        </Button>
      </div>
    </Card>
  );
}
