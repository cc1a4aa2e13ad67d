import "server-only";
/**
 * One heartbeat for every live connection of a process, instead of a timer each. At every beat the viewers'
 * roles are read again, once per viewer (a session claim) however many tabs they have open, a few viewers at a
 * time so that the beat never takes the whole database pool; each connection is then told its viewer's role
 * (null: they may no longer receive anything) or that the check failed. The timer runs only while a
 * connection is registered.
 */
import type { Role } from "@/lib/auth/roles.shared";

/** Whose role a connection carries: connections with the same `key` share one check per beat. */
export type LiveViewer = {
  key: string;
  /** The viewer's role now, or null when they may no longer receive anything (deactivated, removed). */
  currentRole: () => Promise<Role | null>;
};

export type LiveBeatMember = {
  viewer: LiveViewer;
  /** Called with the viewer's role as just read. */
  beat: (role: Role | null) => void;
  /** Called when the role could not be read. */
  fail: (error: unknown) => void;
};

export type LiveHeartbeat = {
  /** Registers a connection; the returned function removes it (calling it twice is harmless). */
  add: (member: LiveBeatMember) => () => void;
  /** How many connections are registered. */
  size: () => number;
};

export type LiveHeartbeatOptions = {
  everyMs?: number;
  /** How many viewers' roles are read at the same time. */
  concurrency?: number;
};

export function createLiveHeartbeat(options: LiveHeartbeatOptions = {}): LiveHeartbeat {
  const everyMs = options.everyMs ?? 15_000;
  const concurrency = options.concurrency ?? 4;
  const members = new Set<LiveBeatMember>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let beating = false;

  async function checkViewer(group: LiveBeatMember[]) {
    let role: Role | null;
    try {
      role = await group[0]!.viewer.currentRole();
    } catch (error) {
      for (const member of group) if (members.has(member)) member.fail(error);
      return;
    }
    for (const member of group) if (members.has(member)) member.beat(role);
  }

  async function beat() {
    // A beat still reading roles (a slow database) is not overlapped by the next one.
    if (beating) return;
    beating = true;
    try {
      const viewers = new Map<string, LiveBeatMember[]>();
      for (const member of members) {
        const group = viewers.get(member.viewer.key);
        if (group) group.push(member);
        else viewers.set(member.viewer.key, [member]);
      }
      const queue = [...viewers.values()];
      const worker = async () => {
        for (let group = queue.shift(); group; group = queue.shift()) await checkViewer(group);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    } finally {
      beating = false;
    }
  }

  return {
    add(member) {
      members.add(member);
      timer ??= setInterval(() => void beat(), everyMs).unref();
      return () => {
        members.delete(member);
        if (members.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    size: () => members.size,
  };
}

// One heartbeat per process, kept on globalThis so that hot reload in `next dev` does not start a second one.
const shared = globalThis as { registryDeskLiveHeartbeat?: LiveHeartbeat };

/** The process's heartbeat, shared by the Next.js route and the app server's node:http front. */
export function liveHeartbeat(): LiveHeartbeat {
  return (shared.registryDeskLiveHeartbeat ??= createLiveHeartbeat());
}
