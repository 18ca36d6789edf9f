/**
 * Wizard stage 5 (part 1 §2 "Initiation summary, confirmation and completion. Completion
 * redirects", §7 getInitiationSummary, complete-initiation): the summary of the draft move and
 * its completion, which opens the move and sends the employee the welcome e-mail with their
 * activation link (unless the policy says no welcome e-mail).
 */
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import type { GroupRef } from "../../../db/schema.ts";
import type { MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { stateNameIn, stateNamesOf } from "../../../db/queries/admin/countries.ts";
import { findBudgetOverrides } from "../../../db/queries/moves/overrides.ts";
import {
  findApprovalMails,
  findCountryNames,
  findServiceOverrides,
  findSummaryEstimate,
  findSummaryBenefits,
  findSummaryBudgets,
  findSummaryServices,
} from "../../../db/queries/moves/wizard.ts";
import { activationLink } from "../../../domain/identity/activation/rules.ts";
import { AppError } from "../../../domain/errors.ts";
import { US_TO_US_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import { messages } from "../../../domain/messages.ts";
import { displayRound, formatMoney, toMajorString, type Money } from "../../../domain/money/money.ts";
import { moveStageNames, SERVICE_POLICY_TYPE_LABELS, NO_BUDGET_GROUP, type ServicePolicyType } from "../../../domain/policy/catalogue.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { movePolicyRef } from "../../../domain/moves/policy-ref.ts";
import type { TInitiationSummaryResponse } from "../../../domain/moves/wizard/schemas.ts";
import type { Mailer } from "../../mail.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { issueAuditedToken } from "../../identity/tokens.ts";
import { loadForm } from "./form-load.ts";
import { coreSourceOf, displayValue, isCoreModelName, parseFormValues, placeText, valueFromSource } from "./initiation-rules.ts";
import { auditMove } from "./audit.ts";
import type { WizardActor } from "./types.ts";
import { hubMoveById } from "../../employee/movehub/access.ts";
import { materialiseTasks } from "../../employee/movehub/hub.ts";

export type CompletionDeps = { db: DB; config: Pick<Config, "activationCodeDays">; mailer: Mailer; baseUrl: string };

/** Country names by code for the move's places (and any place the form values hold). */
async function countryNamesFor(db: DB, codes: Array<string | null | undefined>) {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  return new Map((await findCountryNames(db, wanted)).map((c) => [c.code, c.name]));
}

const placesOf = (move: MoveWithPolicy, names: Map<string, string>, states: Map<string, string>) => ({
  origin: placeText(
    move.origin_city_name,
    stateNameIn(states, move.origin_country_code, move.origin_state),
    move.origin_country_code ? (names.get(move.origin_country_code) ?? move.origin_country_code) : null,
  ),
  destination: placeText(
    move.destination_city_name,
    stateNameIn(states, move.destination_country_code, move.destination_state),
    move.destination_country_code ? (names.get(move.destination_country_code) ?? move.destination_country_code) : null,
  ),
});

type StageSections = NonNullable<TInitiationSummaryResponse["moveStageSections"]>;

/** The move's chosen services and budgets per move stage: the policy's, with the stage-3 overrides applied. */
async function chosenServices(db: DB, move: MoveWithPolicy): Promise<StageSections> {
  const [services, benefits, overrides, budgets, budgetOverrides] = await Promise.all([
    findSummaryServices(db, move.policy_version_id),
    findSummaryBenefits(db, move.policy_version_id),
    findServiceOverrides(db, move.id),
    findSummaryBudgets(db, move.policy_version_id),
    findBudgetOverrides(db, move.id),
  ]);
  const names = moveStageNames(move.move_stages_count);
  return names.map((moveStageName, i) => {
    const stage = i + 1;
    const chosen = services
      .filter((s) => s.move_stage === stage)
      .map((s) => ({ s, o: overrides.find((o) => o.move_stage === stage && o.service_key === s.service_key) }))
      .filter(({ s, o }) => (o ? o.selected === 1 : s.addable === 0));
    const rows = chosen.map(({ s, o }) => {
      const title = s.title ?? s.service_name;
      let detail = "";
      if (s.service_policy_type === 3) {
        detail = o?.option_name ?? benefits.filter((b) => b.policy_service_id === s.id).map((b) => b.option_name ?? b.value ?? "").filter(Boolean).join(", ");
      } else if (s.service_policy_type === 2) {
        const amount = o && o.amount !== null && o.currency ? { amount: o.amount, currency: o.currency } : s.amount !== null && s.currency ? { amount: s.amount, currency: s.currency } : null;
        detail = amount ? formatMoney(amount) : "";
      }
      if (detail === "") detail = SERVICE_POLICY_TYPE_LABELS[s.service_policy_type as ServicePolicyType] ?? "";
      return { service: s.service_key, title, detail, group: s.budget_group };
    });
    const groupNumbers = [...new Set(budgets.filter((b) => b.move_stage === stage).map((b) => b.group_number))].filter((n) => n !== NO_BUDGET_GROUP);
    return {
      moveStageId: stage,
      moveStageName,
      services: rows.map(({ service, title, detail }) => ({ service, title, detail })),
      budgets: groupNumbers.map((n) => {
        const own = budgetOverrides.find((b) => b.move_stage === stage && b.group_number === n);
        const first = budgets.find((b) => b.move_stage === stage && b.group_number === n)!;
        const money = own ? { amount: own.amount, currency: own.currency } : { amount: first.amount, currency: first.currency };
        return { budgetGroupId: n, services: rows.filter((r) => r.group === n).map((r) => r.title), amount: formatMoney(money) };
      }),
    };
  });
}

/** An estimate total as the estimate pages show it: display currency, whole units ("USD 48,213"). */
export function formatWholeMoney(money: Money): string {
  const whole = displayRound.estimateTotal(toMajorString(money));
  const sign = whole.startsWith("-") && whole !== "-0" ? "-" : "";
  return `${money.currency} ${sign}${whole.replace("-", "").replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

type SummaryEstimate = TInitiationSummaryResponse["estimate"];

/**
 * The move's estimate for the summary: none for a policy without one (city guide only, NONE);
 * skipped; not made yet; or the current version's total and approval state. "Sent" is read from
 * the approval links: the newest approval e-mail for any version of this move.
 */
async function estimateOf(db: DB, move: MoveWithPolicy): Promise<SummaryEstimate> {
  if (move.city_guide_only === 1 || move.estimate_type === "NONE") return null;
  const blank = { versionNumber: null, total: null, approverName: null, approverEmail: null, date: null };
  if (move.skip_ce === 1) return { state: "skipped", ...blank };
  const { current, ids } = await findSummaryEstimate(db, move.id);
  if (!current) return { state: "none", ...blank };
  const base = {
    versionNumber: current.version_number,
    total: formatWholeMoney({ amount: current.total_minor, currency: current.display_currency }),
  };
  if (current.is_approved === 1) {
    return { state: "approved", ...base, approverName: current.approver_name, approverEmail: current.approver_email, date: current.approval_date };
  }
  if (current.approval_decision === "REJECTED") {
    return {
      state: "rejected",
      ...base,
      approverName: current.approver_name,
      approverEmail: current.approver_email,
      date: current.approval_decided_at?.slice(0, 10) ?? null,
      comment: current.approval_comment,
    };
  }
  const [sent] = await findApprovalMails(db, ids);
  if (sent) return { state: "sent", ...base, approverName: null, approverEmail: sent.to_address, date: sent.created_at.slice(0, 10) };
  return { state: "notSent", ...base, approverName: current.approver_name, approverEmail: current.approver_email, date: null };
}

/** GET /hr/json/getInitiationSummary (stage 5). */
export async function initiationSummary(
  db: DB,
  _user: SessionUser,
  move: MoveWithPolicy,
  input: { benefits: boolean },
): Promise<TInitiationSummaryResponse> {
  const sections = await loadForm(db, move.group_id, { versionId: move.policy_version_id, policyId: move.policy_id });
  const stored = parseFormValues(move.form_values);
  const names = await countryNamesFor(db, [move.origin_country_code, move.destination_country_code, ...Object.values(stored).map((v) => v.countryCode)]);
  const states = await stateNamesOf(db);
  const places = placesOf(move, names, states);
  const source = coreSourceOf(move);
  const usToUs = move.origin_country_code === "US" && move.destination_country_code === "US";
  // The core fields (name, e-mail, places, dates) are in `employee` and `move`: listed once there.
  const fields = sections
    .flatMap((s) => s.fields)
    .filter((f) => f.in_initiation_summary === 1 && f.form_type !== "hidden" && !isCoreModelName(f.model_name))
    .filter((f) => usToUs || !US_TO_US_MODEL_NAMES.has(f.model_name))
    .map((f) => {
      const value = valueFromSource(f.model_name, source, stored);
      const place =
        f.form_type === "countryStateCity"
          ? placeText(value.formValue, stateNameIn(states, value.countryCode, value.state), value.countryCode ? (names.get(value.countryCode) ?? value.countryCode) : null)
          : null;
      return { label: f.label, value: displayValue(f.form_type, value, place), modelName: f.model_name, formType: f.form_type };
    });
  return {
    success: true,
    employee: { id: move.employee_user_id, firstName: move.employee_first_name, lastName: move.employee_last_name, email: move.employee_email },
    policy: { ...movePolicyRef(move), cityGuideOnly: move.city_guide_only === 1 },
    move: {
      id: move.id,
      status: move.status,
      origin: places.origin,
      destination: places.destination,
      moveDate: move.move_date,
      assignmentStartDate: move.assignment_start_date,
      assignmentEndDate: move.assignment_end_date,
    },
    fields,
    moveStageSections: input.benefits ? await chosenServices(db, move) : null,
    estimate: await estimateOf(db, move),
    welcomeEmail: move.no_welcome_email !== 1,
  };
}

/**
 * POST /{group}/complete-initiation: opens the draft move (status open, move stage 1) in one
 * transaction with its audit row, then e-mails the welcome with the activation link (not for a
 * no-welcome-e-mail policy, and not to an employee who has already activated).
 */
export async function completeInitiation(
  deps: CompletionDeps,
  actor: WizardActor,
  group: GroupRef,
  move: MoveWithPolicy,
  now = new Date(),
): Promise<{ success: boolean; redirectUrl: string | null; message: string | null }> {
  if (move.group_id !== group.id) throw new AppError("FORBIDDEN", messages.otherGroup);
  if (move.status !== "draft") throw new AppError("CONFLICT", wizardMessages.moveNotDraft);
  const at = now.toISOString();
  const opened = await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable("moves")
      .set({ status: "open", current_move_stage: 1, wizard_stage: 5, initiated_at: at, initiated_by: actor.user.id, updated_at: at })
      .where("id", "=", move.id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, {
      at,
      action: "initiate",
      oldValues: { status: "draft" },
      newValues: { status: "open", employeeId: move.employee_user_id, policyVersionId: move.policy_version_id },
    });
    return true;
  });
  // Another request completed it first.
  if (!opened) throw new AppError("CONFLICT", wizardMessages.moveNotDraft);

  // The employee's move hub: its generated tasks are materialised now (idempotent; the hub page
  // prepares them itself if this fails).
  try {
    const hubMove = await hubMoveById(deps.db, move.id);
    if (hubMove) await materialiseTasks(deps.db, hubMove, now);
  } catch (error) {
    console.error("[wizard/completeInitiation] move hub tasks not prepared", error);
  }

  if (move.no_welcome_email !== 1 && move.employee_activation_state === "PENDING") {
    try {
      await sendWelcomeMail(deps, actor, group, move, now);
    } catch (error) {
      // The move is open; the mail can be sent again from the people page.
      console.error("[wizard/completeInitiation] welcome e-mail failed", error);
    }
  }
  return { success: true, redirectUrl: `/${group.name}/home?initiated=${move.id}`, message: null };
}

/** The welcome e-mail (template `welcome`) with a fresh activation link, as src/services/identity/activation.ts sends invitations. */
async function sendWelcomeMail(deps: CompletionDeps, actor: WizardActor, group: GroupRef, move: MoveWithPolicy, now: Date) {
  const token = await issueAuditedToken(
    deps.db,
    { userId: move.employee_user_id, groupId: move.group_id, kind: "ACTIVATION", ttlMinutes: deps.config.activationCodeDays * 24 * 60 },
    { actorUserId: actor.user.id, action: "send-activation", ip: actor.ip, newValues: { email: move.employee_email, moveId: move.id } },
    now,
  );
  const names = await countryNamesFor(deps.db, [move.destination_country_code]);
  const destination = placesOf(move, names, await stateNamesOf(deps.db)).destination ?? (move.destination_country_code ? (names.get(move.destination_country_code) ?? "") : "");
  await deps.mailer.send(
    deps.db,
    {
      to: move.employee_email,
      template: "welcome",
      vars: {
        firstName: move.employee_first_name,
        groupName: group.display_name || move.group_name,
        destination: destination || "your new location",
        policyName: move.policy_name,
        days: String(deps.config.activationCodeDays),
      },
      link: activationLink(deps.baseUrl, "EMPLOYEE", token),
      groupId: move.group_id,
      groupName: move.group_name,
      userId: move.employee_user_id,
    },
    now,
  );
}
