import type { Metadata } from "next";
import { appEnv, oidcEnabled } from "@/lib/env";
import { sameOriginPath } from "@/lib/auth/callback-url";
import { ssoRefusals } from "@/lib/auth/oidc-users";
import { signInMessages } from "@/lib/auth/sign-in";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

function errorMessage(code: string | string[] | undefined): string | undefined {
  if (typeof code !== "string") return undefined;
  if (code === "deactivated") return signInMessages.deactivated;
  if (code === "CredentialsSignin") return signInMessages.wrong;
  if (Object.hasOwn(ssoRefusals, code)) return ssoRefusals[code as keyof typeof ssoRefusals];
  return `Single sign-on did not complete (${code}). Try again, or sign in with email and password.`;
}

export default async function LoginPage({ searchParams }: PageProps<"/login">) {
  const params = await searchParams;
  const env = appEnv();
  return (
    <LoginForm
      // Only a path on the console is followed after sign-in; the origin is a stand-in when NEXTAUTH_URL is unset.
      callbackUrl={sameOriginPath(params.callbackUrl, env.NEXTAUTH_URL ?? "http://localhost")}
      initialError={errorMessage(params.error)}
      ssoEnabled={oidcEnabled(env)}
    />
  );
}
