/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for SSO tests, usable from bun:test
 * and from Playwright (Node). Its one interaction page asks for an e-mail address ("login");
 * signing in there grants `openid email` at once, so the flow needs no consent step.
 *
 *   const idp = await startTestProvider({ redirectUris: ["http://localhost/sso/callback"] });
 *   idp.issuer  // http://127.0.0.1:<port>
 *   idp.accounts.set("x@initech.test", { email: "other@initech.test", email_verified: false });
 *   await idp.close();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Provider } from "oidc-provider";

export type TestProviderOptions = {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** 0 (default) picks a free port. */
  port?: number;
};

export type TestAccountClaims = { email?: string | null; email_verified?: boolean };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claim overrides per login; by default a login's e-mail is the login itself, verified. */
  accounts: Map<string, TestAccountClaims>;
  /** How many times the discovery document was fetched. */
  discoveryRequests: () => number;
  close: () => Promise<void>;
};

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}

const html = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(uid: string, hint: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${html(uid)}/login">
<label for="idp-login">Company e-mail</label> <input id="idp-login" name="login" type="email" value="${html(hint)}" required>
<label for="idp-password">Company password</label> <input id="idp-password" name="password" type="password">
<button type="submit">Sign in with the test provider</button>
</form></main></body></html>`;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? "meridian-test";
  const clientSecret = options.clientSecret ?? "meridian-test-secret";
  const accounts = new Map<string, TestAccountClaims>();
  let discoveries = 0;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const o = accounts.get(sub) ?? {};
          const email = o.email === undefined ? sub : o.email;
          return { sub, ...(email === null ? {} : { email }), email_verified: o.email_verified ?? true };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ["meridian-test-provider-cookie-key"] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  provider.on("server_error", (_ctx, error) => console.error("[test-idp] server_error", error));
  const handle = provider.callback();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") discoveries++;
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === "GET" && !match[2]) {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
          res.end(loginPage(details.uid, String(details.params["login_hint"] ?? "")));
          return;
        }
        if (req.method === "POST" && match[2]) {
          const body = await readBody(req);
          const accountId = (body.get("login") ?? "").trim().toLowerCase();
          const grant = new provider.Grant({ accountId, clientId: String(details.params["client_id"]) });
          grant.addOIDCScope("openid email");
          const grantId = await grant.save();
          await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
          return;
        }
        res.writeHead(405).end();
      } catch (error) {
        res.writeHead(400, { "Content-Type": "text/plain" });
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    discoveryRequests: () => discoveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * A tiny browser at the test provider: follows its redirects from an authorization URL, signs in as
 * `login` on its interaction page, and answers the URL it sends the browser back to (the callback).
 */
export async function signInAtTestProvider(idp: Pick<TestProvider, "issuer">, authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const store = (res: Response) => {
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  let next = new URL(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    if (next.origin !== idp.issuer) return next;
    let res: Response;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await fetch(next, { headers: { Cookie: cookieHeader() }, redirect: "manual" });
      store(page);
      const action = /action="([^"]+)"/.exec(await page.text())?.[1];
      if (!action) throw new Error(`no sign-in form at ${next.href} (${page.status})`);
      res = await fetch(new URL(action, idp.issuer), {
        method: "POST",
        headers: { Cookie: cookieHeader(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login, password: "anything" }),
        redirect: "manual",
      });
    } else {
      res = await fetch(next, { headers: { Cookie: cookieHeader() }, redirect: "manual" });
    }
    store(res);
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error("too many redirects at the provider");
}
