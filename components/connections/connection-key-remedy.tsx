"use client";

import Link from "next/link";
import { useViewerRole } from "@/components/shell/viewer-role";
import { can } from "@/lib/auth/capabilities.shared";
import { connectionKeyUnreadable } from "@/lib/connections/connection-key-unreadable.shared";

/**
 * Under an error with the code `connection_key_unreadable`: for those who manage connections, the link to
 * Settings → Connections, where the key can be entered again. Nothing for other codes or other roles (the message
 * says who can fix it).
 */
export function ConnectionKeyRemedy({ code }: { code: string | undefined }) {
  const role = useViewerRole();
  if (code !== connectionKeyUnreadable || !role || !can(role, "manageConnections")) return null;
  return (
    <Link href="/settings/connections" className="block w-fit font-medium text-primary underline underline-offset-4">
      Enter the key again in Settings → Connections
    </Link>
  );
}
