import { describe, expect, it } from "vitest";
import { createVerificationGate } from "./verification-gate";

/** A piece of work that runs until the test finishes it. */
function pending() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started = true;
      await done;
      return "done" as const;
    },
    started: () => started,
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the verification gate", () => {
  it("runs at most `running` at once; the next waits for a free slot", async () => {
    const gate = createVerificationGate({ running: 2, waiting: 10, perAddress: 5 });
    const [a, b, c] = [pending(), pending(), pending()];
    const results = [gate.run("1.1.1.1", a.work), gate.run("2.2.2.2", b.work), gate.run("3.3.3.3", c.work)];
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);
    a.finish();
    await tick();
    expect(c.started()).toBe(true);
    b.finish();
    c.finish();
    expect(await Promise.all(results)).toEqual(["done", "done", "done"]);
  });

  it("refuses an address's attempt beyond `perAddress` at once, without running it, while other addresses go on", async () => {
    const gate = createVerificationGate({ running: 4, waiting: 10, perAddress: 2 });
    const [a, b] = [pending(), pending()];
    const first = [gate.run("1.1.1.1", a.work), gate.run("1.1.1.1", b.work)];
    let ranThird = false;
    expect(await gate.run("1.1.1.1", async () => (ranThird = true))).toBe("busy");
    expect(ranThird).toBe(false);
    expect(await gate.run("2.2.2.2", async () => "other")).toBe("other");
    a.finish();
    b.finish();
    await Promise.all(first);
    // Its slots are back once its attempts end.
    expect(await gate.run("1.1.1.1", async () => "again")).toBe("again");
  });

  it("counts waiting attempts against their address too, and refuses when the queue is full", async () => {
    const gate = createVerificationGate({ running: 1, waiting: 1, perAddress: 2 });
    const [a, b] = [pending(), pending()];
    const first = gate.run("1.1.1.1", a.work);
    const queued = gate.run("1.1.1.1", b.work);
    await tick();
    expect(b.started()).toBe(false);
    expect(await gate.run("1.1.1.1", async () => "x")).toBe("busy"); // its address has two in the gate
    expect(await gate.run("2.2.2.2", async () => "x")).toBe("busy"); // the queue is full
    a.finish();
    b.finish();
    expect(await Promise.all([first, queued])).toEqual(["done", "done"]);
  });

  it("frees the slot and the address's count when the work throws", async () => {
    const gate = createVerificationGate({ running: 1, waiting: 0, perAddress: 1 });
    await expect(gate.run("1.1.1.1", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run("1.1.1.1", async () => "ok")).toBe("ok");
  });
});
