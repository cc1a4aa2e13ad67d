/**
 * Reads an iCalendar document back (RFC 5545 §3.1 unfolding, §3.3.11 text unescaping) without the library that
 * wrote it, so tests check the text a calendar app receives rather than the writer's own idea of it.
 */
export type IcsEvent = Record<string, { params: string; value: string }>;

export function parseIcs(text: string): { calendar: IcsEvent; events: IcsEvent[] } {
  if (!text.startsWith("BEGIN:VCALENDAR\r\n")) throw new Error("not an iCalendar document (or lines not ended by CRLF)");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  if (lines.at(-1) !== "END:VCALENDAR") throw new Error("the calendar is not closed");
  const calendar: IcsEvent = {};
  const events: IcsEvent[] = [];
  let event: IcsEvent | undefined;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") event = {};
    else if (line === "END:VEVENT") {
      if (!event) throw new Error("END:VEVENT without BEGIN");
      events.push(event);
      event = undefined;
    } else {
      const match = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
      if (!match) throw new Error(`not a content line: ${line}`);
      const value = match[3]!.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
      (event ?? calendar)[match[1]!] = { params: match[2]!, value };
    }
  }
  if (event) throw new Error("an event is not closed");
  return { calendar, events };
}
