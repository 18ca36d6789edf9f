/**
 * The cost estimate editor (part 1 §3 cost estimate, §5 "Cost estimate page"): the estimate with its
 * edits, currencies and exchange rates, exports, notices, the balance sheet tab of advanced
 * estimates, tax and approval panels, the stage's buttons and the send-for-approval dialog. State
 * and actions live in use-estimate-editor.ts.
 */
import { ArrowLeft, ArrowRight, Calculator, RefreshCw, Save } from "lucide-react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { currencyLabel } from "../../lib/format.ts";
import { BalanceSheetPanel } from "./balance-sheet.tsx";
import { RecalculationProgress } from "./cost-estimate-common.tsx";
import { ExportLinks, TypeBadge } from "./estimate-parts.tsx";
import { ApprovalPanel, TaxPanel } from "./estimate-settings.tsx";
import { addCustom, approvalChanged, canLeaveForward, editCustom, editRow, removeCustom, setApproval, setTax } from "./estimate-state.ts";
import { EstimateTable } from "./estimate-table.tsx";
import { formatDate, formatDateTime, formatRate, formatWhole } from "./format.ts";
import { HistoryButton } from "./history-dialog.tsx";
import { useEstimateEditor, type EstimateEditorProps } from "./use-estimate-editor.ts";

export function EstimateEditor(props: EstimateEditorProps) {
  const { group, employeeId, moveId, view, notice, tab, setTab, onReload, onBack, onSkip } = props;
  const { t } = useTranslation();
  const {
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
  } = useEstimateEditor(props);

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
