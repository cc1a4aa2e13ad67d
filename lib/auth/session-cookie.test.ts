import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { reissuedSessionToken } from "./session-cookie";

const secret = "s".repeat(32);

describe("re-issuing the session of the request that changed its password", () => {
  it("re-signs a valid token of that user with the new session version, keeping the rest", async () => {
    const current = await encode({ token: { uid: "u1", email: "a@example.com", name: "A", sv: 3 }, secret });
    const next = await reissuedSessionToken(current, "u1", 4, secret);
    expect(await decode({ token: next, secret })).toMatchObject({ uid: "u1", email: "a@example.com", name: "A", sv: 4 });
  });

  it("re-signs nothing for another user's token, a forged one or none", async () => {
    const theirs = await encode({ token: { uid: "u2", sv: 3 }, secret });
    expect(await reissuedSessionToken(theirs, "u1", 4, secret)).toBeUndefined();
    const forged = await encode({ token: { uid: "u1", sv: 3 }, secret: "f".repeat(32) });
    expect(await reissuedSessionToken(forged, "u1", 4, secret)).toBeUndefined();
    expect(await reissuedSessionToken("not-a-token", "u1", 4, secret)).toBeUndefined();
    expect(await reissuedSessionToken(undefined, "u1", 4, secret)).toBeUndefined();
  });
});
