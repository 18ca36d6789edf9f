import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorText } from "../../lib/errors.ts";
import type { SignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

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
      <div className={className}>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>{t("policy.group")}</Label>
          <Input id={id} readOnly value={user.group?.displayName ?? value ?? ""} className="bg-muted" />
        </div>
      </div>
    );
  }
  return <AdminGroupSelect id={id} value={value} onChange={onChange} className={className} />;
}

function AdminGroupSelect({ id, value, onChange, className }: { id: string; value: string | undefined; onChange: (group: string | undefined) => void; className?: string }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const errorId = `${id}-error`;
  // Suspended groups leave admin dropdowns (part 2 §4) unless one is the current choice.
  const rows = (groups.data ?? []).filter((g) => g.status === "ACTIVE" || g.name === value);
  return (
    <div className={className}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>{t("policy.group")}</Label>
        {groups.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <NativeSelect
            id={id}
            value={value ?? ""}
            aria-describedby={groups.isError ? errorId : undefined}
            onChange={(e) => onChange(e.target.value || undefined)}
          >
            <option value="">{t("policy.chooseGroup")}</option>
            {rows.map((g) => (
              <option key={g.id} value={g.name}>
                {g.displayName}
              </option>
            ))}
          </NativeSelect>
        )}
        {groups.isError ? (
          <p id={errorId} role="alert" className="text-[13px] font-medium text-destructive">
            {errorText(groups.error, t("error.generic"))}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The groups an administrator may pick in dialogs (clone): active client groups. */
export function useActiveGroups() {
  return useQuery({ ...trpc.admin.groups.list.queryOptions(), select: (rows) => rows.filter((g) => g.status === "ACTIVE") });
}
