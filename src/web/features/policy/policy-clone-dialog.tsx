import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TPolicySummary } from "../../../domain/policy/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useActiveGroups } from "./policy-group-select.tsx";

type FieldErrors = { name?: string; customerName?: string };

/**
 * Clone a policy into a new policy for a customer group (part 2 §7 "POST clone link with
 * {customerName, name}"). Both fields are required, with the spec's texts (§5).
 */
export function PolicyCloneDialog({
  open,
  onOpenChange,
  policy,
  defaultGroup,
  onCloned,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  policy: TPolicySummary;
  defaultGroup: string;
  onCloned: (newName: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("app.close")}>
        <DialogTitle>{t("policy.search.cloneTitle", { name: policy.name })}</DialogTitle>
        <DialogDescription>{t("policy.search.cloneDescription")}</DialogDescription>
        {open ? <CloneForm policy={policy} defaultGroup={defaultGroup} onDone={async (name) => { onOpenChange(false); await onCloned(name); }} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CloneForm({ policy, defaultGroup, onDone }: { policy: TPolicySummary; defaultGroup: string; onDone: (newName: string) => Promise<void> }) {
  const { t } = useTranslation();
  const groups = useActiveGroups();
  const [name, setName] = useState("");
  const [customerName, setCustomerName] = useState(defaultGroup);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const clone = useMutation(trpc.policy.policies.clone.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: FieldErrors = {};
    if (name.trim() === "") next.name = t("policy.search.cloneNameRequired");
    if (customerName === "") next.customerName = t("policy.search.cloneGroupRequired");
    setErrors(next);
    if (next.name || next.customerName) return;
    try {
      await clone.mutateAsync({ policyId: policy.id, customerName, name: name.trim() });
      await onDone(name.trim());
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
      setErrors({ name: fields["name"], customerName: fields["customerName"] });
      setFailure(serverMessage(error) ?? t("policy.search.versioningFailed"));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormField label={t("policy.search.cloneName")} error={errors.name} required>
        {(field) => <Input {...field} autoComplete="off" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField label={t("policy.search.cloneGroup")} error={errors.customerName} required>
        {(field) =>
          groups.isPending ? (
            <Skeleton className="h-10" />
          ) : (
            <NativeSelect {...field} value={customerName} onChange={(e) => setCustomerName(e.target.value)}>
              <option value="">{t("policy.chooseGroup")}</option>
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.name}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )
        }
      </FormField>
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      {/* Cancel beside the main action, as in the app's confirm dialogs. */}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("app.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" busy={clone.isPending}>
          {clone.isPending ? t("policy.search.cloning") : t("policy.search.cloneSubmit")}
        </Button>
      </div>
    </form>
  );
}
