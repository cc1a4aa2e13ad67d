import "server-only";
import { appEnv } from "@/lib/env";

/** The console's public origin for links in exported calendars: NEXTAUTH_URL when set, else the request's own. */
export function calendarOrigin(request: Request): string {
  return appEnv().NEXTAUTH_URL ?? new URL(request.url).origin;
}
