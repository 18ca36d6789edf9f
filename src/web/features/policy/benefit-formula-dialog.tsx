import { FlaskConical } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpcClient } from "../../lib/trpc.ts";

export type FormulaTarget = {
  /** "Option · metadata line", for the title. */
  title: string;
  /** Where the save goes ("the group", "the policy", "every group"). */
  scopeLabel: string;
  /** The save button's label, naming the scope ("Save group override", … — part 2 §1). */
  saveLabel: string;
  formula: string;
  adjustmentFormula: string;
};

type TestResult = { value: number; factor: number; result: number } | null;

/** A refused save: the field the server named (formula or adjustment formula) and its message. */
export type FormulaError = { field: "formula" | "adjustmentFormula" | null; message: string };

/**
 * Edits a metadata line's formula and adjustment formula. The server checks both and answers an
 * invalid one with its position ("Invalid formula at character N: …"); the "test formula" box
 * evaluates the typed formulas for sample input values without saving.
 */
export function FormulaDialog({
  target,
  onOpenChange,
  onSave,
}: {
  target: FormulaTarget | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves to the error, or null once saved (the dialog then closes). */
  onSave: (formula: string, adjustmentFormula: string) => Promise<FormulaError | null>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [formula, setFormula] = useState("");
  const [adjustment, setAdjustment] = useState("");
  const [error, setError] = useState<FormulaError | null>(null);
  const [busy, setBusy] = useState(false);
  const [variables, setVariables] = useState<string[]>([]);
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [test, setTest] = useState<TestResult>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    if (!target) return;
    setFormula(target.formula);
    setAdjustment(target.adjustmentFormula);
    setError(null);
    setVariables([]);
    setInputs({});
    setTest(null);
    setTestError(null);
  }, [target]);

  const save = async () => {
    setBusy(true);
    const failure = await onSave(formula, adjustment);
    setBusy(false);
    setError(failure);
  };

  const runTest = async () => {
    setTesting(true);
    setTestError(null);
    const numbers: Record<string, number> = {};
    for (const [k, v] of Object.entries(inputs)) {
      if (v.trim() !== "" && Number.isFinite(Number(v))) numbers[k] = Number(v);
    }
    try {
      const r = await trpcClient.policy.benefits.evaluateFormula.query({ formula, adjustmentFormula: adjustment || undefined, inputs: numbers });
      setVariables(r.variables);
      setTest({ value: r.value, factor: r.factor, result: r.result });
    } catch (e) {
      setTest(null);
      setTestError(errorText(e, policyMessages.updateFailed));
      // Valid formulas whose inputs have no values yet: offer a field for each name they use.
      if (fieldOf(e) === null) setVariables((known) => [...new Set([...known, ...inputNames(formula), ...inputNames(adjustment)])]);
    } finally {
      setTesting(false);
    }
  };

  const number = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 4 });
  return (
    <Dialog open={target != null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("app.close")} className="max-w-2xl" aria-describedby={`${id}-description`}>
        <DialogTitle>{t("policyConfig.group.editFormulaTitle", { title: target?.title ?? "" })}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{t("policyConfig.group.editFormulaDescription", { scope: target?.scopeLabel ?? "" })}</DialogDescription>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormField id={`${id}-formula`} label={t("policyConfig.group.formula")} error={error && error.field !== "adjustmentFormula" ? error.message : null}>
            {(field) => <Textarea {...field} rows={2} className="font-mono text-[13px]" value={formula} spellCheck={false} onChange={(e) => setFormula(e.target.value)} />}
          </FormField>
          <FormField
            id={`${id}-adjustment`}
            label={t("policyConfig.group.adjustmentFormula")}
            hint={t("policyConfig.group.adjustmentHint")}
            error={error?.field === "adjustmentFormula" ? error.message : null}
          >
            {(field) => <Textarea {...field} rows={2} className="font-mono text-[13px]" value={adjustment} spellCheck={false} onChange={(e) => setAdjustment(e.target.value)} />}
          </FormField>

          <fieldset className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
            <legend className="px-1 text-sm font-medium">{t("policyConfig.group.testFormula")}</legend>
            {variables.length > 0 ? (
              <div className="grid gap-3 tablet:grid-cols-3">
                {variables.map((name) => (
                  <FormField key={name} id={`${id}-var-${name}`} label={name}>
                    {(field) => (
                      <Input {...field} inputMode="decimal" className="h-9" value={inputs[name] ?? ""} onChange={(e) => setInputs((v) => ({ ...v, [name]: e.target.value }))} />
                    )}
                  </FormField>
                ))}
              </div>
            ) : (
              <p className="text-[13px] text-muted-foreground">{t("policyConfig.group.testHint")}</p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="outline" size="sm" busy={testing} onClick={() => void runTest()}>
                <FlaskConical aria-hidden="true" />
                {t("policyConfig.group.runTest")}
              </Button>
              <p aria-live="polite" className="text-sm" data-testid="formula-test-result">
                {test ? t("policyConfig.group.testResult", { value: number(test.value), factor: number(test.factor), result: number(test.result) }) : null}
              </p>
            </div>
            {testError ? (
              <p role="alert" className="text-[13px] font-medium text-destructive">
                {testError}
              </p>
            ) : null}
          </fieldset>

          <div aria-live="polite" className="empty:hidden">
            {error && error.field === null ? (
              <Alert variant="destructive" role="alert">
                {error.message}
              </Alert>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 tablet:flex-row tablet:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("app.cancel")}
            </Button>
            <Button type="submit" busy={busy}>
              {target?.saveLabel ?? t("policyConfig.save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const FORMULA_WORDS = new Set(["min", "max", "round", "ceil", "floor", "abs", "and", "or", "not", "mod"]);

/** The input names a formula uses (its identifiers other than functions and word operators). */
function inputNames(formula: string): string[] {
  return [...formula.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((n) => !FORMULA_WORDS.has(n));
}

/** Turns a failed metadata save into the dialog's error, on the field the server named. */
export function formulaSaveError(e: unknown): FormulaError {
  return { field: fieldOf(e), message: errorText(e, policyMessages.metadataUpdateFailed) };
}

function fieldOf(e: unknown): "formula" | "adjustmentFormula" | null {
  const fields = (e as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
  return "adjustmentFormula" in fields ? "adjustmentFormula" : "formula" in fields ? "formula" : null;
}
