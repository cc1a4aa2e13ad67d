"use client";

import { useEffect, useId, useRef, useState } from "react";
import { mermaidRefusal } from "@/lib/graph/ownership-graph";

type State = { status: "rendering" } | { status: "done" } | { status: "refused"; reason: string } | { status: "error"; message: string };

/** The nonce of this page's scripts (the proxy sets one per request); the browser hides it from attributes but not from `.nonce`. */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/**
 * Renders the snapshot's `mermaidDiagram`. Under the app's CSP (no unsafe-eval, styles only with the page's
 * nonce), mermaid runs with securityLevel "strict" and SVG text labels (no HTML in foreignObject); the
 * `<style>` element mermaid puts inside its SVG is given the page's nonce before the SVG enters the page.
 * Diagrams beyond mermaid's default limits are not attempted: the reason is shown with a pointer to the graph.
 */
export function MermaidView({ diagram, onShowGraph }: { diagram: string; onShowGraph: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const refusal = mermaidRefusal(diagram);
  const [state, setState] = useState<State>({ status: "rendering" });

  useEffect(() => {
    if (refusal) return;
    let cancelled = false;
    void (async () => {
      try {
        const { default: mermaid } = await import("mermaid");
        mermaid.initialize({ startOnLoad: false, securityLevel: "strict", flowchart: { htmlLabels: false }, htmlLabels: false });
        const { svg } = await mermaid.render(id, diagram);
        if (cancelled || !container.current) return;
        const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
        const root = parsed.documentElement;
        if (root.nodeName !== "svg") throw new Error("Mermaid did not produce an SVG.");
        const nonce = pageNonce();
        for (const style of Array.from(root.querySelectorAll("style"))) {
          if (nonce) style.setAttribute("nonce", nonce);
        }
        root.setAttribute("role", "img");
        root.setAttribute("aria-label", "Ownership diagram (Mermaid)");
        container.current.replaceChildren(document.importNode(root, true));
        setState({ status: "done" });
      } catch (error) {
        if (!cancelled) setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [diagram, id, refusal]);

  if (refusal) {
    return (
      <div role="status" className="rounded-md border border-warning/60 px-4 py-3 text-sm" data-testid="mermaid-refused">
        <p>Mermaid does not render this diagram: {refusal}</p>
        <p className="mt-1">
          The{" "}
          <button type="button" className="font-medium underline underline-offset-2" onClick={onShowGraph}>
            graph view
          </button>{" "}
          shows every node and link.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {state.status === "rendering" && <p className="text-sm text-muted-foreground">Rendering the diagram…</p>}
      {state.status === "error" && (
        <div role="alert" className="rounded-md border border-destructive/40 px-4 py-3 text-sm">
          <p className="text-destructive">Mermaid could not render this diagram: {state.message}</p>
          <button type="button" className="mt-1 font-medium underline underline-offset-2" onClick={onShowGraph}>
            Show the graph view
          </button>
        </div>
      )}
      <div ref={container} className="max-h-[70vh] overflow-auto rounded-md border bg-white p-2 [&_svg]:h-auto [&_svg]:max-w-none" data-testid="mermaid-diagram" />
    </div>
  );
}
