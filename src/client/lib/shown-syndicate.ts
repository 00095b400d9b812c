/**
 * The syndicate the pages show (the router sets it from the syndicates list), sent with every write
 * (SYNDICATE_HEADER): a tab that still shows a syndicate its session has left (another tab
 * switched) has its write refused, 409 SYNDICATE_CHANGED, instead of writing into the other one.
 */
let shown: number | null = null;

export function setShownSyndicate(id: number | null): void {
  shown = id;
}

export function shownSyndicate(): number | null {
  return shown;
}

/** Dispatched on window when the server refused a write for that reason; the app then reloads its data. */
export const SYNDICATE_CHANGED_EVENT = 'racing-syndicate:syndicate-changed';
