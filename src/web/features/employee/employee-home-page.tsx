/**
 * "/" for employees (issue 14 "Employee home"; the activation link's landing), phone-first: the move at
 * a glance (status, stage, dates, origin → destination, policy, consultant), the next hub tasks, the
 * budgets they may see with spent / remaining, recent expenses and files, all from `employee.home`
 * (one round trip). "Your move has not started yet" only when the employee has no move.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, FileText, ListTodo, Mail, Plane, Receipt, Scale, Wallet } from "lucide-react";
import { Map as MapIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TEmployeeHomeResponse, THomeMove } from "../../../domain/employee/schemas.ts";
import { BudgetFigures } from "../../components/budget-figures.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { LifecycleBadge } from "../../components/expense-lifecycle.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { WelcomeOnHome } from "../welcome/welcome-on-home.tsx";
import { WidgetArea } from "../widgets/widget-area.tsx";

type Home = TEmployeeHomeResponse;

const moveStatusVariant = { open: "info", on_assignment: "success", completed: "neutral" } as const;
const linkClass = "inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

export function EmployeeHomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const homeOptions = trpc.employee.home.queryOptions();
  const query = useQuery({ ...homeOptions, refetchOnWindowFocus: false });

  // The hub's generated tasks are materialised once, by the same mutation the hub page calls.
  const prepare = useMutation(
    trpc.movehub.prepare.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: homeOptions.queryKey }) }),
  );
  const prepared = useRef(false);
  useEffect(() => {
    if (query.data?.move && query.data.tasks && !query.data.tasks.prepared && !prepared.current) {
      prepared.current = true;
      prepare.mutate({});
    }
  });

  return (
    <>
      <PageHeader
        eyebrow={user.group ? t("employee.companyLine", { group: user.group.displayName }) : undefined}
        title={t("home.welcome", { name: user.firstName })}
      />
      {query.isPending ? (
        <HomeSkeleton label={t("employee.home.loading")} />
      ) : query.isError ? (
        <Card className="mb-4">
          <ErrorState
            message={serverMessage(query.error) ?? t("employee.home.error")}
            retryLabel={t("app.retry")}
            onRetry={() => void query.refetch()}
          />
        </Card>
      ) : query.data.move === null ? (
        <NoMove />
      ) : (
        <HomeView home={query.data} move={query.data.move} preparing={prepare.isPending} />
      )}
      {/* The welcome popup, or its card once answered (issue 14): src/web/features/welcome/. Rendered from the
          start so its state is asked in the same batch as the home, never as a later request of its own. */}
      <WelcomeOnHome />
      {/* The overview widgets (issue 14): src/web/features/widgets/. */}
      <WidgetArea />
    </>
  );
}

function HomeSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" role="status" className="mb-4 grid gap-4 lg:grid-cols-2">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i}>
          <CardContent className="flex flex-col gap-3 py-6">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function NoMove() {
  const { t } = useTranslation();
  return (
    <>
      <Card className="mb-4">
        <EmptyState icon={Plane} title={t("employee.noMoveTitle")} description={t("employee.noMoveBody")} className="py-20" />
      </Card>
      <Card className="mb-4">
        <CardContent className="py-5">
          <Link to="/files" className={linkClass}>
            <FileText className="size-5 shrink-0" aria-hidden="true" />
            <span>{t("files.homeLink")}</span>
          </Link>
        </CardContent>
      </Card>
    </>
  );
}

function HomeView({ home, move, preparing }: { home: Home; move: THomeMove; preparing: boolean }) {
  return (
    <div className="mb-4 grid min-w-0 gap-4 lg:grid-cols-2">
      <MoveCard move={move} />
      <TasksCard tasks={home.tasks} preparing={preparing} />
      <BudgetsCard budgets={home.budgets} />
      <ExpensesCard expenses={home.expenses} />
      <FilesCard files={home.files} />
      <OverviewCard />
    </div>
  );
}

/** The destination card (issue 14): a peer of the other sections, linking the overview page. */
function OverviewCard() {
  const { t } = useTranslation();
  return (
    <Section title={t("overview.homeTitle", "Your destination")} icon={<MapIcon className="size-5" aria-hidden="true" />}>
      <p className="text-sm text-muted-foreground">
        {t("overview.homeBody", "Neighbourhoods near your destination, what is around them, your commute, and homes to rent.")}
      </p>
      <Link to="/overview" className={linkClass}>
        <MapIcon className="size-5 shrink-0" aria-hidden="true" />
        <span>{t("overview.homeLink", "Neighbourhoods, commute and homes to rent")}</span>
      </Link>
    </Section>
  );
}

function Section({ title, icon, children, footer }: { title: string; icon: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          <span>{title}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-4">
        {children}
        {footer}
      </CardContent>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function MoveCard({ move }: { move: THomeMove }) {
  const { t } = useTranslation();
  const place = (p: string | null) => p ?? t("employee.home.placeUnknown");
  const hasAssignment = move.assignmentStartDate !== null || move.assignmentEndDate !== null;
  return (
    <section aria-labelledby="home-move" className="min-w-0 lg:col-span-2">
      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle id="home-move" className="flex items-center gap-2">
            <Plane className="size-5 shrink-0" aria-hidden="true" />
            <span>{t("employee.home.moveTitle")}</span>
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={moveStatusVariant[move.status]} dot data-testid="move-status">
              {t(`moves.status.${move.status}`)}
            </Badge>
            <span className="text-sm text-muted-foreground">{t("employee.home.stage", { stage: move.moveStageName })}</span>
          </div>
        </CardHeader>
        <CardContent>
          <p className="mb-4 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold" data-testid="move-route">
            <span className="sr-only">{t("employee.home.from")}</span>
            <span className="break-words">{place(move.origin)}</span>
            <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t("employee.home.to")}</span>
            <span className="break-words">{place(move.destination)}</span>
          </p>
          <dl className="grid gap-4 sm:grid-cols-2">
            {move.moveDate !== null && <Fact label={t("employee.home.moveDate")}>{formatDate(move.moveDate)}</Fact>}
            {hasAssignment && (
              <Fact label={t("employee.home.assignment")}>
                {t("employee.home.assignmentRange", { start: formatDate(move.assignmentStartDate), end: formatDate(move.assignmentEndDate) })}
              </Fact>
            )}
            <Fact label={t("employee.home.policy")}>{move.policyName}</Fact>
            <Fact label={t("employee.home.consultant")}>
              {move.consultant ? (
                <span className="flex min-w-0 flex-col">
                  <span>{move.consultant.name}</span>
                  <a href={`mailto:${move.consultant.email}`} className={`${linkClass} break-all`}>
                    <Mail className="size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-all">{move.consultant.email}</span>
                  </a>
                </span>
              ) : (
                t("employee.home.noConsultant")
              )}
            </Fact>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}

function TasksCard({ tasks, preparing }: { tasks: Home["tasks"]; preparing: boolean }) {
  const { t } = useTranslation();
  const footer = (
    <Link to="/movehub" className={linkClass}>
      <ListTodo className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("movehub.homeLink")}</span>
    </Link>
  );
  return (
    <Section title={t("employee.home.tasksTitle")} icon={<ListTodo className="size-5 shrink-0" aria-hidden="true" />} footer={footer}>
      {!tasks || !tasks.prepared ? (
        <p className="text-muted-foreground" role={preparing ? "status" : undefined}>
          {t("employee.home.tasksPreparing")}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("employee.home.tasksSummary", { open: tasks.counts.open, overdue: tasks.counts.overdue })}</p>
          {tasks.next.length === 0 ? (
            <p className="text-muted-foreground">{t("employee.home.tasksNone")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border" data-testid="next-tasks">
              {tasks.next.map((task) => (
                <li key={task.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 flex-1 break-words">
                    <span className="block font-medium">{task.title}</span>
                    <span className="block text-sm text-muted-foreground">
                      {task.sectionTitle}
                      {task.dueDate !== null && ` · ${t("employee.home.due", { date: formatDate(task.dueDate) })}`}
                    </span>
                  </span>
                  {task.completeStatus === "OVERDUE" && <Badge variant="destructive">{t("employee.home.overdue")}</Badge>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}

function BudgetsCard({ budgets }: { budgets: Home["budgets"] }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t("employee.home.budgetsTitle")}
      icon={<Wallet className="size-5 shrink-0" aria-hidden="true" />}
      footer={
        <Link to="/comparison" className={linkClass}>
          <Scale className="size-4 shrink-0" aria-hidden="true" />
          <span>{t("comparison.homeLink", "Compare supplier quotes")}</span>
        </Link>
      }
    >
      {budgets.length === 0 ? (
        <p className="text-muted-foreground">{t("employee.home.budgetsNone")}</p>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="budgets">
          {budgets.map((b) => {
            const name = b.services.length > 0 ? b.services.join(", ") : t("employee.home.budgetGroup", { group: b.budgetGroupId, stage: b.moveStageName });
            const percent = Math.max(0, Math.min(100, b.progressPercentage));
            return (
              <li key={`${b.moveStageId}:${b.budgetGroupId}`} className="min-w-0" data-testid="home-budget" data-stage={b.moveStageId} data-group={b.budgetGroupId}>
                <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
                  <span className="min-w-0 break-words font-medium">{name}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t("employee.home.budgetProgress", { name, percent: b.progressPercentage })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="my-1.5 h-2 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div className={percent >= 100 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${percent}%` }} />
                </div>
                <BudgetFigures figures={b.figures} />
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function ExpensesCard({ expenses }: { expenses: Home["expenses"] }) {
  const { t } = useTranslation();
  const footer = (
    <Link to="/expenses" className={linkClass}>
      <Receipt className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("employee.home.expensesLink")}</span>
    </Link>
  );
  return (
    <Section title={t("employee.home.expensesTitle")} icon={<Receipt className="size-5 shrink-0" aria-hidden="true" />} footer={footer}>
      {expenses.recent.length === 0 ? (
        <p className="text-muted-foreground">{t("employee.home.expensesNone")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="recent-expenses">
          {expenses.recent.map((e) => (
            <li key={e.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 flex-1 break-words">
                <span className="block font-medium">{e.serviceTitle}</span>
                <span className="block text-sm text-muted-foreground">
                  {formatDate(e.expenseDate)} · {formatMajorMoney(e.gross, e.currency)}
                </span>
              </span>
              <LifecycleBadge lifecycle={e.lifecycle} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function FilesCard({ files }: { files: Home["files"] }) {
  const { t } = useTranslation();
  const footer = (
    <Link to="/files" className={linkClass}>
      <FileText className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("employee.home.filesLink")}</span>
    </Link>
  );
  return (
    <Section title={t("employee.home.filesTitle")} icon={<FileText className="size-5 shrink-0" aria-hidden="true" />} footer={footer}>
      {files.count === 0 ? (
        <p className="text-muted-foreground">{t("employee.home.filesNone")}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("employee.home.filesCount", { count: files.count })}</p>
          <ul className="flex flex-col divide-y divide-border" data-testid="newest-files">
            {files.newest.map((f) => (
              <li key={f.id} className="flex min-w-0 flex-col py-2">
                <a href={f.downloadUrl} className={`${linkClass} break-all`}>
                  <span className="min-w-0 break-all">{f.name}</span>
                </a>
                <span className="text-sm text-muted-foreground">
                  {[f.category, formatDate(f.uploadedAt)].filter(Boolean).join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
