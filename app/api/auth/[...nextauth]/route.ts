import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";

// Public by design: this is the sign-in endpoint itself (CSRF-protected by next-auth).
type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: NextRequest, context: Context) {
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
