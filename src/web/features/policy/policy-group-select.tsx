import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { GroupSelect } from "../../components/group-select.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import type { SignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

/**
 * The client group a policy page works on. Administrators choose any active group; an HR user
 * sees their own group, fixed (the server refuses other groups anyway).
 */
export function PolicyGroupSelect({
  user,
  value,
  onChange,
  className,
}: {
  user: SignedInUser;
  value: string | undefined;
  onChange: (group: string | undefined) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (user.role !== "ADMIN") {
    return (
      <div className={cn("flex flex-col gap-2", className)}>
        <Label htmlFor={id}>{t("policy.group")}</Label>
        <Input id={id} readOnly value={user.group?.displayName ?? value ?? ""} className="bg-muted" />
      </div>
    );
  }
  return <AdminGroupSelect id={id} value={value} onChange={onChange} className={className} />;
}

function AdminGroupSelect({ id, value, onChange, className }: { id: string; value: string | undefined; onChange: (group: string | undefined) => void; className?: string }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  // Suspended groups leave admin dropdowns (part 2 §4) unless one is the current choice.
  const rows = (groups.data ?? []).filter((g) => g.status === "ACTIVE" || g.name === value);
  return (
    <GroupSelect id={id} label={t("policy.group")} chooseLabel={t("policy.chooseGroup")} groups={groups} rows={rows} value={value} onChange={onChange} className={className} />
  );
}

/** The groups an administrator may pick in dialogs (clone): active client groups. */
export function useActiveGroups() {
  return useQuery({ ...trpc.admin.groups.list.queryOptions(), select: (rows) => rows.filter((g) => g.status === "ACTIVE") });
}
