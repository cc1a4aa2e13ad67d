import { describe, expect, it } from "vitest";
import { withoutPayload } from "./without-payload";

describe("withoutPayload", () => {
  it("takes every submitted value out of the registry's message and details", () => {
    const info = {
      status: 400,
      code: "invalid_request",
      retryable: false,
      message: "email 'hunter2@x' is not valid",
      details: ["backupAccounts[0].password s3cret is too short"],
    };
    const cleaned = withoutPayload(info, { email: "hunter2@x", backupAccounts: [{ password: "s3cret" }] });
    expect(cleaned).toEqual({
      ...info,
      message: "email '[a submitted value]' is not valid",
      details: ["backupAccounts[0].password [a submitted value] is too short"],
    });
  });
});
