import { describe, expect, test } from "bun:test";
import { createSaveQueue } from "./save-queue.ts";

/** A send function whose calls the test answers one by one. */
function manualSend<T>() {
  const calls: { value: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const send = (value: T) =>
    new Promise<void>((resolve, reject) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      calls.push({
        value,
        resolve: () => {
          active -= 1;
          resolve();
        },
        reject: (e) => {
          active -= 1;
          reject(e);
        },
      });
    });
  return { send, calls, maxActive: () => maxActive };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("save queue", () => {
  test("one save in flight at a time, sent in order, the latest value last", async () => {
    const s = manualSend<string>();
    const q = createSaveQueue({ send: s.send });
    const first = q.save("1");
    expect(q.getState()).toMatchObject({ status: "saving", settled: false });
    void q.save("12");
    void q.save("123");
    expect(s.calls.map((c) => c.value)).toEqual(["1"]);
    s.calls[0]!.resolve();
    await first;
    await tick();
    // The two waiting values were coalesced: only the latest is sent.
    expect(s.calls.map((c) => c.value)).toEqual(["1", "123"]);
    expect(q.getState().status).toBe("saving");
    s.calls[1]!.resolve();
    await tick();
    expect(q.getState()).toMatchObject({ status: "saved", settled: true });
    expect(s.maxActive()).toBe(1);
  });

  test("coalesces patches with merge, so no field of a waiting patch is lost", async () => {
    const s = manualSend<Record<string, string>>();
    const q = createSaveQueue({ send: s.send, merge: (a, b) => ({ ...a, ...b }) });
    void q.save({ amount: "100" });
    const min = q.save({ minAmount: "50" });
    const max = q.save({ maxAmount: "200" });
    s.calls[0]!.resolve();
    await tick();
    expect(s.calls[1]!.value).toEqual({ minAmount: "50", maxAmount: "200" });
    s.calls[1]!.resolve();
    await Promise.all([min, max]);
    expect(q.getState().status).toBe("saved");
  });

  test("a failure stops the queue and keeps the value; retry sends it", async () => {
    const s = manualSend<string>();
    const q = createSaveQueue({ send: s.send });
    const saved = q.save("a");
    s.calls[0]!.reject(new Error("boom"));
    await expect(saved).rejects.toThrow("boom");
    expect(q.getState()).toMatchObject({ status: "error", settled: false });
    expect((q.getState().error as Error).message).toBe("boom");
    await tick();
    expect(s.calls).toHaveLength(1);
    q.retry();
    expect(s.calls.map((c) => c.value)).toEqual(["a", "a"]);
    s.calls[1]!.resolve();
    await tick();
    expect(q.getState()).toMatchObject({ status: "saved", error: null, settled: true });
  });

  test("a value typed while a failing save is in flight is never lost: it waits for the retry and wins", async () => {
    const s = manualSend<Record<string, string>>();
    const q = createSaveQueue({ send: s.send, merge: (a, b) => ({ ...a, ...b }) });
    void q.save({ amount: "1" }).catch(() => undefined);
    const later = q.save({ amount: "2", minAmount: "1" });
    s.calls[0]!.reject(new Error("offline"));
    await tick();
    expect(q.getState().status).toBe("error");
    expect(s.calls).toHaveLength(1);
    q.retry();
    expect(s.calls[1]!.value).toEqual({ amount: "2", minAmount: "1" });
    s.calls[1]!.resolve();
    await later;
    expect(q.getState().status).toBe("saved");
  });

  test("a new edit after a failure sends the failed value merged under it", async () => {
    const s = manualSend<Record<string, string>>();
    const q = createSaveQueue({ send: s.send, merge: (a, b) => ({ ...a, ...b }) });
    void q.save({ title: "x", note: "n" }).catch(() => undefined);
    s.calls[0]!.reject(new Error("500"));
    await tick();
    void q.save({ title: "y" });
    expect(s.calls[1]!.value).toEqual({ title: "y", note: "n" });
  });

  test("discard forgets the failed value", async () => {
    const s = manualSend<string>();
    const q = createSaveQueue({ send: s.send });
    void q.save("a").catch(() => undefined);
    s.calls[0]!.reject(new Error("refused"));
    await tick();
    q.discard();
    expect(q.getState()).toMatchObject({ status: "idle", settled: true });
    q.retry();
    expect(s.calls).toHaveLength(1);
  });

  test("a send that throws synchronously counts as a failure", async () => {
    const q = createSaveQueue<string>({
      send: () => {
        throw new Error("sync");
      },
    });
    await expect(q.save("a")).rejects.toThrow("sync");
    expect(q.getState().status).toBe("error");
  });

  test("never loses the last value over many random interleavings", async () => {
    for (let run = 0; run < 50; run++) {
      const s = manualSend<number>();
      const q = createSaveQueue({ send: s.send });
      let answered = 0;
      for (let i = 1; i <= 20; i++) {
        void q.save(i).catch(() => undefined);
        if (Math.random() < 0.5 && answered < s.calls.length) {
          const call = s.calls[answered++]!;
          if (Math.random() < 0.2) call.reject(new Error("x"));
          else call.resolve();
          await tick();
        }
      }
      // Answer everything left, retrying failures.
      for (let guard = 0; guard < 100 && !q.getState().settled; guard++) {
        if (q.getState().status === "error") q.retry();
        if (answered < s.calls.length) s.calls[answered++]!.resolve();
        await tick();
      }
      expect(q.getState().status).toBe("saved");
      expect(s.calls.at(-1)!.value).toBe(20);
      expect(s.maxActive()).toBe(1);
      // Sent values only increase: an older value is never sent after a newer one.
      const values = s.calls.map((c) => c.value);
      for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThanOrEqual(values[i - 1]!);
    }
  });
});
