import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, type Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { isKnownConnection } from "./known-connections";

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

/** Asks until the answer is `expected` (the test's time-out bounds it). */
async function until(database: Database, id: string, expected: boolean) {
  while ((await isKnownConnection(database, id)) !== expected) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("which connection ids a webhook may be for", () => {
  it("answers a flood of unknown ids from one read, whatever they are", async () => {
    const { database, reads } = counted();
    const id = await storeSandboxConnection({ webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", name: "Flooded" });
    const strangers = Array.from({ length: 1_000 }, (_, i) => (i % 2 ? randomUUID() : `not-a-uuid-${i}`));
    const answers = await Promise.all(strangers.slice(0, 500).map((stranger) => isKnownConnection(database, stranger)));
    for (const stranger of strangers.slice(500)) answers.push(await isKnownConnection(database, stranger)); // one after another too
    expect(answers).toEqual(strangers.map(() => false));
    expect(await isKnownConnection(database, id.toUpperCase())).toBe(true);
    expect(reads()).toBeLessThanOrEqual(2); // one, or two if a second passed meanwhile: not one per id
  });

  it("sees a connection created after a miss, and stops seeing a deleted one, within seconds", async () => {
    const { database } = counted();
    expect(await isKnownConnection(database, randomUUID())).toBe(false);
    const id = await storeSandboxConnection({ webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", name: "Created later" });
    await until(database, id, true);
    await db().delete(registryConnections).where(eq(registryConnections.id, id));
    await until(database, id, false);
  });
});
