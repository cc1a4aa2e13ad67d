import type { Metadata } from "next";
import { appEnv, oidcEnabled } from "@/lib/env";
import { signInMessages } from "@/lib/auth/sign-in";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

/** Only same-site paths are followed after sign-in. */
function safeCallback(value: string | string[] | undefined): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

function errorMessage(code: string | string[] | undefined): string | undefined {
  if (typeof code !== "string") return undefined;
  if (code === "deactivated") return signInMessages.deactivated;
  if (code === "CredentialsSignin") return signInMessages.wrong;
  return `Single sign-on did not complete (${code}). Try again, or sign in with email and password.`;
}

export default async function LoginPage({ searchParams }: PageProps<"/login">) {
  const params = await searchParams;
  return (
    <LoginForm
      callbackUrl={safeCallback(params.callbackUrl)}
      initialError={errorMessage(params.error)}
      ssoEnabled={oidcEnabled(appEnv())}
    />
  );
}
