"use client";

import { useId } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import type { Assignee } from "./triage-controls";

const unassigned = "unassigned";

/** Picks whom to assign to (the viewer first, as "Me"), or nobody. Calls `onAssign` with a user id or null. */
export function AssignSelect({
  users,
  viewerId,
  current,
  disabled,
  onAssign,
  label = "Assign to",
}: {
  users: readonly Assignee[];
  viewerId: string;
  current?: string | null;
  disabled: boolean;
  onAssign: (assigneeId: string | null) => void;
  label?: string;
}) {
  const id = useId();
  const me = users.find((u) => u.id === viewerId);
  const others = users.filter((u) => u.id !== viewerId);
  return (
    // It may narrow (a phone): long names are then cut in the closed select, not the page widened.
    <div className="flex min-w-0 max-w-full flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <NativeSelect
        id={id}
        className="max-w-full"
        value={current === undefined ? "" : (current ?? unassigned)}
        disabled={disabled}
        onChange={(e) => {
          if (e.target.value) onAssign(e.target.value === unassigned ? null : e.target.value);
        }}
      >
        {current === undefined && <option value="">Choose…</option>}
        {me && <option value={me.id}>Me ({me.email})</option>}
        {others.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name ? `${u.name} (${u.email})` : u.email}
          </option>
        ))}
        <option value={unassigned}>Nobody (unassign)</option>
      </NativeSelect>
    </div>
  );
}
