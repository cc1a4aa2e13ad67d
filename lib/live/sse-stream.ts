import "server-only";
/**
 * A live connection (live-connection.ts) as a web ReadableStream, for the Next.js route (app/api/live/route.ts),
 * which `next dev` and a plain `next start` serve. Under `npm start` the app server serves /api/live from
 * node:http instead (serve-live.ts), with the same connection.
 */
import { openLiveConnection, type LiveConnectionOptions } from "./live-connection";

export type LiveStreamOptions = Omit<LiveConnectionOptions, "sink"> & {
  /** Aborts when the client goes away. */
  signal: AbortSignal;
};

const encoder = new TextEncoder();

export function liveEventStream({ signal, ...options }: LiveStreamOptions): ReadableStream<Uint8Array> {
  let close = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (signal.aborted) return controller.close();
      const onAbort = () => close();
      signal.addEventListener("abort", onAbort, { once: true });
      ({ close } = openLiveConnection({
        ...options,
        sink: {
          write: (text) => controller.enqueue(encoder.encode(text)),
          backlog: () => -(controller.desiredSize ?? 0),
          end() {
            signal.removeEventListener("abort", onAbort);
            try {
              controller.close();
            } catch {
              // already closed or cancelled
            }
          },
        },
      }));
    },
    cancel() {
      close();
    },
  });
}
