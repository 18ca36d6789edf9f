/** Pieces the finance account pages share (issue 16): money cells, field errors of a refused write, the currency list. */
import { TRPCClientError } from "@trpc/client";
import type { ReactNode } from "react";
import { formatMajorMoney } from "../../lib/format.ts";
import { cn } from "../../lib/utils.ts";

/** Currencies offered by the forms (any ISO 4217 code is accepted by the server). */
export const CURRENCIES = ["USD", "EUR", "GBP", "CHF", "JPY", "SEK", "NOK", "DKK", "CAD", "AUD", "SGD", "HKD", "INR", "CNY"] as const;

/** Per-field messages of a refused write (the server's `fields`), or {}. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fields?: Record<string, string> | null } | undefined)?.fields;
  return fields ?? {};
}

/** An amount with its currency, right-aligned, in tabular figures; negative amounts in the destructive colour. */
export function Amount({ value, currency, className }: { value: string; currency: string; className?: string }) {
  return <span className={cn("whitespace-nowrap tabular-nums", value.startsWith("-") && "text-destructive", className)}>{formatMajorMoney(value, currency)}</span>;
}

/** A label/value pair of a details list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** Totals per currency of (currency, minor amount, decimals) rows, as major-unit texts. */
export function totalsPerCurrency(rows: { currency: string; minor: number; major: string }[]): { currency: string; total: string }[] {
  const sums = new Map<string, { minor: number; places: number }>();
  for (const r of rows) {
    const places = r.major.includes(".") ? r.major.split(".")[1]!.length : 0;
    const s = sums.get(r.currency) ?? { minor: 0, places };
    s.minor += r.minor;
    sums.set(r.currency, s);
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => {
    const sign = s.minor < 0 ? "-" : "";
    const abs = String(Math.abs(s.minor)).padStart(s.places + 1, "0");
    const total = s.places === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -s.places)}.${abs.slice(-s.places)}`;
    return { currency, total };
  });
}
