"use client";

import { Plug } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import type { ConnectionEdit, PendingTargetChange } from "@/lib/connections/connection-target-change";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import {
  createConnectionAction,
  deleteConnectionAction,
  testConnectionAction,
  updateConnectionAction,
  type ConnectionTestResult,
} from "./actions";
import { ConnectionFormDialog } from "./connection-form-dialog";

function TestOutcome({ result }: { result: ConnectionTestResult }) {
  if (result.reachable) {
    return (
      <span className="text-sm text-success">
        Reachable in {result.latencyMs} ms · key accepted · {result.monitors} monitor{result.monitors === 1 ? "" : "s"}
      </span>
    );
  }
  const { error } = result;
  return (
    <span className="text-sm text-destructive">
      {error.status ? `${error.status} ` : ""}
      <code className="font-mono">{error.code}</code>: {error.message} ({result.latencyMs} ms)
      {error.retryAfter !== undefined && ` Retry after ${error.retryAfter} s.`}
    </span>
  );
}

function PendingTargetNote({ change }: { change: PendingTargetChange }) {
  const { details } = change;
  const what = [
    details.baseUrl !== details.previousBaseUrl && `base URL → ${details.baseUrl}`,
    details.apiKey && `API key → ${details.apiKey}`,
    details.webhookSecret && `signing secret ${details.webhookSecret}`,
  ].filter(Boolean);
  return (
    <p className="mt-1 text-sm font-normal">
      <Badge variant="warning">Waiting for a second admin</Badge> {what.join(", ")} (asked by {change.requestedByEmail}, until{" "}
      {change.expiresAt.slice(0, 16).replace("T", " ")} UTC).
    </p>
  );
}

const savedTitle = (editing: boolean, result: unknown) => {
  if (!editing) return "Connection added";
  const edit = result as ConnectionEdit | undefined;
  return edit?.targetChange === "pending" ? "Saved; the base URL or key change waits for a second admin" : "Connection saved";
};

export function ConnectionsAdmin({ connections, pending }: { connections: ConnectionView[]; pending: PendingTargetChange[] }) {
  const [dialog, setDialog] = useState<{ editing?: ConnectionView } | undefined>();
  const [deleting, setDeleting] = useState<ConnectionView>();
  const [tests, setTests] = useState<Record<string, ConnectionTestResult | "running">>({});

  async function runTest(connection: ConnectionView) {
    setTests((t) => ({ ...t, [connection.id]: "running" }));
    const result = await testConnectionAction({ id: connection.id });
    if (!result.ok) {
      toast({ title: "Test not run", description: result.error, variant: "destructive" });
      setTests(({ [connection.id]: _, ...rest }) => rest);
      return;
    }
    setTests((t) => ({ ...t, [connection.id]: result.data }));
  }

  async function confirmDelete() {
    if (!deleting) return;
    const result = await deleteConnectionAction({ id: deleting.id });
    toast(
      result.ok
        ? { title: "Connection deleted", description: deleting.name, variant: "success" }
        : { title: "Not deleted", description: result.error, variant: "destructive" },
    );
    setDeleting(undefined);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Connections</h1>
          <p className="text-sm text-muted-foreground">Registry API accounts the console calls. Keys stay on the server, encrypted.</p>
        </div>
        <Button onClick={() => setDialog({})}>
          <Plug className="size-4" aria-hidden /> Add connection
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Environment</TableHead>
            <TableHead>Base URL</TableHead>
            <TableHead>API key</TableHead>
            <TableHead>Webhook secret</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {connections.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                No connection yet. Add one with the base URL and API key from the registry&apos;s dashboard.
              </TableCell>
            </TableRow>
          )}
          {connections.map((c) => {
            const test = tests[c.id];
            return (
              <TableRow key={c.id} data-testid={`connection-${c.name}`}>
                <TableCell className="font-medium">
                  {c.name} {c.isDefault && <Badge variant="outline">Default</Badge>}
                  {pending
                    .filter((change) => change.connectionId === c.id)
                    .map((change) => (
                      <PendingTargetNote key={change.id} change={change} />
                    ))}
                  {test && test !== "running" && (
                    <div role="status" className="mt-1 font-normal">
                      <TestOutcome result={test} />
                    </div>
                  )}
                </TableCell>
                <TableCell>{c.environment === "sandbox" ? <Badge variant="warning">Sandbox</Badge> : <Badge>Production</Badge>}</TableCell>
                <TableCell className="max-w-64 truncate font-mono text-xs">{c.baseUrl}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{c.apiKeyHint}</TableCell>
                <TableCell>{c.hasWebhookSecret ? "Set" : "Not set"}</TableCell>
                <TableCell className="space-x-2 text-right whitespace-nowrap">
                  <Button size="sm" variant="outline" disabled={test === "running"} onClick={() => runTest(c)}>
                    {test === "running" ? "Testing…" : "Test connection"}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDialog({ editing: c })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setDeleting(c)}>
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {dialog && (
        <ConnectionFormDialog
          key={dialog.editing?.id ?? "new"}
          open
          editing={dialog.editing}
          onOpenChange={(open) => !open && setDialog(undefined)}
          submit={(fields, reason) =>
            dialog.editing ? updateConnectionAction({ id: dialog.editing.id, fields, reason }) : createConnectionAction(fields)
          }
          onSaved={(name, result) => toast({ title: savedTitle(Boolean(dialog.editing), result), description: name, variant: "success" })}
        />
      )}
      <ConfirmDialog
        confirm={
          deleting && {
            title: `Delete ${deleting.name}?`,
            body: "Its encrypted key and secret are removed. Users working with it switch to the default connection.",
            action: "Delete",
          }
        }
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}
