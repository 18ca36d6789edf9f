/**
 * Bill Approval's bill-detail panel (issue 23 item 15; part 2 §2 Bill Approval, §3 "Approval payload", §5
 * "Bill amounts" and "Bill lines", §9 limits): a side sheet opened from an item's row. It loads what was
 * saved for the item's bill (finance.approval.billDetail) and edits the bill before approval: the amounts
 * (net + tax = gross within 0.005), reference (≤ 255), invoice date, cost centres, from/to accounts (picked
 * from the accounts in the bill's currency), the bill file (≤ 20 971 520 bytes, through the files service;
 * replacing it asks first), the lines (level-3 spend category, net/tax/gross with the 0.005 rule, notes ≤
 * 250), the move stage and the service category. Everything saves as it is edited through the record's
 * autosave queue (one save in flight, the latest value sent last, Saving… / Saved / Retry):
 * updateBillableChanges, updateBillLineCache, updateMoveStage, updateServiceCategory; "Clear saved changes"
 * is clearBillLinesCache. A value that breaks a §5 rule is shown with the rule's text and not sent. Approve
 * waits for the saves, then runs the page's approval order with §3's payload made of the edited values.
 */
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ApprovalKind } from "../../../domain/finance/approval.ts";
import { REFERENCE_MAX } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TApprovalPayload, TApprovalRow, TBillDetail } from "../../../domain/finance/schemas-approval.ts";
import { SPEND_CATEGORY_SELECT_ALL } from "../../../domain/policy/catalogue.ts";
import { AutosaveStatus } from "../../components/autosave-status.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";
import { useAutosave, type Autosave } from "../../lib/use-autosave.ts";
import { NoticeRegion, type Notice } from "../finance-shared/notice.tsx";
import { BillFile } from "./bill-file.tsx";
import { LineEditor } from "./bill-line-editor.tsx";
import { billableOf, blankToNull, errorsOf, has, lineDtos, linesOf, newKey, type Billable, type Line, type Patch } from "./bill-values.ts";

const MOVE_STAGES = [1, 2, 3] as const;

export function BillPanel({ row, notice, onClose, onApprove }: { row: TApprovalRow; notice: Notice | null; onClose: () => void; onApprove: (payload: Omit<TApprovalPayload, "id">) => void }) {
  const { t } = useTranslation();
  const what = t(`financeApproval.type.${row.kind}`);
  const input = { id: row.id, type: row.kind };
  const detail = useQuery({ ...trpc.finance.approval.billDetail.queryOptions(input), refetchOnWindowFocus: false, staleTime: Infinity, gcTime: 0 });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t("financeApproval.close")}
        className="left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-3xl translate-x-0 translate-y-0 content-start overflow-y-auto rounded-none border-y-0 border-r-0 p-4 tablet:p-6"
        data-testid="bill-panel"
      >
        <div className="flex flex-col gap-1 pr-8">
          <DialogTitle>{t("financeApproval.panelTitle", { what, id: row.id })}</DialogTitle>
          <DialogDescription>{t("financeApproval.panelDescription")}</DialogDescription>
        </div>
        {detail.isPending ? (
          <LoadingRows rows={6} />
        ) : detail.isError ? (
          <ErrorState message={serverMessage(detail.error) ?? t("financeApproval.panelLoadError")} retryLabel={t("app.retry")} onRetry={() => void detail.refetch()} />
        ) : (
          <BillEditor key={detail.dataUpdatedAt} detail={detail.data} pageNotice={notice} onApprove={onApprove} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function BillEditor({ detail, pageNotice, onApprove, onClose }: { detail: TBillDetail; pageNotice: Notice | null; onApprove: (payload: Omit<TApprovalPayload, "id">) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const kind: ApprovalKind = detail.kind;
  const c = detail.currency;
  const [billable, setBillable] = useState<Billable>(() => billableOf(detail));
  const [lines, setLines] = useState<Line[]>(() => linesOf(detail));
  const [moveStage, setMoveStage] = useState(detail.moveStageId ? String(detail.moveStageId) : "");
  const [serviceCategory, setServiceCategory] = useState(detail.draft.serviceCategory ?? "");
  const [file, setFile] = useState(detail.file);
  const [defaultFrom, setDefaultFrom] = useState<string | null>(null);
  const [ownNotice, setNotice] = useState<Notice | null>(null);
  // The approval's own answers (a confirm refused, the server's refusal) come from the page.
  const notice = ownNotice ?? pageNotice;
  const [confirmClear, setConfirmClear] = useState(false);
  const [approving, setApproving] = useState(false);
  const held = detail.holdReason !== null;

  const leaves = useQuery(trpc.policy.catalogue.searchSpendCategories.queryOptions({ query: SPEND_CATEGORY_SELECT_ALL }, { staleTime: 300_000 }));
  const tree = useQuery(trpc.policy.catalogue.spendCategories.queryOptions(undefined, { staleTime: 300_000 }));
  const serviceCategories = useMemo(() => {
    const names = new Set<string>();
    const walk = (nodes: NonNullable<typeof tree.data>) => {
      for (const n of nodes) {
        if (n.level === 2 && !n.hidden) names.add(n.description);
        walk(n.childSpendCategoryList);
      }
    };
    if (tree.data) walk(tree.data);
    if (serviceCategory) names.add(serviceCategory);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [tree.data, serviceCategory]);

  const errors = errorsOf(c, billable, lines, detail.defaultReference);
  const billableBlocked = has(errors, (k) => !k.startsWith("lines"));
  const linesBlocked = has(errors, (k) => k.startsWith("lines."));

  const autosave = useAutosave<Patch>(
    `bill-draft:${kind}:${detail.id}`,
    async (patch) => {
      if (patch.billable) {
        const b = patch.billable;
        await trpcClient.finance.approval.updateBillableChanges.mutate({
          id: detail.id,
          type: kind,
          gross: blankToNull(b.gross),
          net: blankToNull(b.net),
          tax: blankToNull(b.tax),
          reference: blankToNull(b.reference),
          invoiceDate: blankToNull(b.invoiceDate),
          costCenter: blankToNull(b.costCenter),
          costCenter2: blankToNull(b.costCenter2),
          accountFrom: b.accountFrom ? Number(b.accountFrom) : null,
          accountTo: b.accountTo ? Number(b.accountTo) : null,
          fileId: b.fileId,
          idempotencyKey: crypto.randomUUID(),
        });
      }
      if (patch.lines) await trpcClient.finance.approval.updateBillLineCache.mutate({ id: detail.id, type: kind, billLinesDTOs: lineDtos(patch.lines), idempotencyKey: crypto.randomUUID() });
      if (patch.moveStage !== undefined) {
        const r = await trpcClient.finance.approval.updateMoveStage.mutate({ billId: detail.id, billType: kind, moveStageId: patch.moveStage, idempotencyKey: crypto.randomUUID() });
        setDefaultFrom(r.defaultFromAccount.name);
      }
      if (patch.serviceCategory !== undefined) {
        const r = await trpcClient.finance.approval.updateServiceCategory.mutate({ billId: detail.id, billType: kind, serviceCategory: patch.serviceCategory, idempotencyKey: crypto.randomUUID() });
        setDefaultFrom(r.defaultFromAccount.name);
      }
    },
    { merge: (older, newer) => ({ ...older, ...newer }) },
  );
  const queue = (patch: Patch) => void autosave.save(patch).catch(() => undefined);

  const editBillable = (next: Partial<Billable>) => {
    const b = { ...billable, ...next };
    setBillable(b);
    setNotice(null);
    if (!has(errorsOf(c, b, lines, detail.defaultReference), (k) => !k.startsWith("lines"))) queue({ billable: b });
  };
  const editLines = (next: Line[]) => {
    setLines(next);
    setNotice(null);
    if (!has(errorsOf(c, billable, next, detail.defaultReference), (k) => k.startsWith("lines."))) queue({ lines: next });
  };
  const editLine = (key: string, change: Partial<Line>) => editLines(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const addLine = () =>
    editLines([
      ...lines,
      {
        key: newKey(),
        name: lines.length === 0 ? detail.description : "",
        gross: lines.length === 0 ? billable.gross : "",
        net: lines.length === 0 ? billable.net : "",
        tax: lines.length === 0 ? billable.tax : "",
        notes: "",
        spendCategoryId: detail.defaultSpendCategoryId ? String(detail.defaultSpendCategoryId) : "",
      },
    ]);

  const clear = async () => {
    setConfirmClear(false);
    try {
      await trpcClient.finance.approval.clearBillLinesCache.mutate({ id: detail.id, type: kind, idempotencyKey: crypto.randomUUID() });
      // The panel shows the item's own values again (a new read remounts the editor).
      await queryClient.invalidateQueries({ queryKey: trpc.finance.approval.billDetail.queryKey({ id: detail.id, type: kind }) });
    } catch (error) {
      setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError });
    }
  };

  const approve = async () => {
    if (has(errors, () => true)) {
      setNotice({ kind: "destructive", text: Object.values(errors).find(Boolean) ?? FM.saveChangesError });
      return;
    }
    setApproving(true);
    try {
      // Whatever is still saving goes first, so approve and the saved draft agree.
      await autosave.save({});
    } catch {
      setApproving(false);
      return;
    }
    setApproving(false);
    onApprove({
      costCenter: blankToNull(billable.costCenter),
      costCenter2: blankToNull(billable.costCenter2),
      accountFrom: billable.accountFrom ? Number(billable.accountFrom) : null,
      accountTo: billable.accountTo ? Number(billable.accountTo) : null,
      reference: blankToNull(billable.reference),
      invoiceDate: blankToNull(billable.invoiceDate),
      billLinesDTOs: lines.length > 0 ? lineDtos(lines) : null,
    });
  };

  const accountLabel = (a: { name: string; type: string; currency: string }) => `${a.name} · ${t(`financeApproval.accountType.${a.type}`, a.type)} · ${a.currency}`;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-1 text-sm tablet:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t("financeApproval.payee")}</dt>
          <dd className="font-medium">{detail.kind === "bookingCost" ? (detail.vendorName ?? "—") : (detail.employeeName ?? "—")}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t("financeApproval.group")}</dt>
          <dd>{detail.groupName}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t("financeApproval.itemAmount")}</dt>
          <dd className="tabular-nums">{formatMajorMoney(detail.gross, c)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t("financeApproval.itemDescription")}</dt>
          <dd>{detail.description || "—"}</dd>
        </div>
      </dl>
      {held ? <Alert variant="destructive">{t("financeApproval.panelHeld", { reason: detail.holdReason ?? "" })}</Alert> : null}

      <Section title={t("financeApproval.billSection")}>
        <div className="grid gap-4 tablet:grid-cols-3">
          <FormField label={t("financeApproval.gross", { currency: c })} required error={errors.gross}>
            {(f) => <Input {...f} inputMode="decimal" value={billable.gross} onChange={(e) => editBillable({ gross: e.target.value })} data-testid="bill-gross" />}
          </FormField>
          <FormField label={t("financeApproval.net", { currency: c })} error={errors.net}>
            {(f) => <Input {...f} inputMode="decimal" value={billable.net} onChange={(e) => editBillable({ net: e.target.value })} data-testid="bill-net" />}
          </FormField>
          <FormField label={t("financeApproval.tax", { currency: c })} error={errors.tax}>
            {(f) => <Input {...f} inputMode="decimal" value={billable.tax} onChange={(e) => editBillable({ tax: e.target.value })} data-testid="bill-tax" />}
          </FormField>
        </div>
        <div className="grid gap-4 tablet:grid-cols-2">
          <FormField label={t("financeApproval.reference")} hint={t("financeApproval.referenceHint", { reference: detail.defaultReference })} error={errors.reference}>
            {(f) => <Input {...f} maxLength={REFERENCE_MAX + 1} value={billable.reference} onChange={(e) => editBillable({ reference: e.target.value })} data-testid="bill-reference" />}
          </FormField>
          <FormField label={t("financeApproval.invoiceDate")}>
            {(f) => <Input {...f} type="date" min="2000-01-01" max="2099-12-31" value={billable.invoiceDate} onChange={(e) => editBillable({ invoiceDate: e.target.value })} data-testid="bill-invoice-date" />}
          </FormField>
          <FormField label={t("financeApproval.costCenter")}>
            {(f) => <Input {...f} maxLength={100} value={billable.costCenter} onChange={(e) => editBillable({ costCenter: e.target.value })} data-testid="bill-cost-center" />}
          </FormField>
          <FormField label={t("financeApproval.costCenter2")}>
            {(f) => <Input {...f} maxLength={100} value={billable.costCenter2} onChange={(e) => editBillable({ costCenter2: e.target.value })} data-testid="bill-cost-center2" />}
          </FormField>
          <FormField label={t("financeApproval.accountFrom")} hint={defaultFrom ? t("financeApproval.defaultFrom", { name: defaultFrom }) : undefined}>
            {(f) => (
              <NativeSelect {...f} value={billable.accountFrom} onChange={(e) => editBillable({ accountFrom: e.target.value })} data-testid="bill-account-from">
                <option value="">{t("financeApproval.defaultAccount")}</option>
                {detail.fromAccounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountLabel(a)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeApproval.accountTo")}>
            {(f) => (
              <NativeSelect {...f} value={billable.accountTo} onChange={(e) => editBillable({ accountTo: e.target.value })} data-testid="bill-account-to">
                <option value="">{t("financeApproval.defaultAccount")}</option>
                {detail.toAccounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountLabel(a)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeApproval.moveStage")}>
            {(f) => (
              <NativeSelect
                {...f}
                value={moveStage}
                onChange={(e) => {
                  setMoveStage(e.target.value);
                  if (e.target.value) queue({ moveStage: Number(e.target.value) });
                }}
                data-testid="bill-move-stage"
              >
                {moveStage === "" ? <option value="">—</option> : null}
                {MOVE_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t("financeApproval.stage", { stage: s })}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeApproval.serviceCategory")}>
            {(f) => (
              <NativeSelect
                {...f}
                value={serviceCategory}
                onChange={(e) => {
                  setServiceCategory(e.target.value);
                  queue({ serviceCategory: e.target.value });
                }}
                data-testid="bill-service-category"
              >
                <option value="">{t("financeApproval.noServiceCategory")}</option>
                {serviceCategories.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <BillFile
          detail={detail}
          file={file}
          disabled={held}
          onUploaded={(uploaded) => {
            setFile(uploaded);
            editBillable({ fileId: uploaded.id });
          }}
        />
      </Section>

      <Section title={t("financeApproval.linesSection")}>
        {lines.length === 0 ? (
          <EmptyState title={t("financeApproval.noLines")} description={t("financeApproval.noLinesHint")} />
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t("financeApproval.linesSection")}>
            {lines.map((line, i) => (
              <LineEditor
                key={line.key}
                index={i}
                line={line}
                currency={c}
                errors={errors}
                leaves={leaves.data ?? []}
                leavesFailed={leaves.isError}
                onChange={(change) => editLine(line.key, change)}
                onRemove={() => editLines(lines.filter((l) => l.key !== line.key))}
              />
            ))}
          </ol>
        )}
        {errors.lines ? (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="lines-total-error">
            {errors.lines}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={addLine} disabled={lines.length >= 50} data-testid="add-line">
            <Plus aria-hidden className="size-4" />
            {t("financeApproval.addLine")}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirmClear(true)} data-testid="clear-lines">
            {t("financeApproval.clearSaved")}
          </Button>
        </div>
      </Section>

      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-border bg-surface px-4 py-3 tablet:-mx-6 tablet:flex-row tablet:items-center tablet:px-6">
        <PanelStatus autosave={autosave} blocked={billableBlocked || linesBlocked} />
        <div className="flex gap-2 tablet:ml-auto">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeApproval.closePanel")}
          </Button>
          <Button type="button" busy={approving} aria-disabled={held ? true : undefined} onClick={() => void approve()} data-testid="panel-approve">
            {t("financeApproval.approveWithEdits")}
          </Button>
        </div>
      </div>
      <NoticeRegion notice={notice} />
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t("financeApproval.clearTitle")}
        description={t("financeApproval.clearDescription")}
        confirmLabel={t("financeApproval.clearSaved")}
        cancelLabel={t("financeApproval.cancel")}
        destructive
        onConfirm={() => void clear()}
      />
    </div>
  );
}

function PanelStatus({ autosave, blocked }: { autosave: Autosave<Patch>; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <AutosaveStatus autosave={autosave as unknown as Autosave<never>} failureText={FM.saveChangesError} />
      {blocked ? <p className="text-[13px] text-muted-foreground">{t("financeApproval.notSavedUntilValid")}</p> : null}
    </div>
  );
}
