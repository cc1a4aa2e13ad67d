import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { liveEvents } from "@/db/schema";
import { latestLiveEventId, liveRetentionSeconds, pruneLiveEvents, replayLiveEvents, replayWindowSeconds } from "./event-log";
import { publishLive } from "./publish";

/** Inserts an event written `secondsAgo` seconds ago; returns its id. */
async function eventAt(topic: string, secondsAgo: number): Promise<number> {
  const { rows } = await db().execute<{ id: string }>(
    sql`insert into live_events (topic, at) values (${topic}, now() - make_interval(secs => ${secondsAgo})) returning id::text`,
  );
  return Number(rows[0]!.id);
}

const ids = (replay: Awaited<ReturnType<typeof replayLiveEvents>>) => (replay.reset ? "reset" : replay.events.map((e) => e.id));

describe("the live_events log", () => {
  beforeEach(async () => {
    await db().delete(liveEvents);
    await db().execute(sql`alter sequence live_events_id_seq restart with 1`);
  });

  it("reports 0 as the latest id of an empty table, then the newest id", async () => {
    expect(await latestLiveEventId(db())).toBe(0);
    const [a, b] = await db().transaction((tx) => publishLive(tx, ["alerts", "requests"]));
    expect(await latestLiveEventId(db())).toBe(b!.id);
    expect(b!.id).toBeGreaterThan(a!.id);
  });

  it("replays the events after Last-Event-ID, oldest first, with their topics", async () => {
    const [first, second, third] = await db().transaction((tx) => publishLive(tx, ["a", "b", "c"]));
    const replay = await replayLiveEvents(db(), first!.id);
    expect(replay).toEqual({
      reset: false,
      events: [
        // the window before `first` holds `first` itself: resent, and ignored by a client that has it
        { type: "event", id: first!.id, topic: "a" },
        { type: "event", id: second!.id, topic: "b" },
        { type: "event", id: third!.id, topic: "c" },
      ],
    });
    expect(ids(await replayLiveEvents(db(), third!.id))).toEqual([first!.id, second!.id, third!.id]);
  });

  it("also replays events written shortly before Last-Event-ID (they may have committed after it), not older ones", async () => {
    const old = await eventAt("old", replayWindowSeconds + 5);
    const justBefore = await eventAt("late-commit", replayWindowSeconds - 2);
    const seen = await eventAt("seen", 0);
    const after = await eventAt("after", 0);
    expect(ids(await replayLiveEvents(db(), seen))).toEqual([justBefore, seen, after]);
    expect(ids(await replayLiveEvents(db(), seen))).not.toContain(old);
  });

  it("sends a reset when Last-Event-ID is no longer kept, or its window reaches past the retention", async () => {
    const stale = await eventAt("stale", liveRetentionSeconds - replayWindowSeconds + 5);
    const fresh = await eventAt("fresh", 0);
    expect(await replayLiveEvents(db(), stale)).toEqual({ reset: true, id: fresh });
    expect(await replayLiveEvents(db(), fresh + 1000)).toEqual({ reset: true, id: fresh }); // unknown (pruned, or another database)
    await db().execute(sql`delete from live_events where id = ${stale}`);
    expect(await replayLiveEvents(db(), stale)).toEqual({ reset: true, id: fresh });
    expect(ids(await replayLiveEvents(db(), fresh))).toEqual([fresh]);
  });

  it("treats Last-Event-ID 0 as 'the table was empty': everything since, unless the first events are gone", async () => {
    expect(await replayLiveEvents(db(), 0)).toEqual({ reset: false, events: [] });
    const one = await eventAt("one", 0);
    const two = await eventAt("two", 0);
    expect(one).toBe(1);
    expect(ids(await replayLiveEvents(db(), 0))).toEqual([one, two]);
    await db().execute(sql`delete from live_events where id = ${one}`);
    expect(await replayLiveEvents(db(), 0)).toEqual({ reset: true, id: two });
  });

  it("sends a reset rather than more events than the limit", async () => {
    const first = await eventAt("x", 0);
    for (let i = 0; i < 5; i++) await eventAt("x", 0);
    expect(ids(await replayLiveEvents(db(), first, 6))).toHaveLength(6);
    expect(await replayLiveEvents(db(), first, 5)).toEqual({ reset: true, id: first + 5 });
  });

  it("prunes events older than the retention, always keeping the newest", async () => {
    const expired = [await eventAt("a", liveRetentionSeconds + 60), await eventAt("b", liveRetentionSeconds + 30)];
    expect(await pruneLiveEvents(db())).toBe(1);
    const left = async () => (await db().select({ id: liveEvents.id }).from(liveEvents).orderBy(liveEvents.id)).map((r) => r.id);
    expect(await left()).toEqual([expired[1]]);
    const recent = await eventAt("c", 60);
    expect(await pruneLiveEvents(db())).toBe(1);
    expect(await left()).toEqual([recent]);
    expect(await pruneLiveEvents(db())).toBe(0);
  });
});
