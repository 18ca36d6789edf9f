import { describe, expect, test } from "bun:test";
import {
  buildCurrencyWidget,
  parseWidgetsPrefsCookie,
  resolveCurrencyPrefs,
  widgetsPrefsCookieValue,
  ZCurrencyList,
  ZCurrencyWidgetRequest,
  ZSetCurrencyRequest,
} from "./currency.ts";
import { rateTableFrom } from "../../../services/estimate/rates.ts";

const known = new Set(["USD", "EUR", "GBP", "JPY"]);

describe("schemas", () => {
  test("codes are trimmed and upper-cased; lists come as arrays or comma text, duplicates dropped", () => {
    expect(ZSetCurrencyRequest.parse({ currency: " eur " })).toEqual({ currency: "EUR" });
    expect(ZCurrencyList.parse("gbp,EUR,gbp")).toEqual(["GBP", "EUR"]);
    expect(ZCurrencyList.parse(["JPY"])).toEqual(["JPY"]);
    expect(ZCurrencyList.parse("")).toEqual([]);
    expect(ZCurrencyWidgetRequest.parse(undefined)).toEqual({});
    expect(ZCurrencyWidgetRequest.parse({ selectedCurrency: "" })).toEqual({});
  });

  test("bad codes and too long lists are refused with a clear text", () => {
    for (const currency of ["EU", "EURO", "E1R", "", "€€€"]) {
      const r = ZSetCurrencyRequest.safeParse({ currency });
      expect(r.success).toBe(false);
    }
    expect(ZSetCurrencyRequest.safeParse({ currency: "EURO" }).error?.issues[0]?.message).toBe("Choose a currency by its three-letter code.");
    const many = Array.from({ length: 13 }, (_, i) => `A${String.fromCharCode(65 + i)}A`).join(",");
    expect(ZCurrencyList.safeParse(many).error?.issues[0]?.message).toBe("Display at most 12 currencies.");
  });
});

describe("cookie", () => {
  test("round trip through the percent-encoded JSON value", () => {
    const value = widgetsPrefsCookieValue({ selectedCurrency: "EUR", displayedCurrencies: ["GBP", "JPY"] });
    expect(value).not.toMatch(/[;,\s"]/);
    expect(parseWidgetsPrefsCookie(decodeURIComponent(value))).toEqual({ selectedCurrency: "EUR", displayedCurrencies: ["GBP", "JPY"] });
  });

  test("anything unreadable counts as absent, field by field", () => {
    expect(parseWidgetsPrefsCookie(null)).toEqual({});
    expect(parseWidgetsPrefsCookie("not json")).toEqual({});
    expect(parseWidgetsPrefsCookie("[1,2]")).toEqual({});
    expect(parseWidgetsPrefsCookie(JSON.stringify({ selectedCurrency: "nope!", displayedCurrencies: "usd" }))).toEqual({ displayedCurrencies: ["USD"] });
    expect(parseWidgetsPrefsCookie("x".repeat(2000))).toEqual({});
  });
});

describe("resolveCurrencyPrefs", () => {
  test("each field from the first source that has it, else the defaults", () => {
    expect(resolveCurrencyPrefs([], known)).toEqual({ selectedCurrency: "USD", displayedCurrencies: ["EUR", "GBP", "USD"] });
    expect(resolveCurrencyPrefs([{ selectedCurrency: "JPY" }, { selectedCurrency: "EUR", displayedCurrencies: ["GBP"] }], known)).toEqual({
      selectedCurrency: "JPY",
      displayedCurrencies: ["GBP"],
    });
  });

  test("codes that lost their rate are skipped, not shown", () => {
    expect(resolveCurrencyPrefs([{ selectedCurrency: "CHF", displayedCurrencies: ["CHF", "EUR"] }, { selectedCurrency: "GBP" }], known)).toEqual({
      selectedCurrency: "GBP",
      displayedCurrencies: ["EUR"],
    });
  });
});

describe("buildCurrencyWidget", () => {
  test("rates from the user's currency, crossed through USD, rounded to 4 places", () => {
    const table = rateTableFrom(new Map([["EUR", "0.92"], ["GBP", "0.79"], ["JPY", "151.2"]]));
    const view = buildCurrencyWidget({ selectedCurrency: "EUR", displayedCurrencies: ["GBP", "JPY"] }, table.currencies, (c) => `name ${c}`, table.rateOf);
    expect(view.userCurrency).toEqual({ code: "EUR", name: "name EUR", rate: "1.0000" });
    // 0.79 / 0.92 = 0.858695… ; 151.2 / 0.92 = 164.347826…
    expect(view.displayedCurrencies).toEqual([
      { code: "GBP", name: "name GBP", rate: "0.8587" },
      { code: "JPY", name: "name JPY", rate: "164.3478" },
    ]);
    expect(view.availableCurrencies.map((c) => c.code)).toEqual(["EUR", "GBP", "JPY", "USD"]);
    expect(view.availableCurrencies.find((c) => c.code === "USD")?.rate).toBe("1.0870");
  });
});
