/**
 * CPU time spent by processes, read from /proc (Linux): a figure that holds up on a busy machine, where
 * throughput and latency swing with whatever else runs.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on

/** The pid of the process listening on 127.0.0.1:`port` (TCP), found through its socket's inode. */
export function listeningPid(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A") inodes.add(fields[9]!);
    }
  }
  for (const pid of numericEntries("/proc")) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1]!)) return pid;
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const each of numericEntries("/proc")) {
    const stat = readStat(each);
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), each]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** User + system CPU milliseconds of these processes so far, their reaped children included. */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) ticks += readStat(pid)?.ticks ?? 0;
  return (ticks * 1000) / ticksPerSecond;
}

function readStat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may contain spaces: the fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return { ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
  } catch {
    return undefined;
  }
}

const numericEntries = (dir: string) =>
  readdirSync(dir)
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
