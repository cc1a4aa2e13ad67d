/**
 * Sign-in and sign-out from the browser through next-auth's REST endpoints (/api/auth/csrf,
 * /callback/credentials, /signout) — what `next-auth/react` does, without its 10 kB on every page.
 */

async function csrfToken(): Promise<string> {
  const response = await fetch("/api/auth/csrf", { cache: "no-store" });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" }),
  });
}

/** Returns undefined on success, or the message to show. */
export async function signInWithCredentials(email: string, password: string): Promise<string | undefined> {
  const response = await postForm("/api/auth/callback/credentials", { email, password, callbackUrl: window.location.href });
  const { url } = (await response.json().catch(() => ({}))) as { url?: string };
  const error = url ? new URL(url, window.location.origin).searchParams.get("error") : "Sign-in failed. Try again.";
  return response.ok && !error ? undefined : (error ?? "Sign-in failed. Try again.");
}

export async function signOut(): Promise<void> {
  await postForm("/api/auth/signout", { callbackUrl: "/login" });
  // A full page load on purpose: no client cache of the signed-in console may survive sign-out.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.href = "/login";
}

/** Single sign-on starts with a form POST (a redirect to the identity provider follows). */
export async function signInWithSso(callbackUrl: string): Promise<void> {
  const response = await postForm("/api/auth/signin/oidc", { callbackUrl });
  const { url } = (await response.json()) as { url: string };
  window.location.href = url;
}
