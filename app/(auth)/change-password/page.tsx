import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireRole } from "@/lib/auth/require-role";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ChangePasswordPage() {
  const auth = await requireRole("useConsole", { allowPendingPasswordChange: true });
  if (!auth.ok) redirect(auth.code === "deactivated" ? "/login?error=deactivated" : "/login");
  return <ChangePasswordForm email={auth.user.email} required={auth.user.mustChangePassword} />;
}
