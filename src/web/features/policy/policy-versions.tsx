import { useQuery } from "@tanstack/react-query";
import { GitCompare } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPolicySetup } from "../../../domain/policy/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

type Version = TPolicySetup["versions"][number];

/** A version's date for the reader ("25 November 2026"). */
const day = (iso: string | null) => (iso ? formatDate(iso) : "—");

/**
 * The policy's versions on the setup page (issue 13 item 3): number, status, created and released
 * dates, and "Compare" on every version after the first, which opens what differs from an earlier
 * version (policy.policies.compareVersions; the earlier one can be chosen in the dialog).
 */
export function PolicyVersionsCard({ policy }: { policy: TPolicySetup }) {
  const { t } = useTranslation();
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const versions = [...policy.versions].sort((a, b) => b.versionNumber - a.versionNumber);
  const previous = (v: Version) => policy.versions.filter((x) => x.versionNumber < v.versionNumber).sort((a, b) => b.versionNumber - a.versionNumber)[0];

  return (
    <Card>
      <section aria-labelledby="policy-versions-title">
        <CardHeader className="border-b border-border pb-4">
          <CardTitle id="policy-versions-title">{t("policy.versions.title")}</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto py-2">
          {versions.length === 0 ? (
            <p className="py-2 text-muted-foreground">{t("policy.versions.none")}</p>
          ) : (
            <Table data-testid="policy-versions">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("policy.versions.colVersion")}</TableHead>
                  <TableHead>{t("policy.versions.colStatus")}</TableHead>
                  <TableHead>{t("policy.versions.colCreated")}</TableHead>
                  <TableHead>{t("policy.versions.colReleased")}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t("policy.versions.colActions")}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {versions.map((v) => {
                  const before = previous(v);
                  return (
                    <TableRow key={v.id} data-testid={`policy-version-${v.versionNumber}`}>
                      <TableCell className="font-medium tabular-nums">{t("policy.versions.number", { number: v.versionNumber })}</TableCell>
                      <TableCell>
                        {v.status === "DRAFT" ? (
                          <Badge variant="warning">{t("policy.version.DRAFT")}</Badge>
                        ) : v.id === policy.releasedVersionId ? (
                          // The one released version new moves start on; moves under way keep their own.
                          <Badge variant="success" dot data-testid="version-in-use">
                            {t("policy.versions.inUse")}
                          </Badge>
                        ) : (
                          <Badge variant="neutral">{t("policy.versions.releasedEarlier")}</Badge>
                        )}
                      </TableCell>
                      <TableCell className="tabular-nums">{day(v.createdAt)}</TableCell>
                      <TableCell className="tabular-nums">{day(v.releasedAt)}</TableCell>
                      <TableCell className="text-right">
                        {before ? (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={t("policy.versions.compareLabel", { number: v.versionNumber, previous: before.versionNumber })}
                            onClick={() => setCompare({ from: before.id, to: v.id })}
                          >
                            <GitCompare aria-hidden="true" />
                            {t("policy.versions.compare")}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </section>
      <Dialog open={compare !== null} onOpenChange={(open) => !open && setCompare(null)}>
        {compare ? <CompareDialogContent policy={policy} from={compare.from} to={compare.to} onFromChange={(from) => setCompare({ ...compare, from })} /> : null}
      </Dialog>
    </Card>
  );
}

function CompareDialogContent({ policy, from, to, onFromChange }: { policy: TPolicySetup; from: number; to: number; onFromChange: (id: number) => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const toVersion = policy.versions.find((v) => v.id === to);
  const fromVersion = policy.versions.find((v) => v.id === from);
  const earlier = policy.versions.filter((v) => toVersion && v.versionNumber < toVersion.versionNumber).sort((a, b) => b.versionNumber - a.versionNumber);

  return (
    <DialogContent closeLabel={t("app.close")} className="max-w-2xl" data-testid="version-compare">
      <DialogTitle>{t("policy.versions.compareTitle", { from: fromVersion?.versionNumber ?? "?", to: toVersion?.versionNumber ?? "?" })}</DialogTitle>
      <DialogDescription>{t("policy.versions.compareDescription", { policy: policy.name })}</DialogDescription>
      {earlier.length > 1 ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={selectId}>{t("policy.versions.compareWith")}</Label>
          <NativeSelect id={selectId} value={String(from)} onChange={(e) => onFromChange(Number(e.target.value))}>
            {earlier.map((v) => (
              <option key={v.id} value={v.id}>
                {t("policy.versions.number", { number: v.versionNumber })}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <div className="max-h-[60vh] overflow-y-auto" aria-live="polite">
        <VersionChanges policyId={policy.policyId} from={from} to={to} />
      </div>
    </DialogContent>
  );
}

/** What differs between two versions of a policy (policy.policies.compareVersions): a count and one line per change. */
export function VersionChanges({ policyId, from, to }: { policyId: number; from: number; to: number }) {
  const { t } = useTranslation();
  const diff = useQuery(trpc.policy.policies.compareVersions.queryOptions({ policyId, fromVersionId: from, toVersionId: to }));
  return (
    <>
        {diff.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {t("policy.versions.comparing")}
          </p>
        ) : diff.isError ? (
          <Alert variant="destructive" role="alert">
            <span className="flex flex-wrap items-center gap-3">
              {errorText(diff.error, t("policy.versions.compareFailed"))}
              <Button variant="outline" size="sm" onClick={() => void diff.refetch()}>
                {t("app.retry")}
              </Button>
            </span>
          </Alert>
        ) : diff.data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("policy.versions.noChanges")}</p>
        ) : (
          <>
            <p className="mb-2 text-sm font-medium">{t("policy.versions.changeCount", { count: diff.data.changes.length })}</p>
            <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm" data-testid="version-changes">
              {diff.data.changes.map((c, i) => (
                <li key={i}>{c.text}</li>
              ))}
            </ul>
          </>
        )}
    </>
  );
}
