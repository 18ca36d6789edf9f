import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SPEND_CATEGORY_LEAF_LEVEL, SPEND_CATEGORY_MIN_SEARCH, SPEND_CATEGORY_SELECT_ALL } from "../../../domain/policy/catalogue.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorText } from "../../lib/errors.ts";
import { cn } from "../../lib/utils.ts";
import { trpc } from "../../lib/trpc.ts";

export type SpendCategoryChoice = { id: number; description: string; path: string[] };

const SEARCH_DEBOUNCE_MS = 250;

/** Whether a typed search may be sent: 3 characters, or the select-all key (part 2 §5, §9). */
export function isSearchable(query: string): boolean {
  const q = query.trim();
  return q === SPEND_CATEGORY_SELECT_ALL || q.length >= SPEND_CATEGORY_MIN_SEARCH;
}

/**
 * A search combobox for spend categories: at least 3 characters (or *** for every category);
 * only categories that are not hidden and of level 3 or more are offered, each with its path.
 * Arrow keys move through the results, Enter chooses, Escape closes.
 */
export function SpendCategoryPicker({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  /** The chosen category (its id and, when known, its description). */
  value: { id: number; description?: string } | null;
  onChange: (choice: SpendCategoryChoice | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [debounced, setDebounced] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const searchable = isSearchable(debounced);
  const results = useQuery({
    ...trpc.policy.catalogue.searchSpendCategories.queryOptions({ query: debounced }),
    enabled: open && searchable,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const hits = (results.data ?? []).filter((c) => c.level >= SPEND_CATEGORY_LEAF_LEVEL);
  const choose = (hit: (typeof hits)[number]) => {
    onChange({ id: hit.id, description: hit.description, path: hit.path });
    setQuery("");
    setOpen(false);
  };

  const status = !isSearchable(query)
    ? query.trim() === ""
      ? null
      : t("policyConfig.msg.spendCategorySearchTooShort")
    : results.isError
      ? errorText(results.error, t("error.generic"))
      : results.isFetching && hits.length === 0
        ? t("app.loading")
        : results.isSuccess && hits.length === 0
          ? t("policyConfig.spend.noResults")
          : null;

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-input`}>{label}</Label>
      {value ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-md border border-border bg-muted px-2 py-1" data-testid="spend-category-value">
            {value.description ?? t("policyConfig.spend.categoryId", { id: value.id })}
          </span>
          {disabled ? null : (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={t("policyConfig.spend.clear", { label })}>
              <X aria-hidden="true" />
              {t("policyConfig.spend.clearShort")}
            </Button>
          )}
        </div>
      ) : null}
      {disabled ? null : (
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-input`}
            role="combobox"
            aria-expanded={open && hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-describedby={`${id}-status`}
            aria-activedescendant={open && hits[active] ? `${id}-opt-${hits[active].id}` : undefined}
            autoComplete="off"
            className="pl-9"
            placeholder={t("policyConfig.spend.placeholder")}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") {
                e.preventDefault();
                setOpen(true);
                setActive((a) => Math.min(a + 1, Math.max(hits.length - 1, 0)));
              } else if (e.key === "ArrowUp") {
                e.preventDefault();
                setActive((a) => Math.max(a - 1, 0));
              } else if (e.key === "Enter" && open && hits[active]) {
                e.preventDefault();
                choose(hits[active]);
              } else if (e.key === "Escape") {
                setOpen(false);
              }
            }}
          />
          {results.isFetching && searchable ? <Spinner className="absolute right-3 top-1/2 size-4 -translate-y-1/2" /> : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className={cn(
              "absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-dialog",
              !(open && hits.length > 0) && "hidden",
            )}
          >
            {hits.map((hit, index) => (
              <li
                key={hit.id}
                id={`${id}-opt-${hit.id}`}
                role="option"
                aria-selected={index === active}
                className={cn("cursor-pointer rounded-md px-2.5 py-2 text-sm", index === active && "bg-muted")}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(hit)}
              >
                <span className="block font-medium">{hit.description}</span>
                <span className="block text-xs text-muted-foreground">{hit.path.join(" › ")}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p id={`${id}-status`} aria-live="polite" className="min-h-5 text-[13px] text-muted-foreground">
        {status}
      </p>
    </div>
  );
}
