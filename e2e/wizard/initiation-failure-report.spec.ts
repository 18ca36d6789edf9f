import { demo, expect, test } from "../fixtures.ts";
import { choosePolicy, fillStage2, uniqueEmail } from "./wizard-helpers.ts";

/**
 * Part 1 §8 (issue 23 item 19): "Initiation failure: … A server errorMessage or message is shown followed
 * by the contact text. Failures are also reported to an error-reporting service." A stage-2 save the
 * server answers with a failure message is shown to HR AND reaches /admin/client-errors.
 */
test.describe("handled initiation failures are reported", () => {
  test("a stage-2 save failure shows the server's text with the contact sentence and appears on /admin/client-errors", async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(90_000);
    const serverText = `E2E initiation refused ${Date.now()}-${Math.floor(Math.random() * 1e6)}.`;
    await loginAs(demo.acmeHr);
    // The server answers the save as failed with its own message (the answer is the real one, marked failed).
    await page.route("**/trpc/wizard.createNewEmployee**", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of Array.isArray(body) ? body : [body]) {
        if (item?.result?.data) Object.assign(item.result.data, { success: false, message: serverText, errors: {}, geo: null });
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    await fillStage2(page, { firstName: "Fay", lastName: "Failure", email: uniqueEmail("fay", "acme.test") });
    const reported = page.waitForResponse((r) => r.url().includes("/trpc/errors.report") && r.request().postData()?.includes(serverText) === true);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`${serverText} Please contact customer support and our technical team will investigate.`)).toBeVisible();
    expect((await reported).status()).toBe(200);

    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    const login = await adminPage.request.post("/login", { form: { email: demo.admin, password: "Demo#2026pass" }, headers: { Origin: baseURL ?? "" } });
    expect(login.status()).toBe(200);
    await adminPage.goto("/admin/client-errors");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Client errors" })).toBeVisible();
    await adminPage.getByLabel("Search errors").fill(serverText);
    const card = adminPage.getByTestId("client-error");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`HandledFailure: New move stage 2 (createNewEmployee): ${serverText}`);
    await expect(card).toContainText("/acme/new-move");
    await expect(card).toContainText("hr@acme.test (acme)");
    await admin.close();
  });
});
