/**
 * The billing events list's filters (kind and workspace), one predicate for the list in the browser and for its CSV
 * export, so the file holds the events the list's filters select. Pure.
 */

/** The URL parameters of the filters: named for the events section, so /billing's other sections keep theirs. */
export const eventFilterParams = { kind: "eventKind", workspace: "eventWorkspace" } as const;
/** The workspace filter's value for account-level events (no workspace). */
export const accountLevel = "account";

/** An empty value filters nothing. */
export type EventFilter = { kind: string; workspace: string };

export const matchesEventFilter = (event: { kind: string; workspaceId: string | null }, { kind, workspace }: EventFilter): boolean =>
  (!kind || event.kind === kind) && (!workspace || (event.workspaceId ?? accountLevel) === workspace);
