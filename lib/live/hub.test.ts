import { describe, expect, it, vi } from "vitest";
import { createLiveHub, type LiveMessage } from "./hub";

const event = (id: number, topic = "alerts"): LiveMessage => ({ type: "event", id, topic });

describe("createLiveHub", () => {
  it("delivers each message to every subscriber, in order", () => {
    const hub = createLiveHub();
    const a: LiveMessage[] = [];
    const b: LiveMessage[] = [];
    hub.subscribe((m) => a.push(m));
    hub.subscribe((m) => b.push(m));
    hub.publish(event(1));
    hub.publish({ type: "reset", id: 2 });
    expect(a).toEqual([event(1), { type: "reset", id: 2 }]);
    expect(b).toEqual(a);
  });

  it("stops delivering after unsubscribe, and counts subscribers back to zero", () => {
    const hub = createLiveHub();
    const seen: number[] = [];
    const off = hub.subscribe((m) => seen.push(m.id));
    const offOther = hub.subscribe(() => {});
    expect(hub.size()).toBe(2);
    hub.publish(event(1));
    off();
    off(); // twice is harmless
    hub.publish(event(2));
    expect(seen).toEqual([1]);
    offOther();
    expect(hub.size()).toBe(0);
  });

  it("treats the same function subscribed twice as two subscriptions", () => {
    const hub = createLiveHub();
    const fn = vi.fn();
    const off1 = hub.subscribe(fn);
    hub.subscribe(fn);
    hub.publish(event(1));
    expect(fn).toHaveBeenCalledTimes(2);
    off1();
    hub.publish(event(2));
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("keeps delivering to the others when one subscriber throws", () => {
    const errors: unknown[] = [];
    const hub = createLiveHub({ onError: (e) => errors.push(e) });
    const seen: number[] = [];
    hub.subscribe(() => {
      throw new Error("boom");
    });
    hub.subscribe((m) => seen.push(m.id));
    hub.publish(event(1));
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it("applies (un)subscriptions made during delivery from the next message on", () => {
    const hub = createLiveHub();
    const late: number[] = [];
    const first: number[] = [];
    let offFirst = () => {};
    offFirst = hub.subscribe((m) => {
      first.push(m.id);
      offFirst();
      hub.subscribe((n) => late.push(n.id));
    });
    hub.publish(event(1));
    hub.publish(event(2));
    expect(first).toEqual([1]);
    expect(late).toEqual([2]);
  });
});
