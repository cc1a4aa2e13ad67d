import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { WorkspaceSummary } from "@/lib/registry/schemas.shared";

/**
 * Picks the workspace whose vault the page shows: from the registry's list, or by name when the registry does not
 * list workspaces (`missing` says why). A plain GET form: the page reads the name from the address.
 */
export function WorkspacePicker({ workspaces, missing, current }: { workspaces?: WorkspaceSummary[]; missing?: string; current: string }) {
  return (
    <form method="get" action="/vault" aria-label="Pick a workspace" className="space-y-1">
      <label htmlFor="vault-workspace" className="text-sm font-medium">
        Workspace
      </label>
      <div className="flex flex-wrap items-center gap-2">
        {workspaces ? (
          <NativeSelect id="vault-workspace" name="workspace" defaultValue={current}>
            {workspaces.map((w) => (
              <option key={w.id} value={w.name}>
                {w.name}
                {w.isDefault ? " (default)" : ""}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input id="vault-workspace" name="workspace" defaultValue={current} autoComplete="off" spellCheck={false} className="w-72" />
        )}
        <Button type="submit" variant="outline">
          Show its vault
        </Button>
      </div>
      {missing && <p className="text-sm text-muted-foreground">{missing} Type the workspace&apos;s name instead.</p>}
    </form>
  );
}
