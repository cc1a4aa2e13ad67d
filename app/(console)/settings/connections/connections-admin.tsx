"use client";

import { Plug } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import type { ConnectionEdit } from "@/lib/connections/edit-connection";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { ConnectionTestResult } from "@/lib/connections/test-connection";
import type { WaitingConnectionChange } from "@/lib/connections/waiting-connection-changes";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { createConnectionAction, deleteConnectionAction, testConnectionAction, updateConnectionAction } from "./actions";
import { ConnectionFormDialog } from "./connection-form-dialog";
import { DeleteConnectionDialog } from "./delete-connection-dialog";
import { ErrorWords } from "@/components/connections/error-words";

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
      <ErrorWords error={error} /> ({result.latencyMs} ms)
      {error.retryAfter !== undefined && ` Retry after ${error.retryAfter} s.`}
    </span>
  );
}

/** A change waiting for a second admin, in words: it has not taken effect. */
function WaitingNote({ change }: { change: WaitingConnectionChange }) {
  return (
    <div className="mt-1 text-sm font-normal" data-change-id={change.id}>
      <Badge variant="warning">Waiting for a second admin</Badge> {change.what}
      {change.lines.length > 0 && `: ${change.lines.join("; ")}`} (asked by {change.requestedByEmail}, until{" "}
      {change.expiresAt.slice(0, 16).replace("T", " ")} UTC).
    </div>
  );
}

const waitingWords: Record<string, string> = {
  connection_target: "the base URL or key",
  connection_environment: "the environment",
  connection_default: "the default",
};

/** What the toast says once the form is sent: added or saved, or what now waits for a second admin. */
function savedToast(editing: boolean, result: unknown): { title: string; description?: string } {
  if (!editing) {
    const outcome = result as SubmittedOutcome;
    return outcome.state === "pending"
      ? { title: "Waiting for a second admin: the connection exists once approved" }
      : { title: "Connection added", description: outcome.warning };
  }
  const edit = result as ConnectionEdit;
  if (edit.waiting.length === 0) return { title: "Connection saved", description: edit.warning };
  return {
    title: `Saved; ${edit.waiting.map((kind) => waitingWords[kind]).join(", ")} waits for a second admin`,
    description: edit.warning,
  };
}

export function ConnectionsAdmin({
  connections,
  waiting,
}: {
  connections: ConnectionView[];
  waiting: { creations: WaitingConnectionChange[]; byConnection: Record<string, WaitingConnectionChange[]> };
}) {
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

  function deleteSent(name: string, outcome: SubmittedOutcome) {
    setDeleting(undefined);
    toast(
      outcome.state === "pending"
        ? { title: "Deletion waits for a second admin", description: name, variant: "success" }
        : { title: "Connection deleted", description: outcome.warning ?? name, variant: "success" },
    );
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
      {waiting.creations.length > 0 && (
        <section aria-labelledby="waiting-creations" className="rounded-md border p-3">
          <h2 id="waiting-creations" className="text-sm font-semibold">
            New connections waiting for a second admin (nobody can use them until approved)
          </h2>
          {waiting.creations.map((change) => (
            <WaitingNote key={change.id} change={change} />
          ))}
        </section>
      )}
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
                  {waiting.byConnection[c.id]?.map((change) => (
                    <WaitingNote key={change.id} change={change} />
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
            dialog.editing ? updateConnectionAction({ id: dialog.editing.id, fields, reason }) : createConnectionAction({ fields, reason })
          }
          onSaved={(name, result) => {
            const { title, description } = savedToast(Boolean(dialog.editing), result);
            toast({ title, description: description ?? name, variant: "success" });
          }}
        />
      )}
      {deleting && (
        <DeleteConnectionDialog
          connection={deleting}
          onClose={() => setDeleting(undefined)}
          request={deleteConnectionAction}
          onSent={(outcome) => deleteSent(deleting.name, outcome)}
        />
      )}
    </div>
  );
}
