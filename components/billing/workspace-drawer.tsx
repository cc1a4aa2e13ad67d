"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * A workspace's row opens its drawer: a dialog along the right edge (the whole width on a phone) holding its
 * settings, override and spend. The trigger is the workspace's name.
 */
export function WorkspaceDrawer({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          className="h-auto whitespace-normal p-0 text-left font-medium [overflow-wrap:anywhere]"
          data-workspace-drawer={name}
        >
          {name}
        </Button>
      </DialogTrigger>
      {/* One column that may shrink below its content's widest line (minmax(0, 1fr)): its tables and chart fit the screen. */}
      <DialogContent className="inset-y-0 left-auto right-0 top-0 h-full max-h-dvh w-full max-w-full translate-x-0 translate-y-0 grid-cols-[minmax(0,1fr)] content-start overflow-y-auto rounded-none max-sm:p-4 sm:max-w-2xl">
        <DialogHeader className="pr-8">
          <DialogTitle className="[overflow-wrap:anywhere]">{name}</DialogTitle>
          <DialogDescription>Its high-usage settings, its override and its spend over the last 30 days.</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
