"use client";

import { MoreHorizontal } from "lucide-react";
import { useState, useTransition } from "react";
import { FilterForm } from "@/components/filters/filter-form";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { roles } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import { roleLabels, type Role } from "@/lib/auth/roles.shared";
import type { UserRow } from "@/lib/users/manage-users";
import type { UserChangeOutcome } from "@/lib/users/user-access";
import { changeRoleAction, resetPasswordAction, setActiveAction } from "./actions";
import { AdminChangeDialog } from "./admin-change-dialog";
import { CreateUserDialog } from "./create-user-dialog";
import { OneTimePasswordDialog } from "@/components/users/one-time-password-dialog";

type Row = Omit<UserRow, "createdAt"> & { createdAt: string };
type Confirm = { kind: "reset" | "deactivate" | "reactivate"; user: Row } | { kind: "role"; user: Row; role: Role };

const confirmTexts = {
  reset: {
    title: "Reset password",
    action: "Reset password",
    body: "Their current password stops working and they are signed out everywhere. Whoever performs the reset sees a one-time password to pass on.",
  },
  deactivate: {
    title: "Deactivate user",
    action: "Deactivate",
    body: "They are signed out on their next request and cannot sign in until reactivated.",
  },
  reactivate: {
    title: "Reactivate user",
    action: "Reactivate",
    body: "They can sign in again with their current password; the sessions the deactivation ended stay ended.",
  },
  role: { title: "Change role", action: "Change role", body: "" },
} as const;

function confirmText(confirm: Confirm) {
  const text = confirmTexts[confirm.kind];
  const body =
    confirm.kind === "role"
      ? `${confirm.user.email} becomes ${roleLabels[confirm.role]} (now ${roleLabels[confirm.user.role]}). Roles take effect on their next request.`
      : text.body;
  return { title: `${text.title}: ${confirm.user.email}`, action: text.action, body };
}

/** Whether a change to `user` affects an admin, so it waits for a second admin and asks for a reason. */
const affectsAdmin = (confirm: Confirm) => confirm.user.role === "admin" || (confirm.kind === "role" && confirm.role === "admin");

export function UsersAdmin({
  users,
  currentUserId,
  waiting,
  query,
  matched,
}: {
  users: Row[];
  currentUserId: string;
  /** What the list is narrowed to (part of an email or name); empty for everyone. */
  query: string;
  /** How many users match the query; `users` may hold only the first of them. */
  matched: number;
  /** Changes to admins waiting for a second admin, by the email they affect: what each would do. */
  waiting: Record<string, string[]>;
}) {
  const [shownPassword, setShownPassword] = useState<{ email: string; password: string }>();
  const [confirm, setConfirm] = useState<Confirm>();
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [sending, startTransition] = useTransition();

  /** Says what a sent change did: waiting, performed (with the password to pass on), or refused. */
  function settle(result: ActionResult<UserChangeOutcome>, done: { title: string; description: string }): boolean {
    if (!result.ok) {
      toast({ title: "Not changed", description: result.error, variant: "destructive" });
      setRefusal({ message: result.error, fieldErrors: result.fieldErrors });
      return false;
    }
    setRefusal(undefined);
    setConfirm(undefined);
    if (result.data.state === "pending") {
      toast({ title: "Waiting for a second admin", description: "Another admin approves or rejects it on Settings → Approvals." });
      return true;
    }
    const { handOver, warning } = result.data;
    if (handOver) setShownPassword({ email: handOver.email, password: handOver.oneTimePassword });
    else toast({ title: done.title, description: warning ?? done.description, variant: "success" });
    return true;
  }

  function send(target: Confirm, reason?: string) {
    const { user } = target;
    startTransition(async () => {
      if (target.kind === "role") {
        const result = await changeRoleAction({ userId: user.id, role: target.role, reason });
        settle(result, { title: "Role changed", description: `${user.email} is now ${roleLabels[target.role]}.` });
      } else if (target.kind === "reset") {
        settle(await resetPasswordAction({ userId: user.id, reason }), { title: "Password reset", description: user.email });
      } else {
        const active = target.kind === "reactivate";
        const result = await setActiveAction({ userId: user.id, active, reason });
        settle(result, { title: active ? "User reactivated" : "User deactivated", description: user.email });
      }
    });
  }

  function onRoleChange(user: Row, role: Role) {
    const target: Confirm = { kind: "role", user, role };
    // A change that affects no admin goes at once; one that does asks for a reason first.
    if (affectsAdmin(target)) setConfirm(target);
    else send(target);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-muted-foreground">Roles take effect on the user&apos;s next request.</p>
        </div>
        <CreateUserDialog onSent={(result, email) => settle(result, { title: "User created", description: email })} />
      </div>
      <FilterForm
        label="Filter users"
        clearHref="/settings/users"
        texts={[{ name: "q", label: "Find a user", value: query || undefined, placeholder: "Part of an email or name", maxLength: 200 }]}
      />
      <p className="text-sm text-muted-foreground" role="status">
        {matched > users.length
          ? `Showing the first ${users.length} of ${matched} users${query ? ` matching “${query}”` : ""}, by email. Find a user to narrow the list.`
          : query
            ? `${matched} ${matched === 1 ? "user matches" : "users match"} “${query}”.`
            : `${matched} ${matched === 1 ? "user" : "users"}.`}
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="w-44">Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Signs in with</TableHead>
            <TableHead className="w-12">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} data-testid={`user-${user.email}`}>
              <TableCell className="font-medium">
                {user.email}
                {user.id === currentUserId && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
                {waiting[user.email]?.map((what) => (
                  <span key={what} className="mt-1 block text-xs font-normal text-muted-foreground">
                    Waiting for a second admin: {what}
                  </span>
                ))}
              </TableCell>
              <TableCell>{user.name || "—"}</TableCell>
              <TableCell>
                {/* The browser's own select: a list of hundreds of users stays quick to open. */}
                <NativeSelect
                  aria-label={`Role of ${user.email}`}
                  className="h-8 w-36"
                  value={user.role}
                  onChange={(event) => onRoleChange(user, event.target.value as Role)}
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {roleLabels[r]}
                    </option>
                  ))}
                </NativeSelect>
              </TableCell>
              <TableCell>
                {user.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Deactivated</Badge>}
                {user.mustChangePassword && user.active && (
                  <Badge variant="outline" className="ml-1">
                    One-time password
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-sm text-muted-foreground">{user.signsInWith}</TableCell>
              <TableCell>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${user.email}`}>
                      <MoreHorizontal className="size-4" aria-hidden />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setConfirm({ kind: "reset", user })}>Reset password</DropdownMenuItem>
                    {user.active ? (
                      <DropdownMenuItem disabled={user.id === currentUserId} onSelect={() => setConfirm({ kind: "deactivate", user })}>
                        Deactivate
                      </DropdownMenuItem>
                    ) : (
                      <DropdownMenuItem onSelect={() => setConfirm({ kind: "reactivate", user })}>Reactivate</DropdownMenuItem>
                    )}
                  </DropdownMenuContent>
                </DropdownMenu>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {Object.entries(waiting)
        .filter(([email]) => !users.some((user) => user.email === email))
        .map(([email, whats]) => (
          <p key={email} className="text-sm text-muted-foreground">
            Waiting for a second admin: {whats.join("; ")}
          </p>
        ))}
      <ConfirmDialog
        confirm={confirm && !affectsAdmin(confirm) ? confirmText(confirm) : undefined}
        onConfirm={() => confirm && send(confirm)}
        onCancel={() => setConfirm(undefined)}
      />
      <AdminChangeDialog
        change={confirm && affectsAdmin(confirm) ? confirmText(confirm) : undefined}
        pending={sending}
        refusal={refusal}
        onSend={(reason) => confirm && send(confirm, reason)}
        onCancel={() => (setConfirm(undefined), setRefusal(undefined))}
      />
      <OneTimePasswordDialog shown={shownPassword} onClose={() => setShownPassword(undefined)} />
    </div>
  );
}
