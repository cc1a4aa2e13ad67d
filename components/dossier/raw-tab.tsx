"use client";

import { useState } from "react";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { signedUrlWithheld } from "@/lib/dossier/withhold-signed-urls.shared";
import { Button } from "@/components/ui/button";

/** The current snapshot as JSON (signed URLs withheld by the server), with its version and time, to copy or download. */
export function RawTab({
  requestId,
  snapshot,
  version,
  updatedAt,
}: {
  requestId: string;
  snapshot: CompanyResponse | null;
  version: number;
  updatedAt: string;
}) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const json = JSON.stringify(snapshot, null, 2);
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${requestId}-v${version}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground">
          Version {version}, updated {updatedAt.slice(0, 19).replace("T", " ")} UTC
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(json).then(
              () => setCopied("copied"),
              () => setCopied("failed"),
            )
          }
        >
          Copy JSON
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          Download JSON
        </Button>
        <span role="status" className="text-xs text-muted-foreground">
          {copied === "copied" ? "Copied." : copied === "failed" ? "The browser refused the clipboard; select the text instead." : ""}
        </span>
      </div>
      {json.includes(signedUrlWithheld) && (
        <p className="text-xs text-muted-foreground" data-testid="raw-withheld-note">
          Document links read “{signedUrlWithheld}”: the Documents tab downloads each file through the console, which records the download.
        </p>
      )}
      <pre className="max-h-[32rem] overflow-auto rounded-md border p-3 text-xs" data-testid="raw-snapshot" tabIndex={0}>
        {json}
      </pre>
    </div>
  );
}
