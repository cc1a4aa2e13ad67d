import { randomBytes, randomUUID } from "node:crypto";

export const newRequestId = () => `req_${randomBytes(12).toString("base64url")}`;
export const newMonitorId = () => `mon_${randomBytes(10).toString("base64url")}`;
export const newUuid = () => randomUUID();

/** Opaque cursors: the offset of the next item, base64url-encoded. */
export const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return 0;
  const match = Buffer.from(cursor, "base64url")
    .toString()
    .match(/^o:(\d+)$/);
  return match ? Number(match[1]) : undefined;
}
