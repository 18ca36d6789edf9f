import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ZInviteRequest } from "../../../domain/activation/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../../components/ui/dialog.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

type InviteInput = z.input<typeof ZInviteRequest>;
type InviteOutput = z.output<typeof ZInviteRequest>;

/** "Invite person" on the group home (HR of the group and administrators): creates the account and e-mails the activation link. */
export function InviteDialog({ group }: { group: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation(trpc.users.invite.mutationOptions());
  const roles = user.role === "ADMIN" ? (["EMPLOYEE", "MANAGER", "HR", "SUPPLIER"] as const) : (["EMPLOYEE", "MANAGER", "HR"] as const);
  const { register, handleSubmit, reset, formState } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(ZInviteRequest),
    defaultValues: { group, email: "", firstName: "", lastName: "", role: "EMPLOYEE" },
  });
  if (user.role !== "HR" && user.role !== "ADMIN") return null;
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setNote(null);
          setFailure(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t("invite.open")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("app.close")}>
        <DialogTitle>{t("invite.title")}</DialogTitle>
        <DialogDescription>{t("invite.description")}</DialogDescription>
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
      </DialogContent>
    </Dialog>
  );
}
