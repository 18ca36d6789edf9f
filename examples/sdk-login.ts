/**
 * Signs in with the typed SDK and prints the signed-in user (`auth.me`).
 *
 *   MERIDIAN_URL=http://localhost:3000 MERIDIAN_EMAIL=hr@acme.test MERIDIAN_PASSWORD=… \
 *     npx bun run examples/sdk-login.ts
 */
import { createMeridianClient, signIn } from "../src/sdk/index.ts";

const baseUrl = process.env.MERIDIAN_URL ?? "http://localhost:3000";
const email = process.env.MERIDIAN_EMAIL ?? "hr@acme.test";
const password = process.env.MERIDIAN_PASSWORD ?? "Demo#2026pass";

try {
  const cookie = await signIn(baseUrl, email, password);
  const meridian = createMeridianClient(baseUrl, { cookie });
  const me = await meridian.auth.me.query();
  console.log(JSON.stringify(me, null, 2));
} catch (error) {
  console.error(`sign-in as ${email} at ${baseUrl} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
