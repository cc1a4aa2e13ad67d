import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { chooseConnection } from "@/test/session";
import { activeConnectionForRequest, chooseActiveConnection } from "./active-connection";

describe("the session's active connection", () => {
  beforeEach(async () => {
    await db().delete(registryConnections);
    chooseConnection(undefined);
  });

  it("is the one chosen, and stays it when a connection that no longer exists is chosen", async () => {
    const first = await storeSandboxConnection({ name: "A first" });
    const second = await storeSandboxConnection({ name: "B second" });
    expect((await activeConnectionForRequest())?.id).toBe(first);
    expect(await chooseActiveConnection(second)).toEqual({ ok: true, data: undefined });
    expect((await activeConnectionForRequest())?.id).toBe(second);
    expect(await chooseActiveConnection(crypto.randomUUID())).toEqual({
      ok: false,
      code: "not_found",
      error: "That connection no longer exists.",
    });
    expect((await activeConnectionForRequest())?.id).toBe(second);
  });
});
