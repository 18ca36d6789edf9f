/**
 * The pieces of wizard stage 3: a service card (included or available to add, with its benefit
 * and money fields) and a budget group (the budget shared by the services of one group).
 */
import {
  Building2,
  Calculator,
  Compass,
  Globe,
  GraduationCap,
  House,
  KeyRound,
  Languages,
  ListChecks,
  Lock,
  Map as MapIcon,
  Package,
  Plane,
  Plus,
  RotateCcw,
  School,
  Search,
  Stamp,
  Truck,
  Users,
  Wallet,
  Warehouse,
  Hotel,
  X,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, isCurrencyCode, parseAmount } from "../../../domain/money/money.ts";
import type { TPolicyViewField } from "../../../domain/moves/wizard/override-schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/utils.ts";
import { MoneyInput } from "./money-input.tsx";
import type { BudgetGroupView, ServiceState } from "./stage-overrides-state.ts";

const ICONS: Record<string, LucideIcon> = {
  immigration: Stamp,
  removals: Truck,
  storage: Warehouse,
  tempaccommodation: Hotel,
  servicedapartment: Building2,
  flatsearch: Search,
  homesale: House,
  homepurchase: House,
  housingallowance: Wallet,
  cola: Wallet,
  cashflex: Wallet,
  lumpsum: Wallet,
  schoolsearch: School,
  education: GraduationCap,
  languagetraining: Languages,
  culturaltraining: Globe,
  orientation: Compass,
  settlingin: KeyRound,
  accountants: Calculator,
  taxbriefing: Calculator,
  travel: Plane,
  homeleave: Plane,
  househuntingtrip: Plane,
  cityguide: MapIcon,
  spousalsupport: Users,
  repatriation: RotateCcw,
  movehub: ListChecks,
};

function ServiceIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon.toLowerCase()] ?? Package;
  return (
    <span aria-hidden="true" className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary", className)}>
      <Icon className="size-4" />
    </span>
  );
}

/** A DOM id made of a state key ("stage1.REMOVALS" → "ov-stage1-REMOVALS"). */
const domId = (key: string, suffix = "") => `ov-${key.replace(/[^A-Za-z0-9_-]/g, "-")}${suffix ? `-${suffix}` : ""}`;

function moneyText(amount: string | null, currency: string | null): string | null {
  if (!amount || !currency || !isCurrencyCode(currency)) return amount ? `${currency ?? ""} ${amount}`.trim() : null;
  try {
    return formatMoney(parseAmount(amount, currency));
  } catch {
    return `${currency} ${amount}`;
  }
}

type ServiceCardProps = {
  service: ServiceState;
  editable: boolean;
  currencyCodes: string[];
  error?: string;
  onAdd?: () => void;
  onRemove?: () => void;
  onBenefit: (id: number | null) => void;
  onAmount: (amount: string) => void;
  onCurrency: (currency: string) => void;
};

/** One service: icon, title, type, external note; included ones show their fields and (when removable) the X. */
export function ServiceCard({ service, editable, currencyCodes, error, onAdd, onRemove, onBenefit, onAmount, onCurrency }: ServiceCardProps) {
  const { t } = useTranslation();
  const c = service.component;
  const errorId = domId(service.key, "error");
  const reasonId = domId(service.key, "reason");
  const titleId = domId(service.key, "title");
  const fieldsEditable = editable && c.isEditable;

  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-lg border bg-surface p-4",
        error ? "border-destructive" : "border-border",
        !service.selected && "border-dashed bg-muted/40",
      )}
      data-testid="override-service"
      data-service={c.service}
      data-selected={service.selected}
      aria-labelledby={titleId}
    >
      <div className="flex items-start gap-3">
        <ServiceIcon icon={c.icon} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
            <span id={titleId} data-testid="override-service-title">
              {c.title}
            </span>
            {c.type ? <Badge variant="neutral">{c.type}</Badge> : null}
          </p>
          {c.externalNote ? <p className="text-[13px] leading-relaxed text-muted-foreground">{c.externalNote}</p> : null}
          {service.selected && !service.removable && c.nonRemovableReason ? (
            <p id={reasonId} className="flex items-center gap-1.5 text-[13px] text-muted-foreground" title={c.nonRemovableReason}>
              <Lock aria-hidden="true" className="size-3.5" />
              <span>{c.nonRemovableReason}</span>
            </p>
          ) : null}
        </div>
        {service.selected && editable && service.removable && onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("overrides.remove", { title: c.title })}
            data-focus={`remove:${service.key}`}
            onClick={onRemove}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
        {!service.selected && editable && onAdd ? (
          <Button variant="outline" size="sm" aria-label={t("overrides.addService", { title: c.title })} data-focus={`add:${service.key}`} onClick={onAdd}>
            <Plus aria-hidden="true" />
            {t("overrides.add")}
          </Button>
        ) : null}
      </div>

      {service.selected && c.fields.length > 0 ? (
        <div className="flex flex-col gap-3 border-t border-border pt-3 tablet:flex-row tablet:flex-wrap tablet:items-end">
          {c.fields.map((f, i) => (
            <ServiceField
              key={`${f.type}-${i}`}
              field={f}
              service={service}
              editable={fieldsEditable}
              currencyCodes={currencyCodes}
              invalid={!!error}
              errorId={error ? errorId : undefined}
              onBenefit={onBenefit}
              onAmount={onAmount}
              onCurrency={onCurrency}
            />
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-destructive" data-testid="override-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function Required() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

function ServiceField({
  field,
  service,
  editable,
  currencyCodes,
  invalid,
  errorId,
  onBenefit,
  onAmount,
  onCurrency,
}: {
  field: TPolicyViewField;
  service: ServiceState;
  editable: boolean;
  currencyCodes: string[];
  invalid: boolean;
  errorId?: string;
  onBenefit: (id: number | null) => void;
  onAmount: (amount: string) => void;
  onCurrency: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": errorId, "aria-required": field.mandatory || undefined } as const;

  if (field.type === "list-of-benefits") {
    const id = domId(service.key, "benefit");
    const chosen = field.benefits.find((b) => b.id === service.benefitId);
    if (!editable) {
      return (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-foreground">{field.label}</span>
          <span className="text-muted-foreground">{chosen?.name ?? t("overrides.noValue")}</span>
        </div>
      );
    }
    return (
      <div className="flex min-w-56 flex-1 flex-col gap-2 tablet:max-w-md">
        <Label htmlFor={id}>
          {field.label}
          {field.mandatory ? <Required /> : null}
        </Label>
        <NativeSelect id={id} value={service.benefitId === null ? "" : String(service.benefitId)} onChange={(e) => onBenefit(e.target.value ? Number(e.target.value) : null)} {...aria}>
          <option value="">{t("overrides.select")}</option>
          {field.benefits.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    );
  }

  if (!editable) {
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-foreground">{field.label}</span>
        <span className="text-muted-foreground">{moneyText(service.amount || null, service.currency || null) ?? t("overrides.noValue")}</span>
      </div>
    );
  }
  const required = field.mandatory ? <Required /> : null;
  return (
    <div className="flex-1">
      <MoneyInput
        id={domId(service.key, "amount")}
        fieldClassName="w-60"
        maxLength={40}
        amount={service.amount}
        currency={service.currency}
        currencyCodes={currencyCodes}
        onAmount={onAmount}
        onCurrency={onCurrency}
        amountLabel={
          <>
            {t("overrides.amountOf", { label: field.label })}
            {required}
          </>
        }
        currencyLabel={
          <>
            {t("overrides.currencyOf", { label: field.label })}
            {required}
          </>
        }
        emptyOption={t("overrides.select")}
        aria={aria}
      />
    </div>
  );
}

/** A budget group: its budget (editable amount and currency, range, approval) above the selected services that share it. */
export function BudgetGroupPanel({
  group,
  editable,
  currencyCodes,
  error,
  children,
  onAmount,
  onCurrency,
}: {
  group: BudgetGroupView;
  editable: boolean;
  currencyCodes: string[];
  error?: string;
  children: ReactNode;
  onAmount: (amount: string) => void;
  onCurrency: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = domId(group.key, "heading");
  const hintId = domId(group.key, "hint");
  const errorId = domId(group.key, "error");
  const range = group.ranges.find((r) => r.currency === group.currency.toUpperCase());
  const min = range?.min ? moneyText(range.min, range.currency) : null;
  const max = range?.max ? moneyText(range.max, range.currency) : null;
  const rangeText = min && max ? t("overrides.range", { min, max }) : min ? t("overrides.rangeMin", { min }) : max ? t("overrides.rangeMax", { max }) : null;
  const authKey = `overrides.auth.${group.authType}`;
  const authText = t(authKey as "overrides.auth.NONE", { defaultValue: group.authType });
  const describedBy = [error ? errorId : null, rangeText ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <li>
     <div
      role="group"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-4 rounded-xl border bg-muted/30 p-4", error ? "border-destructive" : "border-border")}
      data-testid="budget-group"
      data-group={group.group}
      data-shared={group.shared}
     >
      <div className="flex flex-col gap-3 desktop:flex-row desktop:items-end desktop:justify-between">
        <div className="flex flex-col gap-1">
          <h4 id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-foreground">
            {t("overrides.budgetGroup", { group: group.group })}
            {group.shared ? <Badge variant="info">{t("overrides.shared")}</Badge> : null}
          </h4>
          <p className="text-[13px] text-muted-foreground">
            {group.shared ? t("overrides.sharedBy", { count: group.members.length }) : t("overrides.ownBudget")} · {t("overrides.authType", { type: authText })}
          </p>
          {rangeText ? (
            <p id={hintId} className="text-[13px] text-muted-foreground">
              {rangeText}
            </p>
          ) : null}
        </div>
        {editable ? (
          <MoneyInput
            id={domId(group.key, "amount")}
            fieldClassName="w-52"
            maxLength={40}
            amount={group.amount}
            currency={group.currency}
            currencyCodes={currencyCodes}
            onAmount={onAmount}
            onCurrency={onCurrency}
            amountLabel={t("overrides.budgetAmount", { group: group.group })}
            currencyLabel={t("overrides.budgetCurrency", { group: group.group })}
            emptyOption={t("overrides.select")}
            aria={{ "aria-invalid": !!error || undefined, "aria-describedby": describedBy }}
          />
        ) : (
          <p className="text-base font-semibold tabular-nums text-foreground">{moneyText(group.amount || null, group.currency || null) ?? t("overrides.noValue")}</p>
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-destructive" data-testid="override-error">
          {error}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">{children}</ul>
     </div>
    </li>
  );
}
