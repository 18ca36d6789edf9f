import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import type { FinanceTexts } from "./texts.ts";

/** A list filter: a labelled select whose choice goes to the URL. */
export function FilterSelect({ label, className, value, options, onChange }: { label: string; className: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <FormField label={label} className={className}>
      {(f) => (
        <NativeSelect {...f} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The list's search (at most 100 characters): the URL's `q` shows in the field, and submitting sends the trimmed text (none when blank). */
export function SearchForm({ ns, q, onSearch }: { ns: FinanceTexts; q: string | undefined; onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q ?? "");
  useEffect(() => setText(q ?? ""), [q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 items-end gap-2">
      <FormField label={t(`${ns}.search`)} className="min-w-0 flex-1">
        {(f) => <SearchInput {...f} maxLength={100} placeholder={t(`${ns}.searchPlaceholder`)} value={text} onChange={(e) => setText(e.target.value)} />}
      </FormField>
      <Button type="submit" variant="outline">
        {t(`${ns}.searchButton`)}
      </Button>
    </form>
  );
}
