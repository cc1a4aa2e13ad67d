import { describe, expect, it } from "vitest";
import { isDeadlock, retryOnDeadlock } from "./deadlock-retry";

const deadlock = () =>
  Object.assign(new Error("Failed query: delete …"), { cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }) });

describe("retryOnDeadlock", () => {
  it("recognises a deadlock wrapped by the query layer, and nothing else", () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(Object.assign(new Error("x"), { code: "40P01" }))).toBe(true);
    expect(isDeadlock(Object.assign(new Error("unique"), { cause: { code: "23505" } }))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });

  it("runs again after a deadlock and answers what the rerun answers", async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs++;
      if (runs < 3) throw deadlock();
      return "deleted";
    });
    expect(result).toBe("deleted");
    expect(runs).toBe(3);
  });

  it("gives up after its attempts, and never reruns on another error", async () => {
    let runs = 0;
    await expect(retryOnDeadlock(async () => (runs++, Promise.reject(deadlock())), 2)).rejects.toThrow("Failed query");
    expect(runs).toBe(2);
    runs = 0;
    await expect(retryOnDeadlock(async () => (runs++, Promise.reject(new Error("refused"))))).rejects.toThrow("refused");
    expect(runs).toBe(1);
  });
});
