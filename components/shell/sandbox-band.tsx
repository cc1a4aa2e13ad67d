import { FlaskConical } from "lucide-react";

/**
 * Marks every page while a sandbox connection is active, as payment consoles mark test mode. A region landmark of its
 * own, so that no text of the page sits outside a landmark.
 */
export function SandboxBand({ name }: { name: string }) {
  return (
    <section
      aria-label="Sandbox"
      className="flex items-center justify-center gap-2 bg-warning px-4 py-1 text-xs font-medium text-warning-foreground"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <p className="min-w-0">
        Sandbox · {name}: generated data and a virtual wallet; nothing here is a real register extract or a real charge.
      </p>
    </section>
  );
}
