import type { Page } from "@playwright/test";
import { NON_PAYABLE_CURRENCY_CODES } from "../../src/domain/money/currencies.ts";
import { demo, DEMO_PASSWORD, expect, test } from "../fixtures.ts";
import { domainCodes } from "./internal-codes.ts";

/**
 * Issue 24 §6 "no internal codes on any screen": each demo role walks the pages it can open (the
 * routes of src/web/router.tsx and src/web/features/<area>/routes.tsx, parameterised ones with demo
 * ids) at 1366 and 390 px, and no visible text (nor a picker's option) may carry a code of the domain's
 * enums (collected from src/domain by ./internal-codes.ts), a numbered placeholder name ("Budget
 * group 1", "Move 12"), a raw IANA zone ("Europe/Berlin"), a group's slug ("acme") or a
 * non-currency code in a currency picker (XAU, XTS, XXX …). Text people typed into inputs is not
 * page text (inputs and text areas are skipped); e-mail addresses and URLs are removed first.
 */

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

type Ids = { policyId: number; versionId: number; employeeId: number; moveId: number };

async function trpcQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.status(), procedure).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function demoIds(page: Page): Promise<Ids> {
  const { policies } = await trpcQuery<{ policies: { id: number; name: string; releasedVersionId: number | null }[] }>(page, "policy.policies.search", { group: "acme" });
  const policy = policies.find((p) => p.releasedVersionId)!;
  const moves = await trpcQuery<{ rows: { moveId: number; employeeId: number; status: string }[] }>(page, "wizard.moves", { group: "acme" });
  const open = moves.rows.find((m) => m.status === "open")!;
  return { policyId: policy.id, versionId: policy.releasedVersionId!, employeeId: open.employeeId, moveId: open.moveId };
}

/** The page's visible text runs and its visible pickers' options (not inputs, text areas or editable text). */
async function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const skip = (el: Element | null) => !!el?.closest("script, style, noscript, textarea, input, [contenteditable=''], [contenteditable='true'], template");
    // Each element's own text (its text nodes joined: JSX splits "/{group}/home" into three nodes).
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (skip(el) || el.closest("option, select")) continue;
      const text = Array.from(el.childNodes)
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? "")
        .join("")
        .trim();
      if (!text || !el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    for (const select of Array.from(document.querySelectorAll("select"))) {
      if (!select.checkVisibility()) continue;
      for (const option of Array.from(select.options)) out.push(`option: ${option.text.trim()}`);
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]"))) {
      if (!(el as HTMLElement).checkVisibility?.()) continue;
      for (const attr of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

const EMAIL_OR_URL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/\S+|(?:^|\s)\/[\w\-/?=&.%]+/g;
const IANA_ZONE = /\b(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Z][A-Za-z_-]+/;
const PLACEHOLDER_NAME = /\b(?:[Bb]udget group \d+|Move \d+)\b/;
const SLUG = /(?<![\w@.-])(?:acme|globex)(?![\w@.-])/;

function codeFinder(codes: Iterable<string>): RegExp {
  const alternatives = [...codes].sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join("|")})(?![A-Za-z0-9_])`);
}

/**
 * The first code in `text`, or null. A one-word code inside a phrase written all in capitals (the
 * spec's "REMOVED FROM POLICY" heading) is a word of that phrase, not a code.
 */
function codeIn(text: string, codeRe: RegExp): string | null {
  const all = new RegExp(codeRe.source, "g");
  for (const m of text.matchAll(all)) {
    const word = m[0];
    if (!word.includes("_") && /^[A-Z0-9]+$/.test(word)) {
      const before = text.slice(0, m.index).match(/([A-Z]{2,})\s+$/);
      const after = text.slice(m.index + word.length).match(/^\s+([A-Z]{2,})\b/);
      if (before || after) continue;
    }
    return word;
  }
  return null;
}

/** What on the current page reads as an internal code, one line per finding. */
function findingsIn(texts: string[], codeRe: RegExp): string[] {
  const found = new Set<string>();
  for (const raw of texts) {
    const isOption = raw.startsWith("option: ");
    const text = (isOption ? raw.slice(8) : raw).replace(EMAIL_OR_URL, " ");
    const code = codeIn(text, codeRe);
    if (code) found.add(`code ${code} in "${text.slice(0, 100)}"`);
    const zone = IANA_ZONE.exec(text);
    if (zone) found.add(`time zone ${zone[0]} in "${text.slice(0, 100)}"`);
    const placeholder = PLACEHOLDER_NAME.exec(text);
    if (placeholder) found.add(`placeholder name "${placeholder[0]}" in "${text.slice(0, 100)}"`);
    const slug = SLUG.exec(text);
    if (slug) found.add(`group slug "${slug[0]}" in "${text.slice(0, 100)}"`);
    if (isOption) {
      const first = /^[A-Z]{3}\b/.exec(text)?.[0];
      if (first && NON_PAYABLE_CURRENCY_CODES.has(first)) found.add(`non-currency ${first} offered in a picker`);
    }
  }
  return [...found];
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

async function walk(page: Page, paths: string[]): Promise<void> {
  const codeRe = codeFinder(domainCodes().keys());
  const failures: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await visit(page, path);
      const findings = findingsIn(await screenTexts(page), codeRe);
      if (findings.length > 0) failures.push(`${viewport.width}px ${path}\n    ${findings.slice(0, 12).join("\n    ")}`);
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
}

test.describe("no internal codes on any screen (1366 and 390 px)", () => {
  test("the code list comes from the domain's enums", async () => {
    test.setTimeout(180_000);
    const codes = domainCodes();
    for (const code of ["FLATSEARCH", "REMOVALS", "VendorBooking", "CashLumpSumBill", "SUBMITTED_WITHOUT_RECEIPT"]) expect(codes.has(code), code).toBe(true);
    expect(findingsIn(["Budget group 1", "Move 12", "Europe/Berlin", "hr@acme.test", "option: XAU — Gold", "Status: PaymentPending"], codeFinder(codes.keys()))).toHaveLength(5);
    expect(findingsIn(["Berlin (UTC+01:00)", "Flat search", "option: USD — US Dollar", "Submitted without receipt", "REMOVED FROM POLICY"], codeFinder(codes.keys()))).toEqual([]);
    expect(findingsIn(["Scope: POLICY", "SUBMITTED_WITHOUT_RECEIPT AND MORE"], codeFinder(codes.keys()))).toHaveLength(2);
  });

  test("employee", async ({ page, loginAs }) => {
    test.setTimeout(240_000);
    await loginAs(demo.acmeEmployee);
    await walk(page, ["/", "/movehub", "/files", "/expenses", "/overview", "/connections", "/comparison", "/common/welcomeCallPopup"]);
  });

  test("HR", async ({ page, loginAs }) => {
    test.setTimeout(300_000);
    await loginAs(demo.acmeHr);
    const ids = await demoIds(page);
    await walk(page, [
      "/acme/home",
      "/acme/managerDashboard",
      "/acme/new-move?stage=1",
      `/acme/new-move?stage=2&policy=${ids.versionId}`,
      "/policy/search?group=acme",
      "/policy/list?group=acme",
      `/policy/details?policyId=${ids.policyId}&editDraft=false`,
      `/admin/policy/view?employeeId=${ids.employeeId}&moveId=${ids.moveId}`,
      `/acme/employeefile/summaryView?employeeId=${ids.employeeId}&moveId=${ids.moveId}`,
      `/acme/employeefile/files?employeeId=${ids.employeeId}`,
    ]);
  });

  test("finance, CRM and manager", async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    for (const [email, paths] of [
      [demo.finance, ["/finance", "/finance/accounts", "/finance/bank-accounts", "/finance/lock-periods", "/finance/expenses", "/finance/bill-approval", "/finance/bill-management", "/finance/external-spend/new"]],
      [demo.crm, ["/crm"]],
      ["manager-geo@acme.test", ["/acme/home", "/acme/managerDashboard"]],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale: "en-GB", timezoneId: "UTC" });
      const page = await context.newPage();
      const login = await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, headers: { Origin: baseURL ?? "" } });
      expect(login.status(), email).toBe(200);
      await walk(page, [...paths]);
      await context.close();
    }
  });

  test("admin", async ({ page, loginAs }) => {
    test.setTimeout(300_000);
    await loginAs(demo.admin);
    const ids = await demoIds(page);
    await walk(page, [
      "/admin",
      "/admin/managers/list?groupName=acme",
      "/admin/hr-settings?group=acme",
      "/policy/search?group=acme",
      `/policy/setup?policyId=${ids.policyId}&editDraft=false`,
      `/policy/details?policyId=${ids.policyId}&editDraft=false`,
      `/policy/confirm?policyId=${ids.policyId}&versionId=${ids.versionId}`,
      "/admin/policy/group-setup?group=acme",
      "/admin/policy/spend-categories",
      "/admin/cost-estimates",
    ]);
  });
});
