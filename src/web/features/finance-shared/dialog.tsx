import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HOLD_REASONS, isHoldReason, type HoldReason } from "../../../domain/finance/bill-state.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import type { FinanceTexts } from "./texts.ts";

/** A finance page's popup: open while rendered; closing it (Escape, the close button, outside) calls `onClose`. */
export function DialogShell({ ns, title, description, onClose, children }: { ns: FinanceTexts; title: string; description?: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t(`${ns}.close`)}>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A popup form's buttons: Cancel (closes) and the submit button. */
export function DialogButtons({ ns, busy, label, variant, onClose }: { ns: FinanceTexts; busy?: boolean; label: string; variant?: "destructive"; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" onClick={onClose}>
        {t(`${ns}.cancel`)}
      </Button>
      <Button type="submit" variant={variant} busy={busy}>
        {label}
      </Button>
    </div>
  );
}

/** A reason to choose from a list (hold, void, rejection), with "Choose a reason" first (the empty value). */
export function ReasonSelect({
  ns,
  label,
  required,
  error,
  reasons,
  value,
  onChange,
}: {
  ns: FinanceTexts;
  label: string;
  required?: boolean;
  error?: string | null;
  reasons: readonly { id: string | number; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={label} required={required} error={error}>
      {(f) => (
        <NativeSelect {...f} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t(`${ns}.chooseReason`)}</option>
          {reasons.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

const HOLD_CHOICES = HOLD_REASONS.map((r) => ({ id: r, label: r }));

/**
 * The hold popup (§4/§5): one of the hold reasons must be chosen (§8's text otherwise). `onSave` gets the
 * reason and a way to show the server's refusal under the field; closing is the caller's.
 */
export function HoldDialog({ ns, title, busy, onClose, onSave }: { ns: FinanceTexts; title: string; busy?: boolean; onClose: () => void; onSave: (reason: HoldReason, showError: (text: string) => void) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isHoldReason(reason)) return setError(FM.holdReasonRequired);
    onSave(reason, setError);
  };
  return (
    <DialogShell ns={ns} title={title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <ReasonSelect ns={ns} label={t(`${ns}.holdReason`)} required error={error} reasons={HOLD_CHOICES} value={reason} onChange={setReason} />
        <DialogButtons ns={ns} busy={busy} label={t(`${ns}.hold`)} onClose={onClose} />
      </form>
    </DialogShell>
  );
}
