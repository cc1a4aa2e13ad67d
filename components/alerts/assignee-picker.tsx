"use client";

import { Command } from "cmdk";
import { ChevronsUpDown } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { personName, type Assignee } from "./triage-controls";

const optionClass =
  "flex cursor-default select-none items-center rounded-sm px-2 py-1.5 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground";

/**
 * Picks whom to assign to (the viewer first, as "Me"), or nobody: a button naming the current assignee opens a list
 * that narrows as one types any part of a name or email (arrow keys and Enter work). Picking calls `onAssign` with a
 * user id or null at once; the caller confirms it on the page and offers to undo.
 */
export function AssigneePicker({
  users,
  viewerId,
  current,
  disabled,
  onAssign,
  label = "Assign to",
}: {
  users: readonly Assignee[];
  viewerId: string;
  /** The assignee's id, null for nobody, undefined when there is no current value (several alerts chosen). */
  current?: string | null;
  disabled: boolean;
  onAssign: (assigneeId: string | null) => void;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const me = users.find((u) => u.id === viewerId);
  const others = users.filter((u) => u.id !== viewerId);
  const chosen = current ? users.find((u) => u.id === current) : undefined;
  const shown = current === undefined ? "Choose…" : current === null ? "Unassigned" : chosen ? personName(chosen) : "Someone not listed";
  const pick = (assigneeId: string | null) => {
    setOpen(false);
    onAssign(assigneeId);
  };
  return (
    // It may narrow (a phone): a long name is cut on the button, not the page widened.
    <div className="flex min-w-0 max-w-full flex-col gap-1 text-sm">
      <span aria-hidden>{label}</span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            disabled={disabled}
            aria-label={`${label}: ${shown}`}
            className="min-w-48 max-w-full justify-between font-normal"
          >
            <span className="truncate">{shown}</span>
            <ChevronsUpDown className="size-4 opacity-50" aria-hidden />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            <Command label="Find a person">
              <Command.Input
                placeholder="Find a person…"
                className="mb-1 h-9 w-full rounded-md border bg-transparent px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
              <Command.List label="People" className="max-h-64 overflow-y-auto">
                <Command.Empty className="px-2 py-1.5 text-sm text-muted-foreground">Nobody matches.</Command.Empty>
                {me && (
                  <Command.Item value={`me ${me.name} ${me.email}`} onSelect={() => pick(me.id)} className={optionClass}>
                    Me ({me.email})
                  </Command.Item>
                )}
                {others.map((u) => (
                  <Command.Item key={u.id} value={`${u.name} ${u.email}`} onSelect={() => pick(u.id)} className={optionClass}>
                    {u.name ? `${u.name} (${u.email})` : u.email}
                  </Command.Item>
                ))}
                <Command.Item value="nobody unassign" onSelect={() => pick(null)} className={optionClass}>
                  Nobody (unassign)
                </Command.Item>
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
