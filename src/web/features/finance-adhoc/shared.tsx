/**
 * Pieces the ad-hoc pages share: the group and move picker (staff pick any group; HR and managers work in
 * their own), the server's field errors, idempotency keys, and right-aligned amounts with their currency.
 */
import { useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { formatMajorMoney } from "../../lib/format.ts";
import type { SignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

/** The field errors of a refused call (`data.fields`), keyed like the server's (`recurring.payments.2.paymentDueDate`). */
export function fieldsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { fields?: Record<string, string> | null } | undefined;
  return data?.fields ?? {};
}

export const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);
export const todayIso = () => new Date().toISOString().slice(0, 10);

export const CURRENCIES = ["EUR", "GBP", "USD", "CHF", "JPY", "SGD", "AUD", "CAD"] as const;

/** An amount in major units, right-aligned with tabular digits and its currency. */
export function Amount({ value, currency, className = "" }: { value: string; currency: string; className?: string }) {
  return <span className={`block text-right tabular-nums ${className}`}>{formatMajorMoney(value, currency)}</span>;
}

/** Group (staff) and move (employee) of the charge or spend. */
export function GroupMovePicker({
  user,
  group,
  onGroup,
  moveId,
  onMove,
  moveError,
}: {
  user: SignedInUser;
  group: string;
  onGroup: (group: string) => void;
  moveId: number | null;
  onMove: (moveId: number | null) => void;
  moveError?: string;
}) {
  const { t } = useTranslation();
  const ownGroup = user.group;
  const groups = useQuery({ ...trpc.admin.groups.list.queryOptions(), enabled: ownGroup === null });
  const [search, setSearch] = useState("");
  const moves = useQuery({ ...trpc.finance.adhoc.moves.queryOptions({ group, search: search || undefined }), enabled: group !== "" });
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      {ownGroup ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">{t("financeAdhoc.group", "Group")}</p>
          <p className="text-sm" data-testid="own-group">
            {ownGroup.displayName}
          </p>
        </div>
      ) : (
        <FormField label={t("financeAdhoc.group", "Group")} required>
          {(field) => (
            <NativeSelect
              {...field}
              value={group}
              onChange={(e) => {
                onGroup(e.target.value);
                onMove(null);
              }}
              data-testid="group-select"
            >
              <option value="">{groups.isPending ? t("financeAdhoc.loading", "Loading…") : t("financeAdhoc.chooseGroup", "Choose a group")}</option>
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.name}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="flex flex-col gap-2">
        <FormField label={t("financeAdhoc.findEmployee", "Find the employee")}>
          {(field) => <Input {...field} type="search" value={search} onChange={(e) => setSearch(e.target.value)} disabled={group === ""} placeholder={t("financeAdhoc.searchHint", "Name or e-mail")} data-testid="move-search" />}
        </FormField>
        <FormField label={t("financeAdhoc.employeeMove", "Employee and move")} required error={moveError}>
          {(field) => (
            <NativeSelect {...field} value={moveId ?? ""} onChange={(e) => onMove(e.target.value ? Number(e.target.value) : null)} disabled={group === ""} data-testid="move-select">
              <option value="">{moves.isFetching ? t("financeAdhoc.loading", "Loading…") : t("financeAdhoc.chooseMove", "Choose the employee's move")}</option>
              {(moves.data?.moves ?? []).map((m) => (
                <option key={m.moveId} value={m.moveId}>
                  {m.employeeName} · {m.email}
                  {m.destination ? ` · ${m.destination}` : ""} (#{m.moveId})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {moves.isError ? <p className="text-sm text-destructive">{t("financeAdhoc.movesFailed", "The moves could not be loaded.")}</p> : null}
      </div>
    </div>
  );
}
