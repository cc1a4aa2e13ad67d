import http from "node:http";

export type SseBlock = { id?: string; event?: string; data?: string; comment?: string };

/**
 * An SSE connection read the way a browser does: each block takes effect at its blank line; an `id:`
 * line sets the last event id even on a block without data (a heartbeat); a cut-off block is dropped.
 */
export function openSseClient(port: number, path: string, headers: Record<string, string> = {}) {
  const blocks: SseBlock[] = [];
  let lastId: string | undefined = headers["Last-Event-ID"];
  let buffer = "";
  let body = "";
  let ended = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const request = http.get({
    host: "127.0.0.1",
    port,
    path,
    agent: false,
    headers: { Accept: "text/event-stream", ...headers },
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on("response", (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        body += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block: SseBlock = {};
          for (const line of buffer.slice(0, end).split("\n")) {
            const [field, ...rest] = line.split(":");
            const value = rest.join(":").replace(/^ /, "");
            if (field === "") block.comment = value;
            else if (field === "id" || field === "event" || field === "data") block[field] = value;
          }
          buffer = buffer.slice(end + 2);
          if (block.id !== undefined) lastId = block.id;
          blocks.push(block);
        }
        changed();
      });
      res.on("end", () => {
        ended = true;
        changed();
      });
      res.on("error", () => {});
      resolve(res);
    });
    request.on("error", reject);
  });
  const until = (check: () => boolean, what: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        if (!check()) return;
        clearTimeout(timer);
        listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        listeners.delete(done);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      listeners.add(done);
      done();
    });
  return {
    response,
    blocks,
    events: () => blocks.filter((b) => b.event === "live"),
    lastId: () => lastId,
    /** Everything received so far (the body of a refusal). */
    body: () => body,
    ended: () => ended,
    /** Resolves once the stream has given its cursor or replay (the server is listening for this client). */
    ready: () => until(() => blocks.some((b) => b.event === "ready"), "the stream to be ready"),
    until,
    drop: () => request.destroy(),
  };
}
