import type { ComponentProps, ReactNode } from "react";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/utils.ts";
import { currencyLabel as currencyOptionLabel } from "../../lib/format.ts";

/**
 * A money value in the wizard: an amount box and a currency select side by side, each with its own
 * label (stage 2 "money" fields, stage 3 service amounts and budget groups). The amount stays text:
 * only src/domain/money parses it. A currency not in `currencyCodes` (an older value) is still offered.
 */
export function MoneyInput({
  id,
  amount,
  currency,
  currencyCodes,
  onAmount,
  onCurrency,
  amountLabel,
  currencyLabel,
  emptyOption,
  placeholder,
  compact = false,
  fieldClassName,
  maxLength,
  disabled,
  readOnly,
  aria,
}: {
  /** The amount's id; the currency select is `${id}-currency`. */
  id: string;
  amount: string;
  currency: string;
  currencyCodes: string[];
  onAmount: (amount: string) => void;
  onCurrency: (currency: string) => void;
  amountLabel: ReactNode;
  currencyLabel: ReactNode;
  /** The text of the select's empty choice. */
  emptyOption: string;
  placeholder?: string;
  /** Labels for screen readers only (the field's own label stands above), amount wide, currency narrow. */
  compact?: boolean;
  /** The width of each of the two columns when not compact. */
  fieldClassName?: string;
  maxLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
  aria?: Pick<ComponentProps<"input">, "aria-invalid" | "aria-describedby" | "aria-required">;
}) {
  const codes = currency && !currencyCodes.includes(currency) ? [currency, ...currencyCodes] : currencyCodes;
  const column = compact ? "flex flex-col gap-1" : cn("flex max-w-full flex-col gap-2", fieldClassName);
  return (
    <div className={compact ? "flex gap-2" : "flex flex-wrap items-end gap-3"}>
      <div className={cn(column, compact && "min-w-0 flex-1")}>
        <Label htmlFor={id} className={compact ? "sr-only" : undefined}>
          {amountLabel}
        </Label>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          maxLength={maxLength}
          value={amount}
          placeholder={placeholder}
          onChange={(e) => onAmount(e.target.value)}
          disabled={disabled}
          readOnly={readOnly}
          {...aria}
        />
      </div>
      <div className={cn(column, compact && "w-32 shrink-0")}>
        <Label htmlFor={`${id}-currency`} className={compact ? "sr-only" : undefined}>
          {currencyLabel}
        </Label>
        <NativeSelect id={`${id}-currency`} value={currency} onChange={(e) => onCurrency(e.target.value)} disabled={disabled || readOnly} {...aria}>
          <option value="">{emptyOption}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {currencyOptionLabel(code)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
