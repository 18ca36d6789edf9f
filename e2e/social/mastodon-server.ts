/**
 * A local server speaking the Mastodon REST API (GET /api/v1/accounts/lookup?acct=…, GET
 * /api/v1/accounts/{id}/following?limit=… with Link-header pagination), started by playwright.config.ts
 * for the connections page's browser test so the real provider adapter
 * (src/services/employee/social/social-provider.ts) is exercised without the internet. Pages hold 2 accounts, so
 * every list takes several pages.
 *
 * - grace@social.example (Grace, employee@globex.test, moving to Berlin, Germany): 5 follows, 3 mention Berlin or Germany.
 * - emma@social.example (Emma, employee@acme.test, moving to New York City, US): 4 follows, 2 mention New York City or the United States.
 */
const port = Number(process.env.MASTODON_PORT ?? 0);

type Account = { id: string; acct: string; display_name: string; note: string; fields: { name: string; value: string }[] };
const acc = (id: string, acct: string, display_name: string, note = "", fields: Account["fields"] = []): Account => ({ id, acct, display_name, note, fields });

const ACCOUNTS: Record<string, Account> = {
  "grace@social.example": acc("1", "grace@social.example", "Grace"),
  "emma@social.example": acc("2", "emma@social.example", "Emma"),
};
const FOLLOWING: Record<string, Account[]> = {
  "1": [
    acc("11", "lena@social.example", "Lena Vogel", "<p>Architect based in Berlin. Ask me about Kreuzberg.</p>"),
    acc("12", "tom@other.example", "Tom Baker", "<p>Coffee, cycling and code.</p>"),
    acc("13", "mika@social.example", "Mika", "<p>Designer</p>", [{ name: "Location", value: "Hamburg, Germany" }]),
    acc("14", "jo@social.example", "Jo in Berlin"),
    acc("15", "sam@social.example", "Sam", "<p>Berliner Weiße enthusiast, living in Lisbon.</p>"),
  ],
  "2": [
    acc("21", "ana@social.example", "Ana Ruiz", "<p>Moved to New York City last year &amp; loving it.</p>"),
    acc("22", "li@social.example", "Li Wei", "<p>Photographer in Toronto.</p>"),
    acc("23", "ben@social.example", "Ben", "", [{ name: "Home", value: "Austin, United States" }]),
    acc("24", "kim@social.example", "Kim", "<p>York, England</p>"),
  ],
};

function entity(a: Account, origin: string) {
  const username = a.acct.split("@")[0]!;
  return { id: a.id, username, acct: a.acct, display_name: a.display_name, note: a.note, url: `${origin}/@${username}`, avatar: `${origin}/avatars/${a.id}.png`, fields: a.fields.map((f) => ({ ...f, verified_at: null })), locked: false, bot: false };
}

Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/health") return new Response("ok");
    if (url.pathname === "/api/v1/accounts/lookup") {
      const a = ACCOUNTS[url.searchParams.get("acct") ?? ""];
      return a ? Response.json(entity(a, url.origin)) : Response.json({ error: "Record not found" }, { status: 404 });
    }
    const m = /^\/api\/v1\/accounts\/(\d+)\/following$/.exec(url.pathname);
    if (m) {
      const all = FOLLOWING[m[1]!] ?? [];
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const page = all.slice(offset, offset + 2);
      const headers = new Headers();
      if (offset + 2 < all.length) headers.set("link", `<${url.origin}${url.pathname}?limit=${url.searchParams.get("limit") ?? 40}&offset=${offset + 2}>; rel="next"`);
      return Response.json(page.map((a) => entity(a, url.origin)), { headers });
    }
    return Response.json({ error: "Not found" }, { status: 404 });
  },
});
