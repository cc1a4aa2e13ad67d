"use client";

import { Button } from "@/components/ui/button";

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-3 py-16 text-center">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="text-muted-foreground">
        Something went wrong on the server. Nothing was changed.
        {error.digest && (
          <>
            {" "}
            Reference for the administrator: <code className="font-mono">{error.digest}</code>.
          </>
        )}
      </p>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
