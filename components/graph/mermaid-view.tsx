"use client";

import { useEffect, useId, useRef, useState } from "react";
import { mermaidRefusal, withMermaidClassesRenamed } from "@/lib/graph/ownership-graph.shared";

type State = { status: "rendering" } | { status: "done" } | { status: "refused"; reason: string } | { status: "error"; message: string };

/** The nonce of this page's scripts (the proxy sets one per request); the browser hides it from attributes but not from `.nonce`. */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/** Gives every `<style>` tag in `markup` the nonce (replacing one serialised empty, as browsers hide nonces). */
function styleTagsWithNonce(markup: string, nonce: string): string {
  return markup.replace(/<style\b([^>]*)>/g, (_, attrs: string) => `<style nonce="${nonce}"${attrs.replace(/\snonce="[^"]*"/g, "")}>`);
}

/**
 * Runs mermaid's `render` so that the style elements it makes carry the page's nonce: those it creates with
 * `document.createElement("style")` (its measuring SVG), and those in markup it parses (DOMPurify parses the
 * finished SVG in a document that inherits the page's CSP). Both hooks are undone when it returns.
 */
async function withStyleNonce<T>(nonce: string | undefined, render: () => Promise<T>): Promise<T> {
  if (!nonce) return render();
  const createElement = document.createElement;
  const parseFromString = DOMParser.prototype.parseFromString;
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (tagName.toLowerCase() === "style") element.setAttribute("nonce", nonce);
    return element;
  } as typeof document.createElement;
  DOMParser.prototype.parseFromString = function (this: DOMParser, markup: string, type: DOMParserSupportedType) {
    return parseFromString.call(this, styleTagsWithNonce(String(markup), nonce), type);
  };
  try {
    return await render();
  } finally {
    document.createElement = createElement;
    DOMParser.prototype.parseFromString = parseFromString;
  }
}

/**
 * Renders the snapshot's `mermaidDiagram`. Under the app's CSP (no unsafe-eval, styles only with the page's
 * nonce), mermaid runs with securityLevel "strict" and SVG text labels (no HTML in foreignObject). Mermaid
 * measures text in a temporary SVG holding a `<style>`: while it renders, style elements get the page's
 * nonce (withStyleNonce), so its styles apply and nothing is blocked; so does the final SVG's `<style>`
 * before it enters the page. No unsafe-inline, no unsafe-eval.
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
        const nonce = pageNonce();
        const { svg } = await withStyleNonce(nonce, () => mermaid.render(id, withMermaidClassesRenamed(diagram)));
        if (cancelled || !container.current) return;
        const parsed = new DOMParser().parseFromString(nonce ? styleTagsWithNonce(svg, nonce) : svg, "image/svg+xml");
        const root = parsed.documentElement;
        if (root.nodeName !== "svg") throw new Error("Mermaid did not produce an SVG.");
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
      <div
        ref={container}
        className="max-h-[70vh] overflow-auto rounded-md border bg-white p-2 [&_svg]:h-auto [&_svg]:max-w-none"
        data-testid="mermaid-diagram"
      />
    </div>
  );
}
