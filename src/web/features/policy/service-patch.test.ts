import { describe, expect, test } from "bun:test";
import type { TServicePatch } from "../../../domain/policy/schemas.ts";
import { mergeServicePatch } from "./service-patch.ts";

describe("mergeServicePatch", () => {
  test("the newer field wins and the other fields of both patches stay", () => {
    expect(mergeServicePatch({ title: "A", note: "n" }, { title: "B", amount: "100" })).toEqual({ title: "B", note: "n", amount: "100" });
  });

  test("budget fields typed one after another are all kept", () => {
    const patches: TServicePatch[] = [{ currency: "USD", amount: "5000" }, { minAmount: "1000" }, { maxAmount: "9000" }];
    const merged = patches.reduce(mergeServicePatch);
    expect(merged).toEqual({ currency: "USD", amount: "5000", minAmount: "1000", maxAmount: "9000" });
  });

  test("attributes combine; a later delete removes an earlier value and a later value undoes an earlier delete", () => {
    expect(mergeServicePatch({ attributes: { a: "1" } }, { attributes: { b: "2" } })).toEqual({ attributes: { a: "1", b: "2" } });
    expect(mergeServicePatch({ attributes: { a: "1", b: "2" } }, { propertiesToDelete: ["a"] })).toEqual({ attributes: { b: "2" }, propertiesToDelete: ["a"] });
    expect(mergeServicePatch({ propertiesToDelete: ["a"] }, { attributes: { a: "3" } })).toEqual({ attributes: { a: "3" } });
  });

  test("benefit sets combine by id, the later choice of a set replacing the earlier", () => {
    const merged = mergeServicePatch(
      { benefitGroups: [{ id: 1, value: null, options: [10] }, { id: 2, value: "3", options: [] }] },
      { benefitGroups: [{ id: 1, value: null, options: [10, 11] }] },
    );
    expect(merged.benefitGroups).toEqual([
      { id: 1, value: null, options: [10, 11] },
      { id: 2, value: "3", options: [] },
    ]);
  });
});
