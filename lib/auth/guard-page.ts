import "server-only";
import { forbidden, redirect } from "next/navigation";
import type { Capability } from "./capabilities.shared";
import { requireRole, type SessionUser } from "./require-role";

/**
 * For pages: sends a signed-out or deactivated visitor to the sign-in page, a user with a one-time
 * password to choose a new one, and answers 403 to a role that does not hold `capability`.
 */
export async function guardPage(capability: Capability): Promise<SessionUser> {
  const result = await requireRole(capability);
  if (result.ok) return result.user;
  switch (result.code) {
    case "unauthenticated":
      redirect("/login");
    case "deactivated":
      redirect("/login?error=deactivated");
    case "password_change_required":
      redirect("/change-password");
    case "forbidden":
      forbidden();
  }
}
