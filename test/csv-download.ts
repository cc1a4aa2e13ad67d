import Papa from "papaparse";

/** A cell starting with each character a spreadsheet may run as a formula, and how the audit export writes it. */
export const hostileCells = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] as const;
export const defused = (cell: string) => `'${cell}`;

/** The body of a CSV download, chunk by chunk as the route streamed it. */
export async function csvChunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(decoder.decode(next.value, { stream: true }));
  return chunks;
}

/** The header and the lines of a CSV download. */
export async function csvTable(response: Response): Promise<{ header: string[]; lines: string[][]; chunks: string[] }> {
  const chunks = await csvChunks(response);
  const [header, ...lines] = Papa.parse<string[]>(chunks.join(""), { skipEmptyLines: true }).data;
  return { header: header ?? [], lines, chunks };
}
