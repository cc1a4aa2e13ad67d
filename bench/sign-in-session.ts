/** Signs in through next-auth's credentials endpoint like the login form does; returns the session cookie. */
export async function signInCookie(origin: string, email: string, password: string): Promise<string> {
  const csrfResponse = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const csrfCookie = csrfResponse.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes("session-token="));
  if (!session) throw new Error(`sign-in failed (${response.status})`);
  return session.split(";")[0]!;
}
