import { vi } from "vitest";

// A setup file of the integration project: `getServerSession` and `cookies()` answer from the test's browser
// (test/session.ts) instead of a request that does not exist here. Everything else in both modules stays real
// (next-auth's own handler is tested end to end in lib/auth/oidc-sign-in.int.test.ts). The browser is imported
// when first asked for, not here, so that this file loads no app code before a test file's own mocks.

vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next-auth")>()),
  getServerSession: async () => (await import("./session")).browser.session,
}));

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/headers")>()),
  cookies: async () => {
    const { cookies } = (await import("./session")).browser;
    return {
      get: (name: string) => (cookies.has(name) ? { name, value: cookies.get(name)! } : undefined),
      set: (name: string, value: string) => void cookies.set(name, value),
    };
  },
}));
