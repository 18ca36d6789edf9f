import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, field, L, uniqueEmail } from "./wizard-helpers.ts";

/**
 * Part 1 §4 "A new employee can be saved as a draft (returns to the root page)", for every role that may
 * start a move (issue 23 item 22): saving goes to `/`, which opens each role's own root: HR's group home,
 * an admin's /admin, each with the notice.
 */
for (const [who, root, notice] of [
  [demo.acmeHr, /\/acme\/home$/, "moves-notice"],
  [demo.admin, /\/admin$/, "wizard-notice"],
] as const) {
  test(`a draft saved by ${who} returns to the root page (${root.source})`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await loginAs(who);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    await field(page, L.firstName).fill("Rita");
    await field(page, L.lastName).fill("Root");
    await field(page, L.email).fill(uniqueEmail("root", "acme.test"));
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(root);
    await expect(page.getByTestId(notice)).toContainText("The move has been saved as a draft.");
    await expectAccessible(page);
  });
}
