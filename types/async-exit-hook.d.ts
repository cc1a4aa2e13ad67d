// The part of async-exit-hook (no types published) that db/embedded.ts uses.
declare module "async-exit-hook" {
  type ExitHook = ((hook: () => void) => void) & { unhookEvent: (event: string) => void };
  const exitHook: ExitHook;
  export default exitHook;
}
