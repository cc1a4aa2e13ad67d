"use client";

import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** Shows a generated password once; it is not stored in clear anywhere and cannot be shown again. */
export function OneTimePasswordDialog({ shown, onClose }: { shown?: { email: string; password: string }; onClose: () => void }) {
  return (
    <Dialog open={Boolean(shown)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>One-time password for {shown?.email}</DialogTitle>
          <DialogDescription>
            Give it to the user through a safe channel. It is shown only now; at first sign-in they choose their own.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <code data-testid="one-time-password" className="flex-1 rounded-md bg-muted px-3 py-2 font-mono text-base">
            {shown?.password}
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy password"
            onClick={() => shown && navigator.clipboard?.writeText(shown.password)}
          >
            <Copy className="size-4" aria-hidden />
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
