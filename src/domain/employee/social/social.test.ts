import { describe, expect, test } from "bun:test";
import { connectionsAt, mentionIn, plainText, ZSocialHandle } from "./social.ts";
import { nextLink } from "../../../services/employee/social/social-provider.ts";

describe("social matching (pure)", () => {
  test("plainText drops tags and decodes entities", () => {
    expect(plainText("<p>A &amp; B<br>C&#39;s &lt;x&gt; &#x263A;</p>")).toBe("A & B C's <x> ☺");
  });
  test("mentionIn: whole words, case and accents ignored, with context", () => {
    expect(mentionIn("Moving to BERLIN soon", ["Berlin"])).toBe("Moving to BERLIN soon");
    expect(mentionIn("Berliner Weiße", ["Berlin"])).toBeNull();
    expect(mentionIn("Living in Zurich", ["Zürich"])).toBe("Living in Zurich");
    expect(mentionIn("Living in Zürich", ["Zurich"])).not.toBeNull();
    expect(mentionIn("New York City, US", ["New York City", "United States"])).toBe("New York City, US");
    expect(mentionIn("x".repeat(100) + " Berlin " + "y".repeat(100), ["Berlin"])).toMatch(/^….{0,50}Berlin.{0,50}…$/);
    expect(mentionIn("anything", ["", " "])).toBeNull();
  });
  test("connectionsAt: first match in display name, bio, then fields; others left out", () => {
    const base = { avatar: null, url: null, fields: [] as { name: string; value: string }[] };
    const found = connectionsAt(
      [
        { ...base, displayName: "", acct: "a", note: "<p>In Germany</p>" },
        { ...base, displayName: "B", acct: "b", note: "", fields: [{ name: "Home", value: "Berlin" }] },
        { ...base, displayName: "C", acct: "c", note: "Paris" },
      ],
      ["Berlin", "Germany"],
    );
    expect(found).toEqual([
      { displayName: "a", acct: "a", avatar: null, url: null, matchedIn: "bio", matchedText: "In Germany" },
      { displayName: "B", acct: "b", avatar: null, url: null, matchedIn: "Home", matchedText: "Berlin" },
    ]);
  });
  test("handles: user or user@domain, leading @ dropped", () => {
    expect(ZSocialHandle.parse("@ann@mastodon.social")).toBe("ann@mastodon.social");
    expect(ZSocialHandle.parse("ann_1")).toBe("ann_1");
    for (const bad of ["", "a b", "ann@", "ann@x", "<script>", "a@b@c.de"]) expect(ZSocialHandle.safeParse(bad).success).toBe(false);
  });
  test("nextLink reads rel=next from a Link header", () => {
    expect(nextLink('<https://m.example/api/v1/accounts/1/following?max_id=7>; rel="next", <https://m.example/x?since_id=9>; rel="prev"')).toBe("https://m.example/api/v1/accounts/1/following?max_id=7");
    expect(nextLink('<https://m.example/x?since_id=9>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
