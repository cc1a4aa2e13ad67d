/** Milliseconds from sending a signed-in GET of `url` until the whole answer (a 200) has arrived. */
export async function fullResponseMs(url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - start;
}
