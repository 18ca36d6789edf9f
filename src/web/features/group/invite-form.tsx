import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ZInviteRequest } from "../../../domain/identity/activation/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

type InviteInput = z.input<typeof ZInviteRequest>;
type InviteOutput = z.output<typeof ZInviteRequest>;

export type InvitableRole = "EMPLOYEE" | "MANAGER" | "HR" | "SUPPLIER";

/**
 * The invite dialog (opened by invite-dialog.tsx's button). Its own chunk, with the dialog,
 * react-hook-form and the activation schemas, so the group home does not wait for it.
 */
export function InviteFormDialog({
  group,
  roles,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  group: string;
  roles: readonly InvitableRole[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog (it is not a Radix trigger, so Radix would not know where focus returns). */
  returnFocusTo: { current: HTMLElement | null };
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t("app.close")}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{t("invite.title")}</DialogTitle>
        <DialogDescription>{t("invite.description")}</DialogDescription>
        {/* Mounted while the dialog is open: closing it clears the notes and the fields. */}
        <InviteForm group={group} roles={roles} />
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ group, roles }: { group: string; roles: readonly InvitableRole[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation(trpc.users.invite.mutationOptions());
  const { register, handleSubmit, reset, formState } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(ZInviteRequest),
    defaultValues: { group, email: "", firstName: "", lastName: "", role: "EMPLOYEE" },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setNote(null);
    setFailure(null);
    try {
      const result = await invite.mutateAsync(values);
      setNote(t(result.resent ? "invite.resent" : "invite.sent", { email: values.email }));
      reset({ group, email: "", firstName: "", lastName: "", role: values.role });
      await queryClient.invalidateQueries({ queryKey: trpc.group.pathKey() });
    } catch (error) {
      setFailure(errorText(error, t("error.generic")));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-email">{t("invite.email")}</Label>
        <Input id="invite-email" type="email" autoComplete="off" aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? "invite-email-error" : undefined} {...register("email")} />
        <FieldError id="invite-email-error">{errors.email?.message}</FieldError>
      </div>
      <div className="grid gap-4 tablet:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="invite-firstName">{t("invite.firstName")}</Label>
          <Input id="invite-firstName" aria-invalid={errors.firstName ? true : undefined} aria-describedby={errors.firstName ? "invite-firstName-error" : undefined} {...register("firstName")} />
          <FieldError id="invite-firstName-error">{errors.firstName?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="invite-lastName">{t("invite.lastName")}</Label>
          <Input id="invite-lastName" aria-invalid={errors.lastName ? true : undefined} aria-describedby={errors.lastName ? "invite-lastName-error" : undefined} {...register("lastName")} />
          <FieldError id="invite-lastName-error">{errors.lastName?.message}</FieldError>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-role">{t("invite.role")}</Label>
        <NativeSelect id="invite-role" {...register("role")}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {note ? (
        <Alert variant="success" role="status" data-testid="invite-sent">
          {note}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" className="self-end" busy={invite.isPending}>
        {invite.isPending ? t("invite.submitting") : t("invite.submit")}
      </Button>
    </form>
  );
}
