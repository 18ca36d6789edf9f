import { useQuery } from "@tanstack/react-query";
import { Ban, FileText, UserRound } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { REMOVED_FROM_POLICY, type TEmployeePolicyResponse, type TPolicySection } from "../../../domain/policy/benefit-schemas.ts";
import { ForbiddenPage } from "../../components/status-pages.tsx";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { moneyText, rateFrequencyLabel } from "./policy-format.ts";

type StageSections = TEmployeePolicyResponse["moveStageSections"][number];
type TPolicyComponent = TPolicySection["components"][number];

/**
 * /admin/policy/view?employeeId=&moveId= (part 2 §2 "Policy view for an employee"): the policy of
 * the employee's move as an accordion per move stage, one section per service with its components;
 * the components of the "REMOVED FROM POLICY" section are struck through. A failure shows "Error
 * message", the server's message and the contact-support sentence (§8 policy load failure).
 */
export function EmployeePolicyPage({ employeeId, moveId }: { employeeId: number | undefined; moveId: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("policy.view.title")} description={t("policy.view.description")} />
      {employeeId ? (
        <EmployeePolicy employeeId={employeeId} moveId={moveId} />
      ) : (
        <Card>
          <EmptyState icon={UserRound} headingLevel={2} title={t("policy.view.noStagesTitle")} description={t("policy.view.noEmployee")} />
        </Card>
      )}
    </>
  );
}

function EmployeePolicy({ employeeId, moveId }: { employeeId: number; moveId: number | undefined }) {
  const { t } = useTranslation();
  const view = useQuery(trpc.policy.catalogue.employeePolicy.queryOptions({ employeeId, moveId }));
  if (view.isPending) {
    return (
      <div aria-busy="true" role="status" className="flex flex-col gap-4">
        <span className="sr-only">{t("app.loading")}</span>
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (view.isError || !view.data.success) {
    if (view.isError && errorCode(view.error) === "FORBIDDEN") return <ForbiddenPage />;
    const message = view.isError ? serverMessage(view.error) : (view.data.errorMessage ?? view.data.message);
    return <LoadFailure message={message} onRetry={() => void view.refetch()} />;
  }
  const data = view.data;
  if (data.moveStageSections.length === 0) {
    return (
      <Card>
        <EmptyState icon={FileText} headingLevel={2} title={t("policy.view.noStagesTitle")} />
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {data.policy ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {data.employee ? (
            <span data-testid="policy-employee">
              {t("policy.view.employeeOf", { name: `${data.employee.firstName} ${data.employee.lastName}`, email: data.employee.email })}
            </span>
          ) : null}
          <span className="text-base font-semibold text-foreground">{data.policy.name}</span>
          <Badge variant="info">{t("policy.search.versionNumber", { number: data.policy.versionNumber })}</Badge>
        </p>
      ) : null}
      <Card>
        <CardContent className="py-2">
          <Accordion type="multiple" defaultValue={data.moveStageSections.map((s) => String(s.moveStageId))}>
            {data.moveStageSections.map((stage) => (
              <StageItem key={stage.moveStageId} stage={stage} />
            ))}
          </Accordion>
        </CardContent>
      </Card>
    </div>
  );
}

/** §8 policy load failure: "Error message" plus the server message, then contact support; else the generic text. */
function LoadFailure({ message, onRetry }: { message: string | null | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" role="alert" title={message ? t("policy.view.errorMessage") : undefined} data-testid="employee-policy-error">
      <div className="flex flex-col items-start gap-3">
        {message ? (
          <p>
            {message} {t("policy.view.contactSupport")}
          </p>
        ) : (
          <p>{t("policy.loadingDataError")}</p>
        )}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t("app.retry")}
        </Button>
      </div>
    </Alert>
  );
}

function StageItem({ stage }: { stage: StageSections }) {
  const { t } = useTranslation();
  const active = stage.sections.filter((s) => !isRemovedSection(s));
  const removed = stage.sections.filter(isRemovedSection);
  return (
    <AccordionItem value={String(stage.moveStageId)}>
      <AccordionTrigger level={2}>{stage.moveStageName}</AccordionTrigger>
      <AccordionContent>
        {stage.sections.length === 0 ? (
          <p className="py-2 text-muted-foreground">{t("policy.view.emptyStage")}</p>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="grid gap-3 desktop:grid-cols-2">
              {active.map((section, i) => (
                <ServiceSection key={`${section.title}-${i}`} section={section} stageName={stage.moveStageName} />
              ))}
            </div>
            {removed.map((section, i) => (
              <RemovedSection key={`removed-${i}`} section={section} stageName={stage.moveStageName} />
            ))}
          </div>
        )}
      </AccordionContent>
    </AccordionItem>
  );
}

function isRemovedSection(section: TPolicySection): boolean {
  return section.title === REMOVED_FROM_POLICY || section.sectionMultiTitle === REMOVED_FROM_POLICY;
}

/**
 * A component's value in words: money with thousands separators and its rate frequency in words
 * ("6000.00 USD (ANNUAL)" → "USD 6,000.00 · Annual"), yes/no attributes as "Yes"/"No".
 */
function componentValue(t: TFunction, c: TPolicyComponent): string {
  if (c.type === "MONEY") {
    const money = /^(-?\d+(?:\.\d+)?) ([A-Z]{3})(?: \(([A-Z_]+)\))?$/.exec(c.value);
    if (money) {
      const [, amount, currency, frequency] = money;
      return frequency ? `${moneyText(currency!, amount!)} · ${rateFrequencyLabel(t, frequency)}` : moneyText(currency!, amount!);
    }
  }
  if (c.type === "ATTRIBUTE" && (c.value === "true" || c.value === "false")) return t(c.value === "true" ? "policy.yes" : "policy.no");
  return c.value;
}

/** The components to show: a service attribute repeating a benefit of the same title adds nothing. */
function shownComponents(components: TPolicyComponent[]): TPolicyComponent[] {
  const titles = new Set(components.filter((c) => c.type !== "ATTRIBUTE").map((c) => c.title.toLowerCase()));
  return components.filter((c) => c.type !== "ATTRIBUTE" || !titles.has(c.title.toLowerCase()));
}

/** A service's section; its region name carries the stage, as a service may be on several stages. */
function ServiceSection({ section, stageName }: { section: TPolicySection; stageName: string }) {
  const { t } = useTranslation();
  const components = shownComponents(section.components);
  return (
    <section className="rounded-lg border border-border px-4 py-3" aria-label={`${section.title}, ${stageName}`}>
      <h3 className="font-semibold text-foreground">{section.title}</h3>
      {components.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[10.5rem_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-[13px]">
          {components.map((c) => (
            <div key={c.name} className={cn("contents", c.serviceRemoved && "line-through")}>
              <dt className="text-muted-foreground">{c.title}</dt>
              <dd className={cn("min-w-0 break-words", c.type === "MONEY" && "tabular-nums")}>{componentValue(t, c) || "—"}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** "REMOVED FROM POLICY": the services no longer on the policy, struck through under that heading. */
function RemovedSection({ section, stageName }: { section: TPolicySection; stageName: string }) {
  return (
    <section className="rounded-lg border border-dashed border-destructive-border bg-destructive-soft/60 px-4 py-3" aria-label={`${section.title}, ${stageName}`} data-testid="removed-from-policy">
      <h3 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-destructive-foreground">
        <Ban aria-hidden="true" className="size-3.5" />
        {section.title}
      </h3>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm">
        {section.components.map((c) => (
          <li key={c.name} className="flex flex-wrap items-baseline gap-2">
            <del className="text-foreground decoration-destructive decoration-2">{c.title}</del>
            {c.value ? <span className="text-muted-foreground">{c.value}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
