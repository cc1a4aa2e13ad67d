import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";
import { csvResponse, csvStream, type CsvRows, type CsvStreamEnd } from "./csv-stream";

async function* batchesOf(...batches: CsvRows[]): AsyncGenerator<CsvRows> {
  for (const batch of batches) yield batch;
}

const decoder = new TextDecoder();

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  const chunks: string[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(decoder.decode(next.value));
  return chunks;
}

describe("the CSV stream", () => {
  it("writes the header, then each batch as it is read, and says how many lines went out", async () => {
    const ends: CsvStreamEnd[] = [];
    const stream = csvStream(["a", "b"], batchesOf([["1", "=2"]], [], [["3", "x\ny"]]), async (end) => void ends.push(end));
    const chunks = await chunksOf(stream);
    expect(chunks).toEqual(["a,b\r\n", `"1","'=2"\r\n`, `"3","x\ny"\r\n`]);
    expect(Papa.parse<string[]>(chunks.join(""), { skipEmptyLines: true }).data).toEqual([
      ["a", "b"],
      ["1", "'=2"],
      ["3", "x\ny"],
    ]);
    expect(ends).toEqual([{ rows: 2, complete: true }]);
  });

  it("reads a batch only when the reader asks for one", async () => {
    const read = vi.fn();
    async function* counted(): AsyncGenerator<CsvRows> {
      for (let i = 0; i < 3; i++) {
        read(i);
        yield [[String(i)]];
      }
    }
    const reader = csvStream(["n"], counted(), async () => {}).getReader();
    await reader.read(); // the header
    expect(read).not.toHaveBeenCalled();
    await reader.read();
    expect(read).toHaveBeenCalledTimes(1);
    await reader.cancel();
  });

  it("stops reading and reports an incomplete export when the download is cancelled", async () => {
    const finished = vi.fn();
    async function* endless(): AsyncGenerator<CsvRows> {
      try {
        for (let i = 0; ; i++) yield [[String(i)]];
      } finally {
        finished();
      }
    }
    const ends: CsvStreamEnd[] = [];
    const reader = csvStream(["n"], endless(), async (end) => void ends.push(end)).getReader();
    await reader.read();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(ends).toEqual([{ rows: 2, complete: false }]);
  });

  it("breaks the download off when a batch fails to read, still reporting what went out", async () => {
    async function* failing(): AsyncGenerator<CsvRows> {
      yield [["1"]];
      throw new Error("the database went away");
    }
    const ends: CsvStreamEnd[] = [];
    const reader = csvStream(["n"], failing(), async (end) => void ends.push(end)).getReader();
    await reader.read();
    await reader.read();
    await expect(reader.read()).rejects.toThrow("the database went away");
    expect(ends).toEqual([{ rows: 1, complete: false }]);
  });

  it("answers as a dated attachment that is never cached", () => {
    const response = csvResponse("alerts", "a\r\n");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-alerts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
