import "server-only";
import { csvHeaderLine, csvLine } from "./csv-writer";

export type CsvRows = readonly (readonly string[])[];

/** What a streamed export says of itself once the last line is out, or once the download is cancelled. */
export type CsvStreamEnd = { rows: number; complete: boolean };

/**
 * A CSV file as a byte stream: the header line, then one batch of lines each time the reader asks for more. Only
 * the batch being written is held in memory, so an export of any size costs one batch (the `batches` iterator
 * decides its size, reading the database a page at a time). `onEnd` runs once, after the last line is out or when
 * the download is cancelled or a batch fails to read, with the number of lines written: that is where an export is
 * audited.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<CsvRows>,
  onEnd: (end: CsvStreamEnd) => Promise<void>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let rows = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvHeaderLine(header)));
      },
      async pull(controller) {
        // An empty batch writes nothing: keep reading until a line or the end.
        for (;;) {
          let next: IteratorResult<CsvRows>;
          try {
            next = await iterator.next();
          } catch (error) {
            // The download breaks off (the browser reports it failed); what went out is still audited.
            await onEnd({ rows, complete: false });
            throw error;
          }
          if (next.done) {
            await onEnd({ rows, complete: true });
            controller.close();
            return;
          }
          if (next.value.length === 0) continue;
          rows += next.value.length;
          controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
          return;
        }
      },
      async cancel() {
        await iterator.return?.();
        await onEnd({ rows, complete: false });
      },
    },
    // One batch read ahead at most.
    { highWaterMark: 0 },
  );
}

/** The answer of a CSV download: `registry-desk-<name>-<day>.csv`, never cached. */
export function csvResponse(name: string, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registry-desk-${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
