import { gzipSync } from "node:zlib";

/**
 * The JavaScript a browser downloads on a first visit to `path`: every script the HTML names,
 * gzip-compressed, summed in bytes.
 */
export async function firstLoadJsGzip(origin: string, path: string, cookie = ""): Promise<{ bytes: number; scripts: number }> {
  const html = await (await fetch(origin + path, { headers: { cookie }, redirect: "manual" })).text();
  // `noModule` scripts (Next's legacy polyfills) are skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snoModule/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1]!))];
  let bytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return { bytes, scripts: sources.length };
}
