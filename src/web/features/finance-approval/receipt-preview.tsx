/**
 * Bill Approval's receipt beside an item (issue 24 §1): an image shows as a picture, a PDF in the
 * browser's own viewer (a framed, same-origin preview), anything else as a file name; each with a
 * download link. The bytes come from the finance-only receipt route (GET billapproval/receipt).
 */
import { useTranslation } from "react-i18next";
import type { TApprovalRow } from "../../../domain/finance/schemas-approval.ts";

type Receipt = NonNullable<TApprovalRow["receipt"]>;

export function ReceiptPreview({ receipt, what, id }: { receipt: Receipt; what: string; id: number }) {
  const { t } = useTranslation();
  const label = t("financeApproval.receiptPreview", { what, id });
  const image = receipt.contentType.startsWith("image/");
  const pdf = receipt.contentType === "application/pdf";
  return (
    <figure className="flex w-24 shrink-0 flex-col gap-1" data-testid={`receipt-${id}`}>
      {image ? (
        <a href={receipt.previewUrl} target="_blank" rel="noopener" className="block rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring">
          <img src={receipt.previewUrl} alt={label} loading="lazy" className="h-28 w-24 rounded-md object-cover" />
        </a>
      ) : pdf ? (
        <iframe src={`${receipt.previewUrl}#toolbar=0&navpanes=0&view=FitH`} title={label} loading="lazy" className="h-28 w-24 rounded-md border border-border bg-white" />
      ) : (
        <span className="break-words text-xs">{t("financeApproval.receipt", { name: receipt.fileName })}</span>
      )}
      <figcaption className="flex flex-col text-xs">
        {pdf ? (
          <a className="underline" href={receipt.previewUrl} target="_blank" rel="noopener">
            {t("financeApproval.openReceipt")}
          </a>
        ) : null}
        <a className="underline" href={receipt.downloadUrl} download={receipt.fileName}>
          {t("financeApproval.downloadReceipt")}
        </a>
      </figcaption>
    </figure>
  );
}
