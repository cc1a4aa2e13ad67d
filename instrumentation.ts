/** Runs once when the Next.js server starts, before it serves a request. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Sign-in throttling counts failures per client address (lib/auth/client-address.ts): make that address trustworthy.
    const { recordPeerAddresses } = await import("./lib/http/peer-address");
    recordPeerAddresses();
  }
}
