/**
 * POSTs one webhook over node:http(s) with keep-alive connections: several times the throughput of the global
 * fetch for many small requests. Resolves with the status once the response has been read to the end;
 * rejects on a network error or when the whole exchange takes longer than `timeoutMs`.
 */
import http from "node:http";
import https from "node:https";

export class WebhookTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = "WebhookTimeoutError";
  }
}

export type HttpPoster = {
  post: (url: string, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<number>;
  close: () => void;
};

export function createHttpPoster(): HttpPoster {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const request = (secure ? https : http).request(target, {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      });
      const timer = setTimeout(() => request.destroy(new WebhookTimeoutError(timeoutMs)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      request.on("error", fail);
      request.on("response", (response) => {
        response.on("error", fail);
        response.on("end", () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.resume();
      });
      request.end(body);
    });
  }

  return {
    post,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
