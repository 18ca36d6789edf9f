import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { approvalStep, blockedText, type ApprovalKind, type Confirmations } from "../../../domain/finance/approval.ts";
import { HOLD_REASONS, isHoldReason } from "../../../domain/finance/bill-state.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TApprovalPayload, TApprovalRow } from "../../../domain/finance/schemas-approval.ts";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { TableCell, TableHead, TableRow } from "../../components/ui/table.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { Money, Payee, type RowAction } from "../finance-shared/cells.tsx";
import { NoticeRegion, type Notice } from "../finance-shared/notice.tsx";
import { ListFooter, ResultsCard, RowCards, RowsTable } from "../finance-shared/results.tsx";
import { FilterSelect, SearchForm } from "../finance-shared/toolbar.tsx";
import { ApprovalActions, BudgetCell, Flags, ItemCell } from "./approval-cells.tsx";
import { ApprovalConfirm, ApprovalHoldDialog, ChangeDialog, NoteDialog, RejectDialog, type BudgetCheck, type ConfirmStep } from "./approval-dialogs.tsx";
import { AutoApprovalPanel } from "./auto-approval-panel.tsx";
import { BillPanel } from "./bill-panel.tsx";

/**
 * /finance/bill-approval (issue 16; part 2 §2 Bill Approval, §4 Approval, §8): the items waiting for
 * approval (search, type filter, sort and page in the URL), each with its remaining budget ("N/A" when
 * out of budget or without a group, "Error fetching budget" in red when it could not be read). Approve
 * walks `approvalStep` (out-of-policy confirm → out-of-budget check with the ManagedBudget confirm →
 * over-budget confirm → approve); while the remaining check runs and while an item is on hold, approve,
 * reject and request-change are blocked with the spec's texts. Popups: rejection (reason + notes),
 * request for change, hold (reason), internal note. Rows leave the list when approved or rejected.
 * Below: the groups' auto-approval rule.
 */
export type ApprovalSearch = { type?: ApprovalKind; q?: string; sort?: SortKey; page?: number };
export const SORT_KEYS = ["date-desc", "date-asc", "amount-desc", "amount-asc", "group-asc", "employee-asc", "type-asc"] as const;
type SortKey = (typeof SORT_KEYS)[number];
const KINDS: ApprovalKind[] = ["expense", "bookingCost", "lumpSum", "adhocCashSpend"];
const PAGE_SIZE = 20;

type Dialogs =
  | { kind: "reject"; row: TApprovalRow }
  | { kind: "change"; row: TApprovalRow }
  | { kind: "hold"; row: TApprovalRow }
  | { kind: "note"; row: TApprovalRow }
  | { kind: "confirm"; row: TApprovalRow; step: ConfirmStep; confirmations: Confirmations; check: BudgetCheck; payload?: Edits }
  | null;
/** §3's approval payload as the bill-detail panel edited it (bill-panel.tsx). */
type Edits = Omit<TApprovalPayload, "id">;

export function FinanceApprovalPage({ search, onSearch }: { search: ApprovalSearch; onSearch: (next: ApprovalSearch) => void }) {
  const { t } = useTranslation();
  const page = search.page ?? 1;
  const sortKey: SortKey = search.sort ?? "date-desc";
  const [sort, dir] = sortKey.split("-") as ["date" | "amount" | "group" | "employee" | "type", "asc" | "desc"];
  const input = { search: search.q ?? "", type: search.type, sort, dir, page, pageSize: PAGE_SIZE };
  const query = useQuery(trpc.finance.approval.list.queryOptions(input, { placeholderData: keepPreviousData }));
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [panel, setPanel] = useState<TApprovalRow | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.approval.list.queryKey() });
  const closeDialog = () => setDialog(null);
  /** A popup's confirmation on the page, and the list read again. */
  const done = (text: string) => (setNotice({ kind: "success", text }), refresh());
  const what = (row: TApprovalRow) => t(`financeApproval.type.${row.kind}`);
  const keyOf = (row: TApprovalRow) => `${row.kind}:${row.id}`;

  const approve = useMutation(trpc.finance.approval.approve.mutationOptions({ onSettled: refresh }));
  const setHold = useMutation(trpc.finance.approval.setHold.mutationOptions({ onSettled: refresh }));

  const approveFailure = (row: TApprovalRow, error: unknown) => {
    const fallback = row.kind === "expense" ? FM.approveExpenseError : row.kind === "bookingCost" ? FM.approveVendorBookingError : row.kind === "lumpSum" ? FM.approveLumpSumError : FM.productTeamError;
    setNotice({ kind: "destructive", text: serverMessage(error) ?? fallback });
  };

  /** One step of §4's approval order; `check` is the remaining-budget answer once it has run. */
  const continueApproval = async (row: TApprovalRow, confirmations: Confirmations, check: BudgetCheck, payload?: Edits) => {
    const item = {
      kind: row.kind,
      decided: false,
      holdReason: row.holdReason && isHoldReason(row.holdReason) ? row.holdReason : row.holdReason ? HOLD_REASONS[0] : null,
      remainingCheckInProgress: false,
      outOfPolicy: row.outOfPolicy,
      programmeType: row.programmeType ?? "Standard",
      ...(check ? { outOfBudget: check.outOfBudget, overBudget: check.overBudget } : {}),
    };
    const step = approvalStep(item, { type: "approve", confirmations });
    switch (step.next) {
      case "refused":
        setNotice({ kind: "destructive", text: step.message });
        return;
      case "confirmOutOfPolicy":
      case "confirmOutOfBudget":
      case "confirmOverBudget":
        setDialog({ kind: "confirm", row, step: step.next, confirmations, check, payload });
        return;
      case "checkOutOfBudget":
      case "checkOverBudget": {
        setChecking(keyOf(row));
        try {
          const answer = await queryClient.fetchQuery({ ...trpc.finance.approval.checkBudget.queryOptions({ id: row.id, invoiceServiceType: row.kind }), staleTime: 0 });
          await continueApproval(row, confirmations, { outOfBudget: answer.outOfBudget, overBudget: answer.overBudget, newTotalSpend: answer.newTotalSpend }, payload);
        } catch (error) {
          setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.budgetFetchError });
        } finally {
          setChecking(null);
        }
        return;
      }
      case "approve":
        approve.mutate(
          { ...payload, kind: row.kind, id: row.id, maxTotalSpendOverride: confirmations.overBudget === true, idempotencyKey: crypto.randomUUID() },
          {
            onSuccess: () => {
              if (payload) setPanel(null);
              setNotice({ kind: "success", text: t("financeApproval.approved", { what: what(row), id: row.id }) });
            },
            onError: (e) => approveFailure(row, e),
          },
        );
        return;
      default:
        return;
    }
  };

  /** §8: blocked while the remaining check runs or the item is on hold. */
  const blocked = (row: TApprovalRow, action: "approve" | "reject" | "change"): string | null => {
    if (checking === keyOf(row)) return blockedText(row.kind, action, "remainingCheck");
    if (row.holdReason) return blockedText(row.kind, action, "onHold");
    return null;
  };
  const guarded = (row: TApprovalRow, action: "approve" | "reject" | "change", run: () => void) => () => {
    const why = blocked(row, action);
    if (why) setNotice({ kind: "destructive", text: why });
    else {
      setNotice(null);
      run();
    }
  };

  /** The row's menu: reject, request a change (booking costs), hold or unhold, the internal note (expenses). */
  const moreOf = (row: TApprovalRow): RowAction[] => {
    const unhold = () =>
      setHold.mutate(
        { kind: row.kind, id: row.id, holdStatus: false, idempotencyKey: crypto.randomUUID() },
        { onSuccess: () => setNotice({ kind: "success", text: t("financeApproval.released", { what: what(row), id: row.id }) }), onError: (e) => setNotice({ kind: "destructive", text: serverMessage(e) ?? FM.productTeamError }) },
      );
    return [
      { label: t("financeApproval.reject"), run: guarded(row, "reject", () => setDialog({ kind: "reject", row })) },
      ...(row.kind === "bookingCost" ? [{ label: t("financeApproval.requestChange"), run: guarded(row, "change", () => setDialog({ kind: "change", row })) }] : []),
      row.holdReason !== null ? { label: t("financeApproval.unhold"), run: unhold } : { label: t("financeApproval.hold"), run: () => setDialog({ kind: "hold", row }) },
      ...(row.kind === "expense" ? [{ label: t("financeApproval.note"), run: () => setDialog({ kind: "note", row }) }] : []),
    ];
  };
  const actions = (row: TApprovalRow) => (
    <ApprovalActions
      row={row}
      busy={checking === keyOf(row) || (approve.isPending && approve.variables?.id === row.id && approve.variables?.kind === row.kind)}
      checking={checking !== null}
      onApprove={guarded(row, "approve", () => void continueApproval(row, {}, null))}
      onEdit={() => (setNotice(null), setPanel(row))}
      more={moreOf(row)}
    />
  );
  const payee = (row: TApprovalRow) => <Payee name={row.kind === "bookingCost" ? row.vendorName : row.employeeName} group={row.groupName} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeApproval.eyebrow")} title={t("financeApproval.title")} description={t("financeApproval.description")} />
      <Card className="flex flex-col gap-4 p-4 desktop:flex-row desktop:items-end">
        <FilterSelect
          label={t("financeApproval.type")}
          className="desktop:w-52"
          value={search.type ?? ""}
          options={[{ value: "", label: t("financeApproval.type.all") }, ...KINDS.map((k) => ({ value: k, label: t(`financeApproval.type.${k}`) }))]}
          onChange={(value) => onSearch({ ...search, type: (value || undefined) as ApprovalKind | undefined, page: undefined })}
        />
        <FilterSelect
          label={t("financeApproval.sort")}
          className="desktop:w-52"
          value={sortKey}
          options={SORT_KEYS.map((k) => ({ value: k, label: t(`financeApproval.sort.${k}`) }))}
          onChange={(value) => onSearch({ ...search, sort: value as SortKey, page: undefined })}
        />
        <SearchForm ns="financeApproval" q={search.q} onSearch={(q) => onSearch({ ...search, q, page: undefined })} />
      </Card>

      <NoticeRegion notice={notice}>{checking ? <p className="text-sm text-muted-foreground">{t("financeApproval.checking")}</p> : null}</NoticeRegion>

      <ResultsCard query={query} errorMessage={serverMessage(query.error) ?? t("financeApproval.loadError")} emptyTitle={search.q || search.type ? t("financeApproval.emptySearch") : t("financeApproval.empty")}>
        {(data) => (
          <>
            <RowsTable
              caption={t("financeApproval.caption")}
              head={
                <>
                  <TableHead>{t("financeApproval.item")}</TableHead>
                  <TableHead>{t("financeApproval.payee")}</TableHead>
                  <TableHead className="text-right">{t("financeApproval.amount")}</TableHead>
                  <TableHead className="text-right">{t("budgetFigures.remaining")}</TableHead>
                  <TableHead>{t("financeApproval.status")}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t("financeApproval.actions")}</span>
                  </TableHead>
                </>
              }
            >
              {data.rows.map((row) => (
                <TableRow key={keyOf(row)} data-testid={`approval-${row.kind}-${row.id}`}>
                  <TableCell>
                    <ItemCell row={row} />
                  </TableCell>
                  <TableCell>{payee(row)}</TableCell>
                  <TableCell className="text-right">
                    <Money amount={row.gross} currency={row.currency} />
                  </TableCell>
                  <TableCell className="text-right">
                    <BudgetCell row={row} />
                  </TableCell>
                  <TableCell>
                    <Flags row={row} />
                  </TableCell>
                  <TableCell className="text-right">{actions(row)}</TableCell>
                </TableRow>
              ))}
            </RowsTable>
            <RowCards caption={t("financeApproval.caption")}>
              {data.rows.map((row) => (
                <li key={keyOf(row)} className="flex flex-col gap-2 p-4" data-testid={`approval-card-${row.kind}-${row.id}`}>
                  <div className="flex items-start justify-between gap-3">
                    <ItemCell row={row} />
                    <Money amount={row.gross} currency={row.currency} />
                  </div>
                  {payee(row)}
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="text-muted-foreground">{t("budgetFigures.remaining")}</span>
                    <BudgetCell row={row} />
                  </div>
                  <Flags row={row} />
                  {actions(row)}
                </li>
              ))}
            </RowCards>
            <ListFooter ns="financeApproval" totals={data.totals} page={page} pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} onPage={(next) => onSearch({ ...search, page: next })} />
          </>
        )}
      </ResultsCard>

      <AutoApprovalPanel />

      {dialog?.kind === "confirm" ? (
        <ApprovalConfirm
          row={dialog.row}
          step={dialog.step}
          check={dialog.check}
          onClose={closeDialog}
          onConfirm={() => {
            const { row, step, confirmations, check, payload } = dialog;
            const key = step === "confirmOutOfPolicy" ? "outOfPolicy" : step === "confirmOutOfBudget" ? "outOfBudget" : "overBudget";
            setDialog(null);
            void continueApproval(row, { ...confirmations, [key]: true }, check, payload);
          }}
        />
      ) : null}
      {panel ? (
        <BillPanel
          row={panel}
          notice={notice}
          onClose={() => setPanel(null)}
          onApprove={(payload) => {
            const why = blocked(panel, "approve");
            if (why) return setNotice({ kind: "destructive", text: why });
            setNotice(null);
            void continueApproval(panel, {}, null, payload);
          }}
        />
      ) : null}
      {dialog?.kind === "reject" ? <RejectDialog row={dialog.row} onClose={closeDialog} onDone={done} /> : null}
      {dialog?.kind === "change" ? <ChangeDialog row={dialog.row} onClose={closeDialog} onDone={done} /> : null}
      {dialog?.kind === "hold" ? <ApprovalHoldDialog row={dialog.row} onClose={closeDialog} onDone={done} /> : null}
      {dialog?.kind === "note" ? <NoteDialog row={dialog.row} onClose={closeDialog} onDone={done} /> : null}
    </div>
  );
}
