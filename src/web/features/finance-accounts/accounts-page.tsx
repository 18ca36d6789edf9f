import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TAccount } from "../../../domain/finance/schemas-accounts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { Amount, CURRENCIES, fieldErrorsOf, totalsPerCurrency } from "./shared.tsx";
import { currencyLabel } from "../../lib/format.ts";

export type AccountsSearch = { type?: "Client" | "Vendor" | "Employee"; userId?: number; groupId?: number; companyId?: number; currency?: string };
const TYPES = ["Client", "Vendor", "Employee"] as const;

/**
 * /finance/accounts (part 2 §2 "Account management: search, create and edit accounts"): the search form
 * (type required, user id required for Employee, group, company, currency) kept in the URL, the results
 * with their balances and totals per currency, and the create-account dialog.
 */
export function FinanceAccountsPage({ search, onSearch }: { search: AccountsSearch; onSearch: (next: AccountsSearch) => void }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const companies = useQuery(trpc.finance.accounts.companiesByType.queryOptions({}));
  const ready = search.type !== undefined && (search.type !== "Employee" || search.userId !== undefined);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={t("financeAccounts.eyebrow")}
        title={t("financeAccounts.title")}
        description={t("financeAccounts.description")}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t("financeAccounts.create")}
          </Button>
        }
      />
      <div role="status" aria-live="polite" className="empty:hidden">
        {created ? <Alert variant="success">{created}</Alert> : null}
      </div>
      <SearchForm key={JSON.stringify(search)} search={search} onSearch={onSearch} groups={groups.data ?? []} companies={companies.data?.companies ?? []} />
      {ready ? <Results search={search} /> : <Card><EmptyState title={t("financeAccounts.searchFirst")} /></Card>}
      <CreateAccountDialog
        open={creating}
        onOpenChange={setCreating}
        groups={groups.data ?? []}
        companies={companies.data?.companies ?? []}
        onCreated={(name) => {
          setCreating(false);
          setCreated(t("financeAccounts.created", { name }));
          void queryClient.invalidateQueries({ queryKey: trpc.finance.accounts.search.queryKey() });
        }}
      />
    </div>
  );
}

type GroupOption = { id: number; displayName: string };
type CompanyOption = { id: number; companyName: string };

function SearchForm({ search, onSearch, groups, companies }: { search: AccountsSearch; onSearch: (s: AccountsSearch) => void; groups: GroupOption[]; companies: CompanyOption[] }) {
  const { t } = useTranslation();
  const [type, setType] = useState<string>(search.type ?? "");
  const [userId, setUserId] = useState(search.userId ? String(search.userId) : "");
  const [groupId, setGroupId] = useState(search.groupId ? String(search.groupId) : "");
  const [companyId, setCompanyId] = useState(search.companyId ? String(search.companyId) : "");
  const [currency, setCurrency] = useState(search.currency ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!type) next.type = FM.typeRequired;
    if (type === "Employee" && !/^\d+$/.test(userId.trim())) next.userId = FM.userIdRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSearch({
      type: type as AccountsSearch["type"],
      userId: /^\d+$/.test(userId.trim()) ? Number(userId.trim()) : undefined,
      groupId: groupId ? Number(groupId) : undefined,
      companyId: companyId ? Number(companyId) : undefined,
      currency: currency || undefined,
    });
  };
  return (
    <Card className="p-4 tablet:p-6">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 tablet:grid-cols-3 desktop:grid-cols-6 desktop:items-end">
        <FormField label={t("financeAccounts.type")} error={errors.type} required>
          {(f) => (
            <NativeSelect {...f} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t("financeAccounts.chooseType")}</option>
              {TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`financeAccounts.type.${x}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeAccounts.userId")} error={errors.userId} required={type === "Employee"}>
          {(f) => <Input {...f} inputMode="numeric" value={userId} onChange={(e) => setUserId(e.target.value)} />}
        </FormField>
        <FormField label={t("financeAccounts.group")}>
          {(f) => (
            <NativeSelect {...f} value={groupId} onChange={(e) => setGroupId(e.target.value)}>
              <option value="">{t("financeAccounts.anyGroup")}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeAccounts.company")}>
          {(f) => (
            <NativeSelect {...f} value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
              <option value="">{t("financeAccounts.anyCompany")}</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.companyName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeAccounts.currency")}>
          {(f) => (
            <NativeSelect {...f} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              <option value="">{t("financeAccounts.anyCurrency")}</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {currencyLabel(c)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit">{t("financeAccounts.search")}</Button>
      </form>
    </Card>
  );
}

function ownerOf(a: TAccount, t: TFunction): string {
  if (a.type === "Employee") return [t("financeAccounts.user", { id: String(a.userId ?? "") }), a.groupName].filter(Boolean).join(" · ");
  if (a.type === "Vendor") return a.companyName ?? "";
  return [a.groupName, a.subgroupName].filter(Boolean).join(" · ");
}

function Results({ search }: { search: AccountsSearch }) {
  const { t } = useTranslation();
  const query = useQuery(trpc.finance.accounts.search.queryOptions(search));
  if (query.isPending) return <LoadingRows rows={4} />;
  if (query.isError || !query.data) return <ErrorState message={errorText(query.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />;
  const accounts = query.data.accounts;
  if (accounts.length === 0) return <Card><EmptyState title={t("financeAccounts.noResults")} /></Card>;
  const totals = totalsPerCurrency(accounts.map((a) => ({ currency: a.currencyCode, minor: a.balanceMinor, major: a.balance })));
  return (
    <Card className="min-w-0 overflow-hidden">
      <Table>
        <TableCaption>{t("financeAccounts.results")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("financeAccounts.name")}</TableHead>
            <TableHead className="text-right">{t("financeAccounts.balance")}</TableHead>
            <TableHead>{t("financeAccounts.type")}</TableHead>
            <TableHead>{t("financeAccounts.owner")}</TableHead>
            <TableHead>{t("financeAccounts.billingType")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((a) => (
            <TableRow key={a.id}>
              <TableCell className="font-medium">
                <Link to="/finance/accounts/$accountId" params={{ accountId: String(a.id) }} className="text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {a.name}
                </Link>
              </TableCell>
              <TableCell className="text-right">
                <Amount value={a.balance} currency={a.currencyCode} />
              </TableCell>
              <TableCell>{t(`financeAccounts.type.${a.type}`)}</TableCell>
              <TableCell className="text-muted-foreground">{ownerOf(a, t)}</TableCell>
              <TableCell>{t(`financeAccounts.billing.${a.billingType}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-col gap-1 border-t border-border px-4 py-3 text-sm">
        <p className="font-medium">{t("financeAccounts.totals")}</p>
        <ul className="flex flex-wrap justify-end gap-x-6 gap-y-1">
          {totals.map((x) => (
            <li key={x.currency}>
              <Amount value={x.total} currency={x.currency} className="font-semibold" />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function CreateAccountDialog({
  open,
  onOpenChange,
  groups,
  companies,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: GroupOption[];
  companies: CompanyOption[];
  onCreated: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: "", type: "Client", groupId: "", company: "", userId: "", balance: "", currency: "USD" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per form content: a double click or a retry after a lost answer creates the account once.
  const key = useMemo(() => crypto.randomUUID(), [form]);
  const create = useMutation(
    trpc.finance.accounts.create.mutationOptions({
      onSuccess: () => {
        onCreated(form.name);
        setForm({ name: "", type: "Client", groupId: "", company: "", userId: "", balance: "", currency: "USD" });
        setErrors({});
        setFailure(null);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setFailure(errorText(error, FM.accountCreateError));
      },
    }),
  );
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : undefined);
    create.mutate({
      name: form.name,
      type: form.type as "Client",
      groupId: id(form.groupId),
      company: id(form.company),
      userId: id(form.userId),
      balance: form.balance,
      currency: form.currency,
      idempotencyKey: key,
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("financeAccounts.close")} className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t("financeAccounts.createTitle")}</DialogTitle>
        <DialogDescription>{t("financeAccounts.createDescription")}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          <FormField label={t("financeAccounts.name")} error={errors.name} required className="tablet:col-span-2">
            {(f) => <Input {...f} value={form.name} onChange={set("name")} maxLength={100} />}
          </FormField>
          <FormField label={t("financeAccounts.type")} error={errors.type} required>
            {(f) => (
              <NativeSelect {...f} value={form.type} onChange={set("type")}>
                {TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`financeAccounts.type.${x}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeAccounts.currency")} error={errors.currency} required>
            {(f) => (
              <NativeSelect {...f} value={form.currency} onChange={set("currency")}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {currencyLabel(c)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {form.type === "Employee" ? (
            <FormField label={t("financeAccounts.userId")} error={errors.userId} required>
              {(f) => <Input {...f} inputMode="numeric" value={form.userId} onChange={set("userId")} />}
            </FormField>
          ) : (
            <FormField label={t("financeAccounts.group")} error={errors.groupId} required={form.type === "Client"}>
              {(f) => (
                <NativeSelect {...f} value={form.groupId} onChange={set("groupId")}>
                  <option value="">{t("financeAccounts.anyGroup")}</option>
                  {groups.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.displayName}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          {form.type === "Vendor" ? (
            <FormField label={t("financeAccounts.company")} error={errors.company} required>
              {(f) => (
                <NativeSelect {...f} value={form.company} onChange={set("company")}>
                  <option value="">{t("financeAccounts.chooseCompany")}</option>
                  {companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.companyName}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          <FormField label={t("financeAccounts.openingBalance")} error={errors.balance}>
            {(f) => <Input {...f} inputMode="decimal" value={form.balance} onChange={set("balance")} placeholder="0.00" />}
          </FormField>
          {failure && !["name", "type", "currency", "userId", "groupId", "company", "balance"].some((k) => errors[k]) ? (
            <Alert variant="destructive" role="alert" className="tablet:col-span-2">
              {failure}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2 tablet:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("financeAccounts.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending}>
              {t("financeAccounts.create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
