/**
 * Abusive senders for bench/webhooks.ts, over raw sockets so a request can send its head and then as little as it
 * likes: slow bodies (a byte a second) and bad posts (8 MiB declared, which nobody should read), each resolving with the
 * status the server answered (0 for none) and how long the server kept the connection.
 */
import { readFileSync } from "node:fs";
import net from "node:net";

export type Exchange = { status: number; ms: number };

/** How long a sender waits for the server to close before it gives up itself (the figure then reads "> this"). */
export const giveUpMs = 30_000;

/**
 * One raw POST: `head` lines, then `send(socket)` writes the body as it likes until the connection closes. Resolves
 * when the server closed it (or `giveUpMs` passed, or it failed), with the answer's status.
 */
function exchange(url: URL, head: Record<string, string | number>, send: (socket: net.Socket) => () => void): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    let stop = () => {};
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on("connect", () => {
      const lines = [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, ...Object.entries(head).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      stop = send(socket);
    });
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      stop();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), ms: performance.now() - started });
    });
  });
}

/** A signed delivery whose body comes a byte a second after its first kilobyte, for as long as the server listens. */
export function slowBody(url: URL, headers: Record<string, string>, body: string): Promise<Exchange> {
  return exchange(url, { ...headers, "content-length": Buffer.byteLength(body) }, (socket) => {
    socket.write(body.slice(0, 1_000));
    let sent = 1_000;
    const timer = setInterval(() => sent < body.length && socket.write(body[sent++]!), 1_000);
    return () => clearInterval(timer);
  });
}

const badBytes = 8 * 1024 * 1024;
const firstChunk = Buffer.alloc(64 * 1024, "x");

/**
 * A post declaring an 8 MiB body that sends its first 64 KiB and then waits for the answer: what the server reads
 * of it, it reads from there. (Writing all 8 MiB as fast as loopback takes them, 1,000 times in 10 s, is gigabytes
 * of copying on this machine's two cores, the sender's more than the server's, and more than a network link carries.)
 */
export function badPost(url: URL, headers: Record<string, string>): Promise<Exchange> {
  return exchange(url, { ...headers, "content-type": "application/json", "content-length": badBytes }, (socket) => {
    socket.write(firstChunk);
    return () => {};
  });
}

/** A process's resident memory now, in bytes (Linux). */
export function rssBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}
