import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id?: string; email?: string | null; name?: string | null; sessionVersion?: number };
  }
  interface User {
    /** The user's session version at sign-in (users.session_version), kept in the token as `sv`. */
    sessionVersion?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    /** users.session_version when the token was issued; a later password change, reset or deactivation bumps it. */
    sv?: number;
  }
}
