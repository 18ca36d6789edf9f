import type { Page } from "@playwright/test";
import { expect } from "../fixtures.ts";

/** A unique e-mail address per test and run (each test creates its own employee). */
export const uniqueEmail = (prefix: string, domain = "globex.test") => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${domain}`;

/** The labels of the default initiation form's core fields (src/db/seed-wizard.ts). */
export const L = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail address",
  origin: "Origin",
  destination: "Destination",
  moveDate: "Move date",
  start: "Assignment start date",
  end: "Assignment end date",
} as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A stage-2 control by its label (the label may end with the required marker "*"). */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}\\*?$`));

/** The wizard's breadcrumb. */
export const steps = (page: Page) => page.getByRole("navigation", { name: "New move steps" });

/** Chooses a policy on stage 1 and goes on to stage 2. */
export async function choosePolicy(page: Page, name: string): Promise<void> {
  await page.getByRole("radio", { name: new RegExp(`^${escape(name)}`) }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/stage=2/);
  await expect(page.getByRole("heading", { name: "Employee and move details" })).toBeVisible();
}

/** Picks a country and a listed city for a country-state-city field. */
export async function pickPlace(page: Page, label: string, place: { country: string; state?: string; city: string }): Promise<void> {
  await page.getByLabel(`${label}: country`).selectOption({ label: place.country });
  if (place.state) await page.getByLabel(`${label}: state`).selectOption({ label: place.state });
  await page.getByLabel(`${label}: city`).fill(place.city);
  const results = page.getByRole("list", { name: `Cities matching “${place.city}”` });
  await results.getByRole("button", { name: new RegExp(`^${place.city}(,|$)`) }).first().click();
  await expect(page.getByText(`Selected: ${place.city}`)).toBeVisible();
}

export type Stage2Values = {
  firstName: string;
  lastName: string;
  email: string;
  origin?: { country: string; state?: string; city: string };
  destination?: { country: string; state?: string; city: string };
};

/** Fills the stage-2 core fields the default form requires. */
export async function fillStage2(page: Page, v: Stage2Values): Promise<void> {
  await field(page, L.firstName).fill(v.firstName);
  await field(page, L.lastName).fill(v.lastName);
  await field(page, L.email).fill(v.email);
  await pickPlace(page, L.origin, v.origin ?? { country: "United Kingdom", city: "London" });
  await pickPlace(page, L.destination, v.destination ?? { country: "Germany", city: "Berlin" });
}

/** Fills what an assignment policy (Global Long-Term Assignment) adds on stage 2: the host entity when the form has one, and the assignment dates. */
export async function fillAssignment(page: Page): Promise<void> {
  const hostEntity = field(page, "Host entity");
  if ((await hostEntity.count()) > 0) await hostEntity.selectOption({ index: 1 });
  await field(page, L.start).fill("2027-01-04");
  await field(page, L.end).fill("2029-01-04");
}
