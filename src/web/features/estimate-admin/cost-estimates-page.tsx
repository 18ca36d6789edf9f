import { useMutation, useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BILLING_STATUSES } from "../../../domain/estimate/schemas.ts";
import { SaveBar } from "../../components/save-bar.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type BillingStatus = (typeof BILLING_STATUSES)[number];
type Group = { groupId: number; name: string; displayName: string; costEstimateFlag: boolean; billingStatus: BillingStatus; estimates: number };
/** A change on its way to the server: shown at once, dropped (the row reverts) when it fails. */
type Pending = { flag?: boolean; billing?: BillingStatus };
type Outcome = { kind: "success" | "error"; text: string } | null;

/**
 * /admin/cost-estimates (part 1 §2 "Cost-estimate group admin: per-group flag and billing
 * status", §8): a switch and a billing status per group. A change shows at once and reverts with
 * the server's message ("Update failed - there was an error." when it gives none), or the network
 * error text when the server cannot be reached.
 */
export function CostEstimatesPage() {
  const { t } = useTranslation();
  const groups = useQuery(trpc.estimate.admin.groups.queryOptions());
  const [pending, setPending] = useState<Record<number, Pending>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const setFlag = useMutation(trpc.estimate.admin.setFlag.mutationOptions());
  const setBilling = useMutation(trpc.estimate.admin.setBilling.mutationOptions());

  const failureText = (error: unknown) => (errorCode(error) === null ? t("estimateAdmin.networkError") : (serverMessage(error) ?? t("estimateAdmin.updateFailed")));

  // One group's changes are sent in order, one at a time; a change made while another saves waits
  // for it instead of being dropped. The row shows what was chosen until its last save is answered.
  const queued = useRef(new Map<number, { tail: Promise<void>; count: number }>());
  function change(group: Group, next: Pending) {
    setOutcome(null);
    setPending((p) => ({ ...p, [group.groupId]: { ...p[group.groupId], ...next } }));
    const entry = queued.current.get(group.groupId) ?? { tail: Promise.resolve(), count: 0 };
    entry.count += 1;
    entry.tail = entry.tail.then(() => save(group, next));
    queued.current.set(group.groupId, entry);
  }

  async function save(group: Group, change: Pending) {
    const clear = () => {
      const entry = queued.current.get(group.groupId);
      if (entry) entry.count -= 1;
      if (entry && entry.count > 0) return; // a later change of this row is still to be sent
      setPending((p) => {
        const { [group.groupId]: _done, ...rest } = p;
        return rest;
      });
    };
    try {
      const result =
        change.flag !== undefined
          ? await setFlag.mutateAsync({ groupId: group.groupId, costEstimateFlag: change.flag })
          : await setBilling.mutateAsync({ groupId: group.groupId, billingStatus: change.billing! });
      if (!result.success) {
        clear();
        setOutcome({ kind: "error", text: result.errorMessage || t("estimateAdmin.updateFailed") });
        return;
      }
      await queryClient.invalidateQueries(trpc.estimate.admin.groups.queryFilter());
      clear();
      setOutcome({
        kind: "success",
        text:
          change.flag !== undefined
            ? t("estimateAdmin.flagSaved", { group: group.displayName, state: change.flag ? t("estimateAdmin.on").toLowerCase() : t("estimateAdmin.off").toLowerCase() })
            : t("estimateAdmin.billingSaved", { group: group.displayName, status: t(`estimateAdmin.billing.${change.billing!}`) }),
      });
    } catch (error) {
      clear();
      setOutcome({ kind: "error", text: failureText(error) });
    }
  }

  return (
    <>
      <PageHeader title={t("estimateAdmin.title")} description={t("estimateAdmin.description")} />
      <SaveBar active={outcome !== null}>
        <div aria-live="polite" className="mb-4 empty:hidden">
          {outcome ? (
            <Alert variant={outcome.kind === "success" ? "success" : "destructive"} role={outcome.kind === "success" ? "status" : "alert"} data-testid="estimate-admin-outcome">
              {outcome.text}
            </Alert>
          ) : null}
        </div>
      </SaveBar>
      <Card>
        <QueryView
          query={groups}
          isEmpty={(data) => data.groups.length === 0}
          empty={<EmptyState icon={Building2} title={t("estimateAdmin.emptyTitle")} description={t("estimateAdmin.emptyDescription")} />}
        >
          {(data) => (
            <Table>
              <TableCaption>{t("estimateAdmin.tableCaption")}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("estimateAdmin.group")}</TableHead>
                  <TableHead className="text-right">{t("estimateAdmin.estimates")}</TableHead>
                  <TableHead>{t("estimateAdmin.flag")}</TableHead>
                  <TableHead>{t("estimateAdmin.billing")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.groups.map((group) => (
                  <GroupRow key={group.groupId} group={group} pending={pending[group.groupId]} onChange={(next) => change(group, next)} />
                ))}
              </TableBody>
            </Table>
          )}
        </QueryView>
      </Card>
    </>
  );
}

function GroupRow({ group, pending, onChange }: { group: Group; pending: Pending | undefined; onChange: (change: Pending) => void }) {
  const { t } = useTranslation();
  const flag = pending?.flag ?? group.costEstimateFlag;
  const billing = pending?.billing ?? group.billingStatus;
  const busy = pending !== undefined;
  const authorised = flag && billing !== "SUSPENDED";
  const flagId = `ce-flag-${group.groupId}`;
  return (
    <TableRow data-testid={`group-${group.name}`}>
      <TableCell>
        <div className="flex flex-col gap-0.5">
          <span className="font-medium text-foreground">{group.displayName}</span>
          <span className="text-xs text-muted-foreground">
            <Badge variant={authorised ? "success" : "neutral"} className="align-middle">
              {authorised ? t("estimateAdmin.authorised") : t("estimateAdmin.notAuthorised")}
            </Badge>
          </span>
        </div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{group.estimates}</TableCell>
      <TableCell>
        <div className="flex items-center gap-3">
          <Switch
            id={flagId}
            checked={flag}
            aria-label={t("estimateAdmin.flagLabel", { group: group.displayName })}
            onCheckedChange={(checked) => onChange({ flag: checked })}
          />
          <span className="text-sm text-muted-foreground" aria-hidden="true">
            {busy ? t("estimateAdmin.saving") : flag ? t("estimateAdmin.on") : t("estimateAdmin.off")}
          </span>
        </div>
      </TableCell>
      <TableCell>
        <NativeSelect
          className="w-44"
          value={billing}
          aria-label={t("estimateAdmin.billingLabel", { group: group.displayName })}
          onChange={(e) => onChange({ billing: e.target.value as BillingStatus })}
        >
          {BILLING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`estimateAdmin.billing.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
    </TableRow>
  );
}
