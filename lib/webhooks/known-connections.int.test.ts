import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, type Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { isKnownConnection, knownConnectionsRecheckMs, knownConnectionsTtlMs } from "./known-connections";

/** The database, counting the reads made through it. */
function counted(): { database: Database; reads: () => number } {
  let reads = 0;
  const database = new Proxy(db(), {
    get: (target, key, receiver) => {
      if (key === "select") reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { database, reads: () => reads };
}

describe("which connection ids a webhook may be for", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a flood of unknown ids from one read, whatever they are", async () => {
    vi.useFakeTimers({ toFake: ["Date"] }); // the whole flood within one interval, however long this machine takes
    const { database, reads } = counted();
    const id = await storeSandboxConnection({ webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", name: "Flooded" });
    const strangers = Array.from({ length: 1_000 }, (_, i) => (i % 2 ? randomUUID() : `not-a-uuid-${i}`));
    const answers = await Promise.all(strangers.slice(0, 500).map((stranger) => isKnownConnection(database, stranger)));
    for (const stranger of strangers.slice(500)) answers.push(await isKnownConnection(database, stranger)); // one after another too
    expect(answers).toEqual(strangers.map(() => false));
    expect(await isKnownConnection(database, id.toUpperCase())).toBe(true);
    expect(reads()).toBe(1); // not one per id
  });

  it("sees a connection created after a miss once the recheck interval has passed, and a deleted one until its ids expire", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { database } = counted();
    expect(await isKnownConnection(database, randomUUID())).toBe(false);
    const id = await storeSandboxConnection({ webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", name: "Created later" });
    expect(await isKnownConnection(database, id)).toBe(false); // the ids were read less than an interval ago
    vi.advanceTimersByTime(knownConnectionsRecheckMs);
    expect(await isKnownConnection(database, id)).toBe(true);
    await db().delete(registryConnections).where(eq(registryConnections.id, id));
    vi.advanceTimersByTime(knownConnectionsTtlMs - 1);
    expect(await isKnownConnection(database, id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(await isKnownConnection(database, id)).toBe(false);
  });
});
