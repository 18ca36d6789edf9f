import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { fullName, type SignedInUser } from "../lib/session.ts";
import { initialsOf } from "../lib/utils.ts";

/**
 * The account menu's button: the menu's trigger (user-menu.tsx), and what the frame (app-shell.tsx)
 * shows until the menu's chunk has loaded. Props (Radix's trigger props and ref) go to the button.
 */
export function AccountButton({ user, ...props }: { user: SignedInUser } & ComponentProps<"button">) {
  const { t } = useTranslation();
  const name = fullName(user);
  return (
    <button
      type="button"
      aria-label={`${t("app.accountMenu")}: ${name}`}
      className="group inline-flex items-center gap-2.5 rounded-full py-1 pl-1 pr-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted"
      {...props}
    >
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-ink text-xs font-semibold text-white">
        {initialsOf(user.firstName, user.lastName)}
      </span>
      <span className="hidden flex-col leading-tight desktop:flex">
        <span className="text-sm font-medium text-foreground">{name}</span>
        <span className="text-xs text-muted-foreground">{t(`role.${user.role}`)}</span>
      </span>
      <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
    </button>
  );
}
