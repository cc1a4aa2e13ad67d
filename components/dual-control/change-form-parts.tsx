import { Button } from "@/components/ui/button";

/** The closed state of a change form: the button that opens it, and what the last change sent came to. */
export function ChangeFormOpener({ outcome, onOpen, children }: { outcome?: string; onOpen: () => void; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <Button type="button" size="sm" variant="outline" onClick={onOpen}>
        {children}
      </Button>
      {outcome && (
        <p role="status" className="text-xs">
          {outcome}
        </p>
      )}
    </div>
  );
}

/** A change form's send and Cancel buttons, both disabled while it is being sent. */
export function ChangeFormButtons({
  label,
  destructive = false,
  pending,
  onCancel,
}: {
  label: string;
  destructive?: boolean;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" variant={destructive ? "destructive" : "default"} disabled={pending}>
        {label}
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
