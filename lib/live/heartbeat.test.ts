import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/auth/roles.shared";
import { createLiveHeartbeat, type LiveBeatMember } from "./heartbeat";

/** A connection's heartbeat entry that records what it was told. */
function member(key: string, currentRole: () => Promise<Role | null>) {
  const told: (Role | null | "failed")[] = [];
  const entry: LiveBeatMember = { viewer: { key, currentRole }, beat: (role) => told.push(role), fail: () => told.push("failed") };
  return { entry, told };
}

describe("createLiveHeartbeat", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("beats every connection from one timer, running only while a connection is registered", async () => {
    const heartbeat = createLiveHeartbeat({ everyMs: 1_000 });
    expect(vi.getTimerCount()).toBe(0);
    const members = Array.from({ length: 100 }, (_, i) => member(`viewer-${i}`, async () => "compliance"));
    const removers = members.map((m) => heartbeat.add(m.entry));
    expect(vi.getTimerCount()).toBe(1);
    expect(heartbeat.size()).toBe(100);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(members.every((m) => m.told.join() === "compliance,compliance")).toBe(true);
    for (const remove of removers) remove();
    removers[0]!(); // twice is harmless
    expect(heartbeat.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reads a viewer's role once per beat however many tabs they have open, and tells each tab", async () => {
    const heartbeat = createLiveHeartbeat({ everyMs: 1_000 });
    const checks = { alice: 0, bob: 0 };
    const alice = Array.from({ length: 3 }, () => member("alice", async () => (checks.alice++, "finance")));
    const bob = member("bob", async () => (checks.bob++, null));
    for (const m of [...alice, bob]) heartbeat.add(m.entry);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(checks).toEqual({ alice: 1, bob: 1 });
    expect(alice.map((m) => m.told)).toEqual([["finance"], ["finance"], ["finance"]]);
    expect(bob.told).toEqual([null]);
  });

  it("tells the tabs of a viewer whose check failed, and only them", async () => {
    const heartbeat = createLiveHeartbeat({ everyMs: 1_000 });
    const broken = member("broken", async () => {
      throw new Error("database down");
    });
    const fine = member("fine", async () => "auditor");
    heartbeat.add(broken.entry);
    heartbeat.add(fine.entry);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(broken.told).toEqual(["failed"]);
    expect(fine.told).toEqual(["auditor"]);
  });

  it("reads a few roles at a time, does not overlap a slow beat, and tells nothing to a tab that left meanwhile", async () => {
    const heartbeat = createLiveHeartbeat({ everyMs: 1_000, concurrency: 2 });
    let running = 0;
    let most = 0;
    const slow = async (): Promise<Role> => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      running--;
      return "admin";
    };
    const members = Array.from({ length: 4 }, (_, i) => member(`viewer-${i}`, slow));
    const removers = members.map((m) => heartbeat.add(m.entry));
    await vi.advanceTimersByTimeAsync(1_000); // the first beat starts two checks
    removers[0]!(); // leaves while its role is being read
    await vi.advanceTimersByTimeAsync(3_200); // the beats at 2 s and 3 s find the first still running; it ends at 4 s
    expect(most).toBe(2);
    expect(members.map((m) => m.told.length)).toEqual([0, 1, 1, 1]);
  });
});
