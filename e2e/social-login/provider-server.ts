/**
 * The OpenID Connect provider of the social sign-in browser test (e2e/social-login/), started by
 * playwright.config.ts before the server, which names it in SOCIAL_PROVIDERS ("Test ID", serving acme).
 * It is src/test/oidc-provider.ts, the provider of the SSO tests, on a fixed port: its sign-in page
 * asks for an e-mail address and vouches for it as verified.
 */
import { startTestProvider } from "../../src/test/oidc-provider.ts";

const port = Number(process.env.SOCIAL_IDP_PORT ?? 0);
const redirectUri = process.env.SOCIAL_IDP_REDIRECT ?? "";
const idp = await startTestProvider({ port, redirectUris: [redirectUri], clientId: "meridian-social-e2e", clientSecret: "meridian-social-e2e-secret" });
console.log(`social login test provider at ${idp.issuer}`);
