import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { SimDelivery } from "@/lib/sandbox/sim-control";
import { markedLabel } from "@/lib/vocabulary/words.shared";

/** The simulator's webhook delivery attempts, most recent first. */
export function DeliveryLog({ deliveries, cap }: { deliveries: SimDelivery[]; cap: number }) {
  if (!deliveries.length) return <p className="text-sm text-muted-foreground">No delivery attempts yet.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">The {cap} most recent attempts at most, newest first, on the simulator&apos;s clock.</p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>At</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Message</TableHead>
            <TableHead>Attempt</TableHead>
            <TableHead>Outcome</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.map((d) => (
            <TableRow key={`${d.messageId}-${d.attempt}-${d.at}`}>
              <TableCell>{d.at}</TableCell>
              <TableCell>{markedLabel("webhookEventType", d.type)}</TableCell>
              <TableCell className="font-mono text-xs">{d.messageId}</TableCell>
              <TableCell>
                {d.attempt}
                {d.duplicate && " (chaos duplicate)"}
              </TableCell>
              <TableCell>
                {d.ok ? `delivered (${d.status})` : `failed${d.status ? ` (${d.status})` : ""}${d.error ? `: ${d.error}` : ""}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
