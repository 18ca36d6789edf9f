import { Link } from "@tanstack/react-router";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";
import type { TPerson } from "../../../domain/admin/groups/schemas.ts";
import type { ActivationState } from "../../../domain/roles.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Table, TableCaption, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useSignedInUser } from "../../lib/session.ts";
import { cn, initialsOf } from "../../lib/utils.ts";
import { ActivationButton } from "./activation-button.tsx";
import { GroupTableBody } from "./table-body.tsx";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TPerson>();

const statusVariant: Record<ActivationState, "success" | "warning" | "neutral"> = {
  ACTIVE: "success",
  PENDING: "warning",
  DISABLED: "neutral",
};

function usePeopleColumns(group: string | undefined, canSendActivation: boolean) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    return column.columns([
      column.display({
        id: "name",
        header: () => t("home.name"),
        cell: ({ row }) => (
          <span className="flex items-center gap-3">
            <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary">
              {initialsOf(row.original.firstName, row.original.lastName)}
            </span>
            <span className="whitespace-nowrap font-medium text-foreground">
              {row.original.firstName} {row.original.lastName}
            </span>
          </span>
        ),
      }),
      column.accessor("email", {
        header: () => t("home.email"),
        cell: ({ getValue }) => <span className="text-muted-foreground">{getValue()}</span>,
      }),
      column.accessor("role", {
        header: () => t("home.role"),
        cell: ({ getValue }) => t(`role.${getValue()}`),
      }),
      column.accessor("activationState", {
        header: () => t("home.status"),
        cell: ({ getValue }) => (
          <Badge variant={statusVariant[getValue()]} dot>
            {t(`status.${getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor("lastLoginAt", {
        header: () => t("home.lastLogin"),
        cell: ({ getValue }) => {
          const at = getValue();
          return at ? (
            <time dateTime={at} className="whitespace-nowrap text-muted-foreground">
              {formatDateTime(at)}
            </time>
          ) : (
            <span className="text-muted-foreground">{t("home.never")}</span>
          );
        },
      }),
      ...(canSendActivation
        ? [
            column.display({
              id: "policy",
              header: () => t("people.policy"),
              cell: ({ row }) =>
                row.original.role === "EMPLOYEE" ? (
                  <Link
                    to="/admin/policy/view"
                    search={{ employeeId: row.original.id }}
                    className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                    aria-label={t("people.viewPolicyOf", { name: `${row.original.firstName} ${row.original.lastName}` })}
                  >
                    {t("people.viewPolicy")}
                  </Link>
                ) : null,
            }),
          ]
        : []),
      ...(group && canSendActivation
        ? [
            column.display({
              id: "activation",
              header: () => t("people.activation"),
              cell: ({ row }) => <ActivationButton group={group} person={row.original} />,
            }),
          ]
        : []),
    ]);
  }, [t, i18n.language, group, canSendActivation]);
}

/** One page of a group's people; the page, search and role filter live in the URL and the server does the work. */
export function PeopleTable({ rows, caption, loading, stale, group }: { rows: TPerson[]; caption: string; loading: boolean; stale: boolean; group?: string }) {
  const user = useSignedInUser();
  const columns = usePeopleColumns(group, user.role === "HR" || user.role === "ADMIN");
  const table = useTable({ features, columns, data: rows, getRowId: (row) => String(row.id) });
  const columnCount = columns.length;

  return (
    <Table aria-busy={loading || stale || undefined} className={cn(stale && "opacity-60 transition-opacity")}>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id}>{header.isPlaceholder ? null : <table.FlexRender header={header} />}</TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <GroupTableBody
        loading={loading}
        columnCount={columnCount}
        skeletonWidths={["w-40", "w-48"]}
        rows={table.getRowModel().rows}
        renderCell={(cell) => <table.FlexRender cell={cell} />}
      />
    </Table>
  );
}
