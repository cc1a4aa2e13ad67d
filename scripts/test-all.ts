/**
 * `npm test`: everything, in the order that fails fastest: the browser is there, then lint and types (side by side:
 * each keeps one core busy), unit tests, integration tests, the production build and the browser tests. Stops at the
 * first step that fails, and ends with each step's time, so a slow step is seen where it happens.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWhenStale } from "./build-stamp";
import { ensureBrowser } from "./check-browser";

const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => console.log(`[test] ${line}`);

type Step = { name: string; run: () => Promise<void> };

function npm(...args: string[]): () => Promise<void> {
  return () =>
    new Promise((resolve, reject) =>
      spawn("npm", args, { cwd: root, stdio: "inherit" }).on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`npm ${args.join(" ")} exited with ${code}`)),
      ),
    );
}

const steps: Step[][] = [
  [
    {
      name: "browser",
      run: async () => {
        const problem = ensureBrowser();
        if (problem) throw new Error(problem);
      },
    },
  ],
  [
    { name: "lint", run: npm("run", "lint") },
    { name: "typecheck", run: npm("run", "typecheck") },
  ],
  [{ name: "unit", run: npm("exec", "--", "vitest", "run", "--project", "unit") }],
  [{ name: "integration", run: npm("run", "test:integration") }],
  [{ name: "build", run: () => buildWhenStale(root, say) }],
  [{ name: "e2e", run: npm("run", "test:e2e") }],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const times: string[] = [];
  const started = performance.now();
  for (const group of steps) {
    const outcomes = await Promise.allSettled(
      group.map(async (step) => {
        const start = performance.now();
        try {
          await step.run();
        } finally {
          times.push(`${step.name} ${seconds(performance.now() - start)}`);
        }
      }),
    );
    const failed = outcomes.flatMap((outcome, i) => (outcome.status === "rejected" ? [`${group[i]!.name}: ${outcome.reason}`] : []));
    if (failed.length > 0) {
      say(`failed at ${failed.join("; ")}`);
      say(`times: ${times.join(", ")}`);
      return 1;
    }
  }
  say(`times: ${times.join(", ")}; total ${seconds(performance.now() - started)}`);
  return 0;
}

main().then((code) => process.exit(code));
