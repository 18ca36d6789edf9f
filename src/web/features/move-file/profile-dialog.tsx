/**
 * The Edit profile dialog of the HR move page (issue 14; part 2 §7 "POST /{group}/employeefile/profile/edit
 * {userId, fields...} (success, error)"): first and last name, e-mail and phone. The fields are checked in
 * the browser by the server's own rule (src/domain/moves/employee-file/rules.ts, the wizard's stage-2 texts)
 * and again by employeeFile.editProfile, whose per-field errors (an address already in use) show under
 * their fields. A saved profile refreshes the page (person panel, timeline).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { checkProfile, firstError } from "../../../domain/moves/employee-file/rules.ts";
import { PROFILE_FIELDS, type TProfile, type TProfileField } from "../../../domain/moves/employee-file/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Ref = { group: string; employeeId: number; moveId: number };
type Values = Record<TProfileField, string>;

/** The button that opens the dialog, and the dialog; `onSaved` gets the confirmation text. */
export function EditProfileButton({ refs, onSaved }: { refs: Ref; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="edit-profile">
        <Pencil aria-hidden="true" className="size-4" />
        {t("employeeFile.editProfile")}
      </Button>
      {open ? (
        <ProfileDialog
          refs={refs}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved(t("employeeFile.profileSaved"));
          }}
        />
      ) : null}
    </>
  );
}

function ProfileDialog({ refs, onClose, onSaved }: { refs: Ref; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const input = { group: refs.group, userId: refs.employeeId, moveId: refs.moveId };
  const profile = useQuery({ ...trpc.employeeFile.profile.queryOptions(input), staleTime: 0, refetchOnWindowFocus: false });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("employeeFile.close")} className="max-h-[90vh] overflow-y-auto" data-testid="profile-dialog">
        <DialogTitle className="text-lg font-semibold">{t("employeeFile.editProfileTitle")}</DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">{t("employeeFile.editProfileDescription")}</DialogDescription>
        {profile.isPending ? (
          <p role="status" className="text-sm">
            {t("employeeFile.profileLoading")}
          </p>
        ) : profile.isError ? (
          <div className="flex flex-col gap-3">
            <p role="alert" className="text-sm font-medium text-destructive">
              {serverMessage(profile.error) ?? t("employeeFile.profileLoadFailed")}
            </p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => void profile.refetch()}>
              {t("app.retry")}
            </Button>
          </div>
        ) : (
          <ProfileForm refs={refs} profile={profile.data} onClose={onClose} onSaved={onSaved} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ refs, profile, onClose, onSaved }: { refs: Ref; profile: TProfile; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone ?? "" });
  const [errors, setErrors] = useState<Partial<Record<TProfileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation(
    trpc.employeeFile.editProfile.mutationOptions({
      onSuccess: (res) => {
        if (!res.success) {
          setErrors(res.errors as Partial<Record<TProfileField, string>>);
          focusFirst(res.errors);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: trpc.moves.file.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.employeeFile.profile.queryKey() });
        onSaved();
      },
      onError: (e) => setFailure(serverMessage(e) ?? t("employeeFile.saveFailed")),
    }),
  );
  const fieldId = (field: TProfileField) => `profile-${field}`;
  const focusFirst = (errs: Partial<Record<string, string>>) => {
    const first = PROFILE_FIELDS.find((f) => errs[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkProfile(values);
    setErrors(checked.errors);
    if (firstError(checked.errors, PROFILE_FIELDS)) {
      focusFirst(checked.errors);
      return;
    }
    save.mutate({ group: refs.group, userId: refs.employeeId, moveId: refs.moveId, ...values });
  };
  const field = (name: TProfileField, options: { type?: string; autoComplete?: string; required?: boolean; hint?: string }) => (
    <FormField id={fieldId(name)} label={t(`employeeFile.${name}`)} error={errors[name] ?? null} required={options.required ?? false} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          value={values[name]}
          maxLength={name === "email" ? 254 : name === "phone" ? 30 : 100}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          data-testid={`profile-${name}`}
        />
      )}
    </FormField>
  );
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 tablet:grid-cols-2">
        {field("firstName", { autoComplete: "off", required: true })}
        {field("lastName", { autoComplete: "off", required: true })}
      </div>
      {field("email", { type: "email", autoComplete: "off", required: true })}
      {field("phone", { type: "tel", autoComplete: "off", hint: t("employeeFile.phoneHint") })}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {t("employeeFile.cancel")}
        </Button>
        <Button type="submit" busy={save.isPending} disabled={save.isPending} data-testid="profile-save">
          {t("employeeFile.save")}
        </Button>
      </div>
    </form>
  );
}

/** The Person panel's actions: Edit profile, and what happened after a save (a polite status). */
export function ProfileActions({ refs }: { refs: Ref }) {
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <EditProfileButton refs={refs} onSaved={setStatus} />
      <p role="status" className="min-h-5 text-sm font-medium text-success-foreground" data-testid="profile-status">
        {status}
      </p>
    </div>
  );
}
