/** A time as the console prints it in lists: `2026-11-24 21:05` (UTC, to the minute). Client-safe. */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
