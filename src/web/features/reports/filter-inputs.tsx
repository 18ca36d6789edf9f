/**
 * One input per filter type of part 2 §3 (date, dateRange, dd, tdd, dynamic, text, listOfLong, monthAndYear,
 * year), in the value formats of src/domain/reporting/filters.ts (date "YYYY-MM-DD"; dateRange "start||end";
 * listOfLong "1,2,3"; monthAndYear "YYYY-MM"; year "YYYY"), each with its §5 rule written beside it
 * (aria-describedby) and its error, if any, under it (aria-invalid).
 * Part 2 §5 "range start cannot be after end (auto-adjusted)": a start moved past the end moves the end to it,
 * an end moved before the start moves the start; §9 report datepickers -20:+1 years, dates not in the future,
 * month and year dropdowns 10 years back.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MONTH_YEAR_BACK, splitRange } from "../../../domain/reporting/filters.ts";
import type { FilterDefinition } from "../../../domain/reporting/types.ts";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { readerLocale } from "../../lib/format.ts";
import { cn } from "../../lib/utils.ts";

export type FilterInputProps = {
  def: FilterDefinition;
  /** The filter's title as the label service gave it (part 2 §7 loadReportFilterLabel), else the definition's. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  today: string;
  years: { minYear: number; maxYear: number };
};

/** The rule text shown beside a filter (part 2 §5). */
function useRuleText(def: FilterDefinition, years: { minYear: number; maxYear: number }): string | null {
  const { t } = useTranslation();
  switch (def.type) {
    case "date":
      return t("reports.rule.date");
    case "dateRange":
      return t("reports.rule.dateRange");
    case "listOfLong":
      return t("reports.rule.listOfLong");
    case "monthAndYear":
      return t("reports.rule.monthAndYear");
    case "year":
      return t("reports.rule.year", { min: years.minYear, max: years.maxYear });
    default:
      return null;
  }
}

/** A month's name in the reader's language (0 = January). */
function monthName(index: number): string {
  return new Intl.DateTimeFormat(readerLocale(), { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, index, 1)));
}

export function FilterInput(props: FilterInputProps) {
  const { t } = useTranslation();
  const { def, label, error } = props;
  const id = useId();
  const ruleId = `${id}-rule`;
  const errorId = `${id}-error`;
  const rule = useRuleText(def, props.years);
  const describedBy = [rule ? ruleId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const marker = <span className="text-xs font-normal text-muted-foreground">({t(def.required ? "reports.required" : "reports.optional")})</span>;
  const grouped = def.type === "dateRange" || def.type === "monthAndYear";
  const control = <Control {...props} id={id} describedBy={describedBy} />;
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-testid="report-filter" data-filter={def.name} data-type={def.type}>
      {grouped ? (
        <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={describedBy}>
          <legend className="mb-1.5 flex flex-wrap items-baseline gap-1.5 text-sm font-medium text-foreground">
            {label} {marker}
          </legend>
          {control}
        </fieldset>
      ) : (
        <>
          <Label htmlFor={id} className="flex flex-wrap items-baseline gap-1.5">
            {label} {marker}
          </Label>
          {control}
        </>
      )}
      {rule ? (
        <p id={ruleId} className="text-[13px] text-muted-foreground">
          {rule}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function Control({ def, label, value, onChange, error, today, years, id, describedBy }: FilterInputProps & { id: string; describedBy: string | undefined }) {
  const { t } = useTranslation();
  const invalid = error ? true : undefined;
  const minDate = `${years.minYear}-01-01`;
  switch (def.type) {
    case "date":
      return <Input id={id} type="date" value={value} min={minDate} max={today} required={def.required} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />;
    case "dateRange": {
      const [start, end] = splitRange(value);
      const join = (s: string, e: string) => (s === "" && e === "" ? "" : `${s}||${e}`);
      return (
        <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor={`${id}-start`} className="text-[13px] font-normal text-muted-foreground">
              {t("reports.start", { title: label })}
            </Label>
            <Input
              id={`${id}-start`}
              type="date"
              value={start}
              min={minDate}
              max={today}
              aria-invalid={invalid}
              data-testid="filter-start"
              onChange={(e) => {
                const s = e.target.value;
                // A start after the end moves the end to it (part 2 §5 "auto-adjusted").
                onChange(join(s, s !== "" && end !== "" && s > end ? s : end));
              }}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor={`${id}-end`} className="text-[13px] font-normal text-muted-foreground">
              {t("reports.end", { title: label })}
            </Label>
            <Input
              id={`${id}-end`}
              type="date"
              value={end}
              min={start || minDate}
              max={today}
              aria-invalid={invalid}
              data-testid="filter-end"
              onChange={(e) => {
                const v = e.target.value;
                // An end before the start moves the start to it ("the other date is aligned").
                onChange(join(start !== "" && v !== "" && v < start ? v : start, v));
              }}
            />
          </div>
        </div>
      );
    }
    case "dd":
    case "tdd":
    case "dynamic":
      return (
        <NativeSelect id={id} value={value} required={def.required} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
          <option value="">{def.required ? t("reports.choose") : t("reports.all")}</option>
          {value !== "" && !def.options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
          {def.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case "text":
      return <Input id={id} value={value} maxLength={200} required={def.required} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />;
    case "listOfLong":
      return (
        <Input
          id={id}
          value={value}
          maxLength={4000}
          inputMode="numeric"
          required={def.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "monthAndYear": {
      const m = /^(\d{4})-(\d{2})$/.exec(value);
      const year = m ? m[1]! : "";
      const month = m ? String(Number(m[2])) : "";
      const thisYear = Number(today.slice(0, 4));
      const yearsBack = Array.from({ length: MONTH_YEAR_BACK + 1 }, (_, i) => String(thisYear - i));
      const set = (y: string, mo: string) => onChange(y && mo ? `${y}-${mo.padStart(2, "0")}` : y || mo ? `${y || String(thisYear)}-${(mo || "1").padStart(2, "0")}` : "");
      return (
        <div className="grid grid-cols-2 gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor={`${id}-month`} className="text-[13px] font-normal text-muted-foreground">
              {t("reports.month", { title: label })}
            </Label>
            <NativeSelect id={`${id}-month`} value={month} aria-invalid={invalid} onChange={(e) => (e.target.value === "" ? onChange("") : set(year, e.target.value))}>
              <option value="">{def.required ? t("reports.choose") : t("reports.all")}</option>
              {Array.from({ length: 12 }, (_, i) => (
                <option key={i} value={String(i + 1)}>
                  {monthName(i)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor={`${id}-year`} className="text-[13px] font-normal text-muted-foreground">
              {t("reports.yearOf", { title: label })}
            </Label>
            <NativeSelect id={`${id}-year`} value={year} aria-invalid={invalid} onChange={(e) => (e.target.value === "" ? onChange("") : set(e.target.value, month))}>
              <option value="">{def.required ? t("reports.choose") : t("reports.all")}</option>
              {yearsBack.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      );
    }
    case "year": {
      const all = Array.from({ length: years.maxYear - years.minYear + 1 }, (_, i) => String(years.maxYear - i));
      return (
        <NativeSelect id={id} value={value} required={def.required} aria-invalid={invalid} aria-describedby={describedBy} className={cn("max-w-40")} onChange={(e) => onChange(e.target.value)}>
          <option value="">{def.required ? t("reports.choose") : t("reports.all")}</option>
          {value !== "" && !all.includes(value) ? <option value={value}>{value}</option> : null}
          {all.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      );
    }
  }
}
