import { useTranslation } from "react-i18next";
import { errorText } from "../lib/errors.ts";
import { cn } from "../lib/utils.ts";
import { NativeSelect } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

type GroupRow = { id: number; name: string; displayName: string };

/**
 * An administrator's choice of client group (policy pages, form builder): a labelled select of the
 * groups the page loaded, a skeleton while they load and the reason when they did not. A current
 * value missing from the list (a group no longer offered) stays visible as its own choice.
 */
export function GroupSelect({
  id,
  label,
  chooseLabel,
  groups,
  rows,
  value,
  onChange,
  emptyText,
  className,
}: {
  id: string;
  label: string;
  /** The empty choice. */
  chooseLabel: string;
  groups: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  rows: GroupRow[];
  value: string | undefined;
  onChange: (group: string | undefined) => void;
  /** Shown under the select when the list loaded empty. */
  emptyText?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {groups.isPending ? (
        <Skeleton className="h-10" />
      ) : (
        <NativeSelect id={id} value={value ?? ""} aria-describedby={groups.isError ? errorId : undefined} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{chooseLabel}</option>
          {value && !rows.some((g) => g.name === value) ? <option value={value}>{value}</option> : null}
          {rows.map((g) => (
            <option key={g.id} value={g.name}>
              {g.displayName}
            </option>
          ))}
        </NativeSelect>
      )}
      {groups.isError ? (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-destructive">
          {errorText(groups.error, t("error.generic"))}
        </p>
      ) : emptyText && groups.isSuccess && rows.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">{emptyText}</p>
      ) : null}
    </div>
  );
}
