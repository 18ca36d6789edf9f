import { useTranslation } from "react-i18next";
import type { TCostEstimateView } from "../../../domain/estimate/schemas.ts";

/**
 * The tax tables an estimate used, each with its tax year and public source; a table used for a
 * move date past its year (the newest table) says so in its note.
 */
export function TaxTablesList({ tables }: { tables: TCostEstimateView["taxTables"] }) {
  const { t } = useTranslation();
  if (tables.length === 0) return null;
  return (
    <div className="rounded-md bg-muted/60 p-3 text-[13px]" data-testid="tax-tables">
      <p className="font-medium text-foreground">{t("estimate.tax.tables")}</p>
      <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground [overflow-wrap:anywhere]">
        {tables.map((table) => (
          <li key={`${table.name}-${table.taxYear}`}>
            <span className="text-foreground">{table.name}</span> ({table.taxYear}) · {table.source}
            {table.note === undefined ? null : (
              <span className="mt-0.5 block font-medium text-foreground" data-testid="tax-table-note">
                {table.note}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
