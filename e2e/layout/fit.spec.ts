import type { Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, expect, expectAccessible, test } from "../fixtures.ts";
import { estimateStage, nextFromOverrides, startMove, STA_POLICY } from "../estimate/estimate-helpers.ts";
import { clippedText, overflowing } from "./overflow.ts";

/**
 * Issue 13, item 16: every page fits its viewport. Each demo role visits every page it can open
 * (routes from src/web/router.tsx and src/web/features/<area>/routes.tsx, with real ids from the
 * demo data) at 1366×900 and at 390×844; nothing may be wider than the viewport: the document does
 * not scroll sideways and no visible element sticks out, unless it sits inside its own horizontal
 * scroll box (a table's overflow-x wrapper).
 */

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

type Ids = { policyId: number; versionId: number; employeeId: number; moveId: number; draft: { employeeId: number; moveId: number } };


/** A page to check: its path, and what to do once it has loaded (open the part worth measuring). */
type Visit = string | { path: string; then: (page: Page) => Promise<void> };

/** Opens a page and waits for its content: a level-1 heading and nothing still loading. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Pages (by path prefix) whose cards must show their titles and badges whole, and the cards' selector. */
const WHOLE_TEXT: ReadonlyArray<readonly [string, string]> = [["/admin/form-builder", '[data-testid^="field-"], [data-testid^="section-"]']];

/** Visits each path at both sizes and collects every page that does not fit. */
async function checkPages(page: Page, visits: Visit[], accessible: string[] = []): Promise<void> {
  const failures: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const entry of visits) {
      const path = typeof entry === "string" ? entry : entry.path;
      await visit(page, path);
      if (typeof entry !== "string") await entry.then(page);
      // The header's navigation keeps one line wherever it shows in the header.
      const nav = page.locator("header nav:visible > ul").first();
      if ((await nav.count()) > 0) {
        const box = await nav.boundingBox();
        if (box && box.height > 48) failures.push(`${viewport.width}px ${path}: the navigation takes ${Math.round(box.height)} px (more than one line)`);
      }
      const { scrollWidth, offenders } = await overflowing(page);
      if (scrollWidth > viewport.width + 1 || offenders.length > 0) {
        failures.push(`${viewport.width}px ${path}: scrollWidth ${scrollWidth}\n    ${offenders.join("\n    ")}`);
      }
      // Cards whose titles and badges must show whole (not only fit the page).
      for (const [prefix, root] of WHOLE_TEXT) {
        if (!path.startsWith(prefix)) continue;
        const clipped = await clippedText(page, root);
        if (clipped.length > 0) failures.push(`${viewport.width}px ${path}: text cut off\n    ${clipped.slice(0, 8).join("\n    ")}`);
      }
      if (accessible.includes(path)) await expectAccessible(page);
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
}

async function trpcQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.status(), procedure).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

type MoveRow = { moveId: number; employeeId: number; status: string; wizardStage: number; policyName: string; costEstimateId: number | null };

/** A released acme policy and its version, an open move and a draft resumable at stage 3. */
async function demoIds(page: Page): Promise<Ids> {
  const { policies } = await trpcQuery<{ policies: { id: number; name: string; releasedVersionId: number | null }[] }>(page, "policy.policies.search", { group: "acme" });
  const policy = policies.find((p) => p.name === "Global Long-Term Assignment" && p.releasedVersionId)!;
  // By status: other specs running alongside add moves that push the demo's off the first page.
  const open = (await trpcQuery<{ rows: MoveRow[] }>(page, "wizard.moves", { group: "acme", status: "open", sort: "updated", dir: "asc" })).rows[0]!;
  const drafts = await trpcQuery<{ rows: MoveRow[] }>(page, "wizard.moves", { group: "acme", status: "draft", sort: "updated", dir: "asc" });
  const draft = drafts.rows.find((m) => m.wizardStage === 3)!;
  return { policyId: policy.id, versionId: policy.releasedVersionId!, employeeId: open.employeeId, moveId: open.moveId, draft: { employeeId: draft.employeeId, moveId: draft.moveId } };
}

test.describe("every page fits 1366 and 390 px", () => {
  test("admin", async ({ page, loginAs }) => {
    test.setTimeout(150_000);
    await loginAs(demo.admin);
    const ids = await demoIds(page);
    // A move of its own with a computed estimate (the estimate table and the version page).
    await page.setViewportSize(VIEWPORTS[0]);
    const move = await startMove(page, STA_POLICY, { first: "Fiona", last: `Fit${Date.now() % 100000}` });
    const overrides = page.url().replace(/^https?:\/\/[^/]+/, "");
    await nextFromOverrides(page, 4);
    await estimateStage(page);
    const estimate = page.url().replace(/^https?:\/\/[^/]+/, "");
    const rows = await trpcQuery<{ rows: MoveRow[] }>(page, "wizard.moves", { group: "acme", q: move.name });
    const costEstimateId = rows.rows.find((m) => String(m.moveId) === move.moveId)?.costEstimateId;
    expect(costEstimateId).toBeTruthy();
    await checkPages(
      page,
      [
        "/admin",
        "/finance",
        "/crm",
        "/admin/outbox",
        "/admin/client-errors",
        "/admin/managers/list",
        "/admin/managers/list?groupName=acme",
        "/admin/tags/manage?group=acme",
        "/admin/hr-settings?group=acme",
        "/admin/resetPassword",
        "/admin/anonymizeUser",
        "/admin/sso",
        "/admin/sso?group=acme",
        "/policy/search",
        "/policy/search?group=acme",
        "/policy/list?group=acme",
        "/admin/terms-form",
        "/policy/setup?group=acme",
        `/policy/setup?policyId=${ids.policyId}&editDraft=false`,
        `/policy/details?policyId=${ids.policyId}&editDraft=false`,
        `/policy/details/next?policyId=${ids.policyId}&editDraft=false`,
        `/policy/confirm?policyId=${ids.policyId}&versionId=${ids.versionId}`,
        "/admin/policy/group-setup?group=acme",
        "/admin/policy/spend-categories",
        "/admin/policy/service-attributes",
        `/admin/policy/view?employeeId=${ids.employeeId}&moveId=${ids.moveId}`,
        "/admin/form-builder?group=acme",
        "/admin/terms-form?group=acme",
        "/admin/cost-estimates",
        "/admin/mercer",
        "/acme/home",
        "/acme/managerDashboard",
        "/acme/new-move?stage=1",
        "/acme/admin/new-move?stage=1",
        `/acme/new-move?stage=3&employeeId=${ids.draft.employeeId}&moveId=${ids.draft.moveId}`,
        overrides,
        // A second visit offers the existing estimate; its table is what must fit.
        {
          path: estimate,
          then: async (p) => {
            await p.getByRole("button", { name: "Use the existing estimate" }).click();
            await estimateStage(p);
          },
        },
        `/acme/cost-estimate-view?employeeId=${move.employeeId}&costEstimateId=${costEstimateId}`,
        "/no-such-page",
      ],
      ["/admin", "/admin/form-builder?group=acme", "/admin/managers/list?groupName=acme"],
    );
  });

  test("HR", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.acmeHr);
    const ids = await demoIds(page);
    await checkPages(
      page,
      [
        "/acme/home",
        "/acme/managerDashboard",
        "/acme/managerDashboard?numberOfRows=10&page=1&sort=assignmentEndDate&dir=desc",
        "/acme/new-move?stage=1",
        `/acme/new-move?stage=2&policy=${ids.versionId}`,
        `/acme/new-move?stage=3&employeeId=${ids.draft.employeeId}&moveId=${ids.draft.moveId}`,
        "/policy/search?group=acme",
        "/policy/list?group=acme",
        `/policy/details?policyId=${ids.policyId}&editDraft=false`,
        `/admin/policy/view?employeeId=${ids.employeeId}&moveId=${ids.moveId}`,
        `/acme/employeefile/summaryView?employeeId=${ids.employeeId}&moveId=${ids.moveId}`,
        `/acme/employeefile/summaryView?employeeId=${ids.draft.employeeId}&moveId=${ids.draft.moveId}`,
        `/acme/employeefile/files?employeeId=${ids.employeeId}`,
      ],
      ["/acme/home", "/acme/managerDashboard"],
    );
  });

  test("manager, employee, finance and CRM", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    for (const [email, paths] of [
      // manager@acme.test has no dashboard (its page shows the server's text); manager-geo has it.
      [demo.acmeManager, ["/acme/home", "/acme/managerDashboard"]],
      ["manager-geo@acme.test", ["/acme/managerDashboard", "/acme/dashboards"]],
      [demo.acmeEmployee, ["/", "/movehub", "/files", "/expenses", "/overview", "/common/welcomeCallPopup", "/connections", "/comparison"]],
      [demo.finance, ["/finance"]],
      [demo.crm, ["/crm", "/crm/reminders"]],
    ] as const) {
      // One context (and one sign-in) per account.
      const context = await browser.newContext({ baseURL, locale: "en-GB", timezoneId: "UTC" });
      const page = await context.newPage();
      const login = await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, headers: { Origin: baseURL ?? "" } });
      expect(login.status(), email).toBe(200);
      await checkPages(page, [...paths]);
      await context.close();
    }
  });

  test("signed out", async ({ page }) => {
    await checkPages(page, ["/login", "/user/account-recovery", "/user/set-new-password?token=nope", "/estimate-approval?token=nope"], ["/login"]);
  });
});

test.describe("the administrator's navigation", () => {
  test("groups open from the keyboard, mark the current page and close with Escape", async ({ page, loginAs }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await loginAs(demo.admin);
    await page.goto("/admin/mercer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const estimates = nav.getByRole("button", { name: "Estimates" });
    // The group of the page open is marked; its link says it is the current page once shown.
    await expect(estimates).toHaveAttribute("data-current", "true");
    await expect(nav.getByRole("button", { name: "Settings & tools" })).not.toHaveAttribute("data-current", "true");
    await estimates.focus();
    await page.keyboard.press("ArrowDown");
    await expect(estimates).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Cost estimates" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const current = nav.getByRole("link", { name: "City indices" });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(estimates).toHaveAttribute("aria-expanded", "false");
    await expect(estimates).toBeFocused();
    await expect(current).toBeHidden();

    // Enter opens a group, Tab walks its links, Enter follows one.
    const tools = nav.getByRole("button", { name: "Settings & tools" });
    await tools.focus();
    await page.keyboard.press("Enter");
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Managers" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Single sign-on" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/sso$/);
    await expect(tools).toHaveAttribute("aria-expanded", "false");
    await expect(tools).toHaveAttribute("data-current", "true");
    await expectAccessible(page);
  });
});
