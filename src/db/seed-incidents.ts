/**
 * Demo incidents (issue 15): a few on demo moves of acme and globex, so the move page's Incidents card and the
 * managers admin's "Open incidents: N (M escalated)" have something to show. acme: an escalated exception on
 * Mei Tanaka's move, an open service issue on Priya Raman's, a closed escalation on Lukas Becker's; globex: an
 * open service issue on the demo employee's move. Written as HR would raise them; only for a group without
 * incidents (idempotent). Runs after the wizard demo (it needs its moves); a missing move is skipped.
 */
import type { DB } from "./index.ts";
import type { IncidentTable } from "./schema.ts";

type DemoIncident = {
  employee: string;
  raisedBy: string;
  kind: IncidentTable["kind"];
  title: string;
  description: string;
  state: "OPEN" | "ESCALATED" | "CLOSED";
  daysAgo: number;
};

export const DEMO_INCIDENTS: Record<string, DemoIncident[]> = {
  acme: [
    { employee: "mei.tanaka@acme.test", raisedBy: "hr@acme.test", kind: "EXCEPTION", title: "Housing allowance above the policy cap", description: "The London lease is 12% above the long-term assignment cap; the business unit asks for an exception.", state: "ESCALATED", daysAgo: 9 },
    { employee: "priya.raman@acme.test", raisedBy: "hr@acme.test", kind: "SERVICE_ISSUE", title: "Visa appointment not yet booked", description: "The immigration supplier has not confirmed the Singapore appointment after two reminders.", state: "OPEN", daysAgo: 4 },
    { employee: "lukas.becker@acme.test", raisedBy: "hr@acme.test", kind: "ESCALATION", title: "Shipment delayed at customs", description: "The Paris shipment was held for missing paperwork; resolved with the mover.", state: "CLOSED", daysAgo: 40 },
  ],
  globex: [
    { employee: "employee@globex.test", raisedBy: "hr@globex.test", kind: "SERVICE_ISSUE", title: "Temporary flat not ready on arrival", description: "The serviced apartment in Berlin was not cleaned on the arrival day.", state: "OPEN", daysAgo: 2 },
  ],
};

export async function seedIncidentsDemo(db: DB, now = new Date()): Promise<number> {
  let written = 0;
  for (const [groupName, incidents] of Object.entries(DEMO_INCIDENTS)) {
    const group = await db.selectFrom("groups").select("id").where("name", "=", groupName).executeTakeFirst();
    if (!group) continue;
    const has = await db.selectFrom("incidents").select("id").where("group_id", "=", group.id).executeTakeFirst();
    if (has) continue;
    for (const d of incidents) {
      const move = await db
        .selectFrom("moves as m")
        .innerJoin("users as u", "u.id", "m.employee_user_id")
        .select(["m.id", "m.employee_user_id"])
        .where("u.email", "=", d.employee)
        .where("m.group_id", "=", group.id)
        .where("m.status", "not in", ["draft", "cancelled"])
        .orderBy("m.id", "desc")
        .executeTakeFirst();
      if (!move) continue;
      const raiser = await db.selectFrom("users").select("id").where("email", "=", d.raisedBy).executeTakeFirst();
      const created = new Date(now.getTime() - d.daysAgo * 86_400_000).toISOString();
      const later = new Date(now.getTime() - Math.max(0, d.daysAgo - 1) * 86_400_000).toISOString();
      await db
        .insertInto("incidents")
        .values({
          group_id: group.id,
          move_id: move.id,
          employee_user_id: move.employee_user_id,
          kind: d.kind,
          title: d.title,
          description: d.description,
          status: d.state === "CLOSED" ? "CLOSED" : "OPEN",
          escalated: d.state === "ESCALATED" ? 1 : 0,
          escalated_at: d.state === "ESCALATED" ? later : null,
          closed_at: d.state === "CLOSED" ? later : null,
          raised_by_user_id: raiser?.id ?? null,
          created_at: created,
          updated_at: d.state === "OPEN" ? created : later,
          version: d.state === "OPEN" ? 1 : 2,
        })
        .execute();
      written++;
    }
  }
  return written;
}
