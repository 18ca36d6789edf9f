import type { Role } from "../domain/roles.ts";

/**
 * The web client's pages as the server knows them, so a page load can be answered with
 * the right status before the client runs: 302 to /login without a session, 403 for a
 * role or group the user may not see, 404 for no page at all. Later areas add their pages here.
 */
export type PageRule =
  | { kind: "public" }
  | { kind: "signed-in"; roles?: readonly Role[] }
  | { kind: "group"; roles: readonly Role[] };

type Page = { pattern: RegExp; rule: PageRule };

const staff = (...roles: Role[]) => ({ kind: "signed-in", roles }) as const;

export const pages: Page[] = [
  { pattern: /^\/login\/?$/, rule: { kind: "public" } },
  { pattern: /^\/$/, rule: { kind: "signed-in" } },
  { pattern: /^\/admin\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/finance\/?$/, rule: staff("FINANCE", "ADMIN") },
  // Bill Management (issue 16; part 2 §2): FINANCE and admins.
  { pattern: /^\/finance\/bill-management\/?$/, rule: staff("FINANCE", "ADMIN") },
  // Bill Approval (issue 16; part 2 §2): FINANCE and admins.
  { pattern: /^\/finance\/bill-approval\/?$/, rule: staff("FINANCE", "ADMIN") },
  // Finance accounts (issue 16; part 2 §2 account management, lock periods; §4 bank accounts): FINANCE and admins.
  { pattern: /^\/finance\/(accounts(\/\d{1,9})?|bank-accounts|lock-periods)\/?$/, rule: staff("FINANCE", "ADMIN") },
  // part 2 §2 "Account management under /accountmanagement/": the root opens the accounts page (issue 23 item 22).
  { pattern: /^\/accountmanagement\/?$/, rule: staff("FINANCE", "ADMIN") },
  // Estimate against actual (issue 16): a move's spend page and an account's (FINANCE and admins).
  { pattern: /^\/finance\/(moves|accounts)\/\d{1,10}\/spend\/?$/, rule: staff("FINANCE", "ADMIN") },
  // Estimate accuracy across the groups (issue 26): FINANCE and admins.
  { pattern: /^\/finance\/accuracy\/?$/, rule: staff("FINANCE", "ADMIN") },
  { pattern: /^\/crm\/?$/, rule: staff("CRM", "ADMIN") },
  { pattern: /^\/supplier\/?$/, rule: staff("SUPPLIER") },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/home\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // Identity (activation, terms, recovery, admin account tools).
  { pattern: /^\/(employee|group|adminuser|supplier)\/activate\/?$/, rule: { kind: "public" } },
  { pattern: /^\/user\/account-recovery\/?$/, rule: { kind: "public" } },
  { pattern: /^\/user\/set-new-password\/?$/, rule: { kind: "public" } },
  // The approver's page of a cost estimate, opened from the approval e-mail's signed link (issue 13 item 6).
  { pattern: /^\/estimate-approval\/?$/, rule: { kind: "public" } },
  { pattern: /^\/user\/terms-and-conditions\/?$/, rule: { kind: "signed-in" } },
  // Social sign-in accounts (issue 23 item 18): the people who may use social login (part 2 §6: not managers).
  { pattern: /^\/user\/sign-in-methods\/?$/, rule: staff("EMPLOYEE", "SUPPLIER") },
  // The terms form's configurable fields: HR for its own group (the API checks it), admins for any.
  { pattern: /^\/admin\/terms-form\/?$/, rule: staff("ADMIN", "HR") },
  { pattern: /^\/admin\/outbox\/?$/, rule: staff("ADMIN") },
  // The managers admin (issue 15): the list and one manager's page.
  { pattern: /^\/admin\/managers\/(list|\d{1,9})\/?$/, rule: staff("ADMIN") },
  // The error-reporting service's list (part 1 §8, part 2 §8).
  { pattern: /^\/admin\/client-errors\/?$/, rule: staff("ADMIN") },
  // Tags admin and HR settings (extension reasons), issue 15.
  { pattern: /^\/admin\/tags\/manage\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/hr-settings\/?$/, rule: staff("ADMIN") },
  // The HR employee table with the extend / end assignment actions (issue 15; managers with creation CREATE act too).
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/employees\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // Bulk employee import (issue 15): HR of the group and admins.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/bulk-import\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  // The manager dashboard page (issue 15): HR of the group, its managers (dashboard restriction ON; the page shows the server's refusal otherwise) and admins.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/managerDashboard\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // A manager's read-only move page (issue 24 §4): the group's managers (the server answers a move outside their restrictions "not found").
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/managerDashboard\/move\/?$/, rule: { kind: "group", roles: ["MANAGER"] } },
  { pattern: /^\/admin\/resetPassword\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/anonymizeUser\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/sso\/?$/, rule: staff("ADMIN") },
  // Policy configuration (part 2 §2). HR sees its own group's policies read-only; the API checks the group.
  { pattern: /^\/policy\/(search|list|details)\/?$/, rule: staff("ADMIN", "HR") },
  { pattern: /^\/policy\/(setup|details\/next|confirm)\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/policy\/(group-setup|spend-categories|service-attributes)\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/policy\/view\/?$/, rule: staff("ADMIN", "HR", "CRM") },
  // New-move wizard (part 1 §2) and the form builder with its preview (part 2 §2).
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/new-move\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/admin\/new-move\/?$/, rule: { kind: "group", roles: ["ADMIN"] } },
  { pattern: /^\/admin\/form-builder\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/admin\/(cost-estimates|mercer)\/?$/, rule: staff("ADMIN") },
  // A cost estimate version, opened from the estimate history in a new tab (part 1 §2).
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/cost-estimate-view\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  // The HR move page (the spec's employee file summary).
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/employeefile\/summaryView\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  // Employee files (issue 14): the HR employee files page and the employee's own files.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/employeefile\/files\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  { pattern: /^\/files\/?$/, rule: staff("EMPLOYEE") },
  // The employee's overview page: neighbourhoods, commute and property search (issue 14).
  { pattern: /^\/overview\/?$/, rule: staff("EMPLOYEE") },
  // The employee's expenses (issue 14).
  { pattern: /^\/expenses\/?$/, rule: staff("EMPLOYEE") },
  // Connections at the destination and the supplier quotes comparison (issue 14).
  { pattern: /^\/connections\/?$/, rule: staff("EMPLOYEE") },
  { pattern: /^\/comparison\/?$/, rule: staff("EMPLOYEE") },
  // The move hub: the employee's own; HR of the move's group and admins with ?moveId= (issue 14).
  { pattern: /^\/movehub\/?$/, rule: staff("EMPLOYEE", "HR", "ADMIN") },
  // The welcome popup as a full page (part 2 §2: phones are redirected here from the home; issue 14).
  { pattern: /^\/common\/welcomeCallPopup\/?$/, rule: staff("EMPLOYEE") },
  // Notifications, every signed-in user's own, and their e-mail settings; the CRM list of requested welcome calls (issue 24 §3).
  { pattern: /^\/notifications(\/settings)?\/?$/, rule: { kind: "signed-in" } },
  { pattern: /^\/crm\/welcome-calls\/?$/, rule: staff("CRM", "ADMIN") },
  // CRM reminders (issue 26; part 2 §2 "Reminders admin table"): CRM agents and admins.
  { pattern: /^\/crm\/reminders\/?$/, rule: staff("CRM", "ADMIN") },
  // The third-party dashboards viewer (issue 26): HR of the group, its managers (dashboard restriction ON; the page shows the server's refusal otherwise), admins.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/dashboards\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // Finance ad-hoc (issue 16): ad-hoc charge creation and a charge's page (CRM, finance, admins), external spend creation
  // (HR and managers of a group, finance, admins; the API checks the group, a manager's switch and the move), expenses management.
  { pattern: /^\/crm\/adhoc-charges\/(new|\d{1,9})\/?$/, rule: staff("CRM", "FINANCE", "ADMIN") },
  { pattern: /^\/finance\/external-spend\/new\/?$/, rule: staff("HR", "MANAGER", "FINANCE", "ADMIN") },
  { pattern: /^\/finance\/expenses\/?$/, rule: staff("FINANCE", "ADMIN") },
  // The report library (issue 26; part 2 §2 report download and preview, §6 "admin … must pick a group before reports"):
  // the admin's page (before the group pattern: "admin" would read as a group), a group's page and one report's page.
  { pattern: /^\/admin\/reports\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/reports(\/\d{1,10})?\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // The custom report builder, the reporting table and the fields-edit page (issue 26; part 2 §2): the group's HR and admins.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/reports\/builder(\/\d{1,10})?\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/reports\/(permissions|fields)\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  // Charts (issue 26; part 2 §2 "Charts live under /{company}/summary/chart/") and the user's own dashboard of saved charts.
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/summary\/chart\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/my-dashboard\/?$/, rule: { kind: "group", roles: ["HR", "MANAGER", "ADMIN"] } },
  // Reporting reminders (issue 26; part 2 §2 "Reporting reminders page"): the admin's page with the group dropdown (before the
  // group pattern), the group's page for its HR and admins; the public unsubscribe page of the reminder e-mails (§2).
  { pattern: /^\/admin\/reporting\/reminders\/?$/, rule: staff("ADMIN") },
  { pattern: /^\/[a-z0-9][a-z0-9-]*\/reporting\/reminders\/?$/, rule: { kind: "group", roles: ["HR", "ADMIN"] } },
  { pattern: /^\/unsubscribe\/reporting\/?$/, rule: { kind: "public" } },
];

export function findPage(pathname: string): PageRule | null {
  return pages.find((p) => p.pattern.test(pathname))?.rule ?? null;
}

/** The group URL name of a group page (`/acme/home` → `acme`). */
export function groupOfPath(pathname: string): string | null {
  return pathname.split("/")[1] || null;
}
