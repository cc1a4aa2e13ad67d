"use client";

import { MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { roles } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/auth/role-action";
import { roleLabels, type Role } from "@/lib/auth/roles";
import type { UserRow } from "@/lib/users/manage-users";
import { changeRoleAction, resetPasswordAction, setActiveAction } from "./actions";
import { CreateUserDialog } from "./create-user-dialog";
import { OneTimePasswordDialog } from "./one-time-password-dialog";

type Row = Omit<UserRow, "createdAt"> & { createdAt: string };
type Confirm = { kind: "reset" | "deactivate" | "reactivate"; user: Row };

const confirmTexts = {
  reset: {
    title: "Reset password",
    action: "Reset password",
    body: "Their current password stops working now and they are signed out everywhere. You will see a one-time password to pass on.",
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
} as const;

function reportFailure(result: ActionResult<unknown>): boolean {
  if (!result.ok) toast({ title: "Not changed", description: result.error, variant: "destructive" });
  return result.ok;
}

export function UsersAdmin({ users, currentUserId }: { users: Row[]; currentUserId: string }) {
  const [shownPassword, setShownPassword] = useState<{ email: string; password: string }>();
  const [confirm, setConfirm] = useState<Confirm>();

  async function onRoleChange(user: Row, role: Role) {
    if (reportFailure(await changeRoleAction({ userId: user.id, role }))) {
      toast({ title: "Role changed", description: `${user.email} is now ${roleLabels[role]}.`, variant: "success" });
    }
  }

  async function onConfirm() {
    if (!confirm) return;
    const { kind, user } = confirm;
    setConfirm(undefined);
    if (kind === "reset") {
      const result = await resetPasswordAction({ userId: user.id });
      if (reportFailure(result) && result.ok) setShownPassword({ email: user.email, password: result.data.oneTimePassword });
      return;
    }
    if (reportFailure(await setActiveAction({ userId: user.id, active: kind === "reactivate" }))) {
      toast({ title: kind === "reactivate" ? "User reactivated" : "User deactivated", description: user.email, variant: "success" });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-muted-foreground">Roles take effect on the user&apos;s next request.</p>
        </div>
        <CreateUserDialog
          onCreated={(email, password) => {
            if (password) setShownPassword({ email, password });
            else toast({ title: "User created", description: email, variant: "success" });
          }}
        />
      </div>
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
              </TableCell>
              <TableCell>{user.name || "—"}</TableCell>
              <TableCell>
                <Select value={user.role} onValueChange={(role) => onRoleChange(user, role as Role)}>
                  <SelectTrigger aria-label={`Role of ${user.email}`} className="h-8 w-36">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {roles.map((r) => (
                      <SelectItem key={r} value={r}>
                        {roleLabels[r]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
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
      <ConfirmDialog
        confirm={confirm && { ...confirmTexts[confirm.kind], title: `${confirmTexts[confirm.kind].title}: ${confirm.user.email}` }}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(undefined)}
      />
      <OneTimePasswordDialog shown={shownPassword} onClose={() => setShownPassword(undefined)} />
    </div>
  );
}
