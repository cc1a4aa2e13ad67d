// wawoff2 ships no types: its decompress entry turns a WOFF2 font into TrueType bytes (WebAssembly, no native code).
declare module "wawoff2/decompress" {
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
