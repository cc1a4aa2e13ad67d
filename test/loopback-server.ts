import type http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts `server` on 127.0.0.1 at a free port. `close` also ends the connections still open (a live stream
 * never ends by itself), then waits for the server to stop.
 */
export async function listenOnLoopback(server: http.Server): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
