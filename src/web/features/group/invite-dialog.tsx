import { UserPlus } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { useSignedInUser } from "../../lib/session.ts";

const loadInviteDialog = () => import("./invite-form.tsx");
const InviteFormDialog = lazy(() => loadInviteDialog().then((m) => ({ default: m.InviteFormDialog })));

/**
 * "Invite person" on the group home (HR of the group and administrators): creates the account and
 * e-mails the activation link. The dialog and its form are their own chunk (invite-form.tsx),
 * fetched when the pointer or focus reaches the button and mounted on the first click.
 */
export function InviteDialog({ group }: { group: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (user.role !== "HR" && user.role !== "ADMIN") return null;
  const roles = user.role === "ADMIN" ? (["EMPLOYEE", "MANAGER", "HR", "SUPPLIER"] as const) : (["EMPLOYEE", "MANAGER", "HR"] as const);
  const preload = () => void loadInviteDialog();

  return (
    <>
      <Button
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <UserPlus aria-hidden="true" />
        {t("invite.open")}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <InviteFormDialog group={group} roles={roles} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
