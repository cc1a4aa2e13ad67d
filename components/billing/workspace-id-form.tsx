import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * Opens a workspace's override by its id, for a registry that does not list its workspaces (no GET /v2/workspaces).
 * A plain GET form: the page it opens checks the id before anything is read or sent.
 */
export function WorkspaceIdForm({ value, problem }: { value?: string; problem?: string }) {
  return (
    <form method="get" action="/billing/workspace" aria-label="Open a workspace's override by its id" className="space-y-1">
      <label htmlFor="workspace-id" className="text-sm font-medium">
        Workspace id (UUID)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id="workspace-id"
          name="id"
          defaultValue={value}
          autoComplete="off"
          spellCheck={false}
          className="w-96 max-w-full font-mono"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "workspace-id-problem" : undefined}
        />
        <Button type="submit" variant="outline">
          Open its override
        </Button>
      </div>
      {problem && (
        <p id="workspace-id-problem" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
