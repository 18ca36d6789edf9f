import { useMutation } from "@tanstack/react-query";
import { BellRing, KeyRound, LogOut } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { fullName, type SignedInUser } from "../lib/session.ts";
import { trpc } from "../lib/trpc.ts";
import { AccountButton } from "./account-button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "./ui/dropdown-menu.tsx";

/**
 * The account menu of the frame (app-shell.tsx). Its own chunk with the Radix menu (popper,
 * floating-ui), loaded after the frame has painted; until then the frame shows the same button.
 */
export function UserMenu({ user, defaultOpen }: { user: SignedInUser; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const logout = useMutation({
    ...trpc.auth.logout.mutationOptions(),
    meta: { signInFlow: true },
    // Signed out or not, the sign-in page is where the user goes next; the reload drops every cached query.
    onSettled: () => window.location.assign("/login"),
  });
  const name = fullName(user);
  const where = user.group?.displayName ?? t("app.platformStaff");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="font-semibold">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <span className="mt-1.5 text-xs font-normal text-muted-foreground">
            {t(`role.${user.role}`)} · {where}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.role === "EMPLOYEE" || user.role === "SUPPLIER" ? (
          <DropdownMenuItem asChild>
            <Link to="/user/sign-in-methods">
              <KeyRound aria-hidden="true" />
              {/* The employee's account page (issue 24 §4): sign-in methods today. */}
              {user.role === "EMPLOYEE" ? t("app.account") : t("app.signInMethods")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {/* Issue 24 §4: each user's e-mail choice per notification kind (issue 24 §3's settings page). */}
        <DropdownMenuItem asChild>
          <Link to="/notifications/settings">
            <BellRing aria-hidden="true" />
            {t("app.notificationSettings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={logout.isPending}
          onSelect={(event) => {
            event.preventDefault();
            logout.mutate();
          }}
        >
          <LogOut aria-hidden="true" />
          {t("app.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
