import { describe, expect, test } from "bun:test";
import { POPUP_DEFAULTS, renderPopupText, stripHtml, validatePopupText, withPopupDefaults } from "./popup.ts";

describe("stripHtml", () => {
  test("removes tags, scripts and styles, decodes entities", () => {
    expect(stripHtml("<p>Hello <b>world</b></p>")).toBe("Hello world");
    expect(stripHtml('a<script type="x">alert(1)</script>b<style>p{}</style>c')).toBe("abc");
    expect(stripHtml("Tom &amp; Jerry&nbsp;&quot;x&quot; &#39;y&#x27;")).toBe(`Tom & Jerry "x" 'y'`);
    expect(stripHtml('<img src=x onerror="alert(1)">ok')).toBe("ok");
    expect(stripHtml("<scr<script>ipt>alert(1)</script>")).toBe("<scr");
  });

  test("tags spelled as entities are dropped too; plain comparisons stay", () => {
    expect(stripHtml("&lt;b&gt;bold&lt;/b&gt;")).toBe("bold");
    expect(stripHtml("a < b and c > d")).toBe("a < b and c > d");
    expect(stripHtml("&unknown; &#0;")).toBe("&unknown; &#0;");
  });
});

describe("validatePopupText", () => {
  test("allowed variables pass, HTML stripped", () => {
    expect(validatePopupText("Header", "<b>Welcome to {cityName}</b>, from {companyName}: {budget} {blurb}")).toEqual({
      ok: true,
      text: "Welcome to {cityName}, from {companyName}: {budget} {blurb}",
    });
    expect(validatePopupText("Header", "")).toEqual({ ok: true, text: "" });
  });

  test("an unknown variable names the field and the variable", () => {
    expect(validatePopupText("Paragraph top", "Hello {firstName}")).toEqual({ ok: false, message: "Invalid variable for Paragraph top: {firstName}" });
    expect(validatePopupText("Blurb", "{cityname}")).toEqual({ ok: false, message: "Invalid variable for Blurb: {cityname}" });
    expect(validatePopupText("Blurb", "{}")).toEqual({ ok: false, message: "Invalid variable for Blurb: {}" });
    expect(validatePopupText("Blurb", "<i>{constructor}</i>")).toEqual({ ok: false, message: "Invalid variable for Blurb: {constructor}" });
  });

  test("{benefit} only at the very end (trailing whitespace ignored)", () => {
    expect(validatePopupText("Description", "Your allowance: {benefit}")).toEqual({ ok: true, text: "Your allowance: {benefit}" });
    expect(validatePopupText("Description", "Your allowance: {benefit}  \n")).toEqual({ ok: true, text: "Your allowance: {benefit}  \n" });
    expect(validatePopupText("Description", "Your allowance: <b>{benefit}</b>")).toEqual({ ok: true, text: "Your allowance: {benefit}" });
    expect(validatePopupText("Description", "{benefit} is yours")).toEqual({ ok: false, message: "{benefit} must be last in a description." });
    expect(validatePopupText("Description", "{benefit} and {benefit}")).toEqual({ ok: false, message: "{benefit} must be last in a description." });
    expect(validatePopupText("Description", "{benefit}.")).toEqual({ ok: false, message: "{benefit} must be last in a description." });
  });
});

describe("popup defaults", () => {
  test("empty texts fall back to the defaults, others pass through", () => {
    expect(withPopupDefaults({ header: "", blurb: null, paragraphTop: "  ", paragraphBottom: "Bye", moveStage: 2 })).toEqual({
      header: POPUP_DEFAULTS.header,
      blurb: POPUP_DEFAULTS.blurb,
      paragraphTop: POPUP_DEFAULTS.paragraphTop,
      paragraphBottom: "Bye",
      moveStage: 2,
    });
    expect(withPopupDefaults({})).toEqual({ ...POPUP_DEFAULTS });
  });

  test("the defaults themselves pass the popup rules", () => {
    for (const [field, text] of Object.entries(POPUP_DEFAULTS)) expect(validatePopupText(field, text)).toEqual({ ok: true, text });
  });
});

describe("renderPopupText", () => {
  test("fills the allowed placeholders; missing values render empty; other braces stay", () => {
    expect(renderPopupText("Move to {cityName} with {companyName}: {budget}. {benefit}", { cityName: "Paris", companyName: "Acme", budget: "USD 5,000.00", benefit: "60 nights" })).toBe(
      "Move to Paris with Acme: USD 5,000.00. 60 nights",
    );
    expect(renderPopupText("{blurb}|{cityName}|{other}", { blurb: "B" })).toBe("B||{other}");
    expect(renderPopupText("{cityName}", { cityName: "$& {companyName}" })).toBe("$& {companyName}");
  });
});
