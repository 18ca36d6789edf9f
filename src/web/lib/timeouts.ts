/**
 * Client request time limits, in one place (part 1 §9, part 2 §9): every tRPC call goes through
 * `timeoutLink` (src/web/lib/trpc.ts), which fails a call that has no answer within its limit
 * with a connection error (`isConnectionFailure` in errors.ts), so the page shows the spec's
 * connection text (§8). Pages never set their own timers.
 */
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AnyRouter } from "@trpc/server";

/** Most calls: 30 s (part 1 §9 "30 s most calls", part 2 §9 "most reads 30 s"). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Part 1 §9: "3 s authorisation and rule delete" (the manager's geographic rule delete). */
export const GEO_RULE_DELETE_TIMEOUT_MS = 3_000;
/** Part 2 §9: "policy and setup saves 5 s" (a policy service's add, remove and update; every popup save). */
export const POLICY_SAVE_TIMEOUT_MS = 5_000;

/** Screen timings (not request limits) the spec fixes, in the same one place. */
/** Part 2 §9: "Form error helper hides after 10 s" (`useAutoHide`, src/web/lib/use-auto-hide.ts). */
export const FORM_ERROR_HIDE_MS = 10_000;
/** Part 2 §9: "Carousel interval 5 s, fade 500 ms" (`Carousel`, src/web/components/ui/carousel.tsx). */
export const CAROUSEL_INTERVAL_MS = 5_000;
export const CAROUSEL_FADE_MS = 500;

/** The exceptions, by tRPC procedure path; anything not listed uses `DEFAULT_TIMEOUT_MS`. */
export const TIMEOUTS_MS: Readonly<Record<string, number>> = {
  // part 2 §9: send reminder, save reminder 60 s (the CRM reminders, issue 26).
  "crmReminders.send": 60_000,
  "crmReminders.save": 60_000,
  "crmReminders.delete": 60_000,
  // part 2 §9: send reminder, group reminder, save reminder, unsubscribe 60 s (reporting reminders, issue 26).
  "reportReminders.sendReminderNow": 60_000,
  "reportReminders.sendGroupReminderNow": 60_000,
  "reportReminders.saveReminder": 60_000,
  "reportReminders.unsubscribe": 60_000,
  // part 2 §9: filter defaults 60 s (the report library, issue 26; label load and report calls keep the 30 s default).
  "reports.filterDefaults": 60_000,
  "reports.saveFilterDefaults": 60_000,
  // part 1 §9: 60 s prefill, form save, service properties.
  "wizard.prefill": 60_000,
  "formBuilder.submitForm": 60_000,
  "policy.services.properties": 60_000,
  // part 1 §9: 90 s budget load; §7 / part 2 §9: 60 s remaining budget.
  "budgets.forMove": 90_000,
  "budgets.editBudgetLoad": 90_000,
  "budgets.remaining": 60_000,
  // part 1 §9: 900 s stage load (creating the employee runs the provider's stages 5 and 6).
  "wizard.createNewEmployee": 900_000,
  // part 1 §9: 100 s splash; 3 s authorisation; 10 s status and tax calculation.
  "wizard.splash": 100_000,
  "estimate.admin.authorisation": 3_000,
  "managers.deleteGeoRestriction": GEO_RULE_DELETE_TIMEOUT_MS,
  "estimate.asyncStatus": 10_000,
  "estimate.calculateTax": 10_000,
  // part 2 §9: policy and setup saves 5 s; budget and budget group calls 5 s; attributes 5 s.
  "policy.policies.updateSetting": 5_000,
  "policy.policies.updateCostEstimatePackage": 5_000,
  "policy.services.add": POLICY_SAVE_TIMEOUT_MS,
  "policy.services.remove": POLICY_SAVE_TIMEOUT_MS,
  "policy.services.update": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.create": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.delete": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.setDisplayed": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.setDisplayRelocationAndOngoing": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.updateText": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.addService": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.removeService": POLICY_SAVE_TIMEOUT_MS,
  "policy.popup.reorder": POLICY_SAVE_TIMEOUT_MS,
  "policy.services.setBudgetGroup": 5_000,
  "policy.services.addBudget": 5_000,
  "policy.services.updateBudget": 5_000,
  "policy.services.deleteBudget": 5_000,
  "policy.services.updateBudgetGroup": 5_000,
  "policy.catalogue.serviceAttributes": 5_000,
  "policy.catalogue.setAttributeVisibility": 5_000,
  "policy.catalogue.groupAttributes": 5_000,
  "policy.catalogue.configureAttribute": 5_000,
  // part 2 §9: dropdown loading 3 s; currency load 90 s; group status 10 s.
  "policy.policies.dropdowns": 3_000,
  "policy.catalogue.currencies": 90_000,
  "widgets.currency": 90_000,
  "admin.groups.setStatus": 10_000,
  // part 2 §9: bank accounts 20 s; note save 10 s; remaining budget 60 s (finance, issue 16).
  "finance.accounts.bankAccountsOfEmployees": 20_000,
  "finance.accounts.bankAccountsByIds": 20_000,
  "finance.accounts.setBankAccountLock": 20_000,
  "finance.approval.expenseNote": 10_000,
  "finance.adhoc.expenseNote": 10_000,
  "finance.approval.remaining": 60_000,
  "finance.approval.checkBudget": 60_000,
};

/** The time limit of a call to `path` (e.g. "estimate.calculateTax"). */
export function timeoutFor(path: string): number {
  return TIMEOUTS_MS[path] ?? DEFAULT_TIMEOUT_MS;
}

/** The error a call that ran out of time fails with: no server answer, so a connection failure. */
export class RequestTimeoutError extends Error {
  constructor(
    readonly path: string,
    readonly ms: number,
  ) {
    super(`No answer from ${path} within ${ms / 1000} s`);
    this.name = "RequestTimeoutError";
  }
}

/** True when `error` is (or wraps) a call that ran out of time. */
export function isTimeout(error: unknown): boolean {
  return error instanceof RequestTimeoutError || (error instanceof TRPCClientError && error.cause instanceof RequestTimeoutError);
}

/**
 * A tRPC link that fails every call still unanswered after `timeoutFor(op.path)` (or `limit`, for
 * tests) and stops waiting for it: the downstream request is unsubscribed, which aborts its fetch
 * (a batch is aborted once all of its calls are).
 */
export function timeoutLink<TRouter extends AnyRouter>(limit: (path: string) => number = timeoutFor): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const ms = limit(op.path);
        let done = false;
        const timer =
          op.type === "subscription"
            ? undefined
            : setTimeout(() => {
                if (done) return;
                done = true;
                subscription.unsubscribe();
                observer.error(TRPCClientError.from(new RequestTimeoutError(op.path, ms)));
              }, ms);
        const subscription = next(op).subscribe({
          next: (value) => {
            if (!done) observer.next(value);
          },
          error: (error) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            observer.error(error);
          },
          complete: () => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            observer.complete();
          },
        });
        return () => {
          clearTimeout(timer);
          subscription.unsubscribe();
        };
      });
}
