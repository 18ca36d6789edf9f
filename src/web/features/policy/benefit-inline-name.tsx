import { Check, Pencil, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/**
 * A name shown as a label with an edit button; editing turns it into a text field that becomes a
 * label again on confirm (Enter or the tick) — part 2 §4 "Benefit set editing". An empty name is
 * refused with `emptyMessage` and the old name is restored.
 */
export function InlineName({
  value,
  label,
  emptyMessage,
  readOnly,
  onRename,
}: {
  value: string;
  /** What is being renamed ("option Premium"), for the field's and the buttons' accessible names. */
  label: string;
  emptyMessage: string;
  readOnly: boolean;
  /** Resolves to an error text, or null once saved. */
  onRename: (name: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const stop = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const confirm = async () => {
    if (text.trim() === "") {
      setError(emptyMessage);
      setText(value);
      return;
    }
    if (text.trim() === value) {
      setError(null);
      stop();
      return;
    }
    setBusy(true);
    const failure = await onRename(text.trim());
    setBusy(false);
    if (failure) {
      setError(failure);
      setText(value);
      return;
    }
    setError(null);
    stop();
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      {editing ? (
        <div className="flex items-center gap-1">
          <Input
            id={`${id}-input`}
            aria-label={t("policyConfig.group.nameOf", { label })}
            autoFocus
            className="h-8 min-w-40"
            value={text}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void confirm();
              } else if (e.key === "Escape") {
                setText(value);
                setError(null);
                stop();
              }
            }}
          />
          <Button variant="ghost" size="icon" className="size-8" aria-label={t("policyConfig.group.confirmRename", { label })} busy={busy} onClick={() => void confirm()}>
            <Check aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("policyConfig.group.cancelRename", { label })}
            onClick={() => {
              setText(value);
              setError(null);
              stop();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-1">
          <span className="truncate">{value}</span>
          {readOnly ? null : (
            <Button
              ref={editButton}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t("policyConfig.group.rename", { label })}
              onClick={() => {
                setText(value);
                setError(null);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
