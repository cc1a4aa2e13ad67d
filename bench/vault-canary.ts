/**
 * Figure for the vault: no vault action holds the payload in memory after its response.
 *   - 100 PUTs of credentials through lib/vault/store-credentials.ts (what the /vault action runs), in this process,
 *     against the launcher's simulator and database, each carrying the same canary password; then a forced garbage
 *     collection and a V8 heap snapshot, searched for the canary                                           goal 0
 *   - then 100 replacements of those credentials through lib/vault/replace-credentials.ts (a first admin asks, a
 *     second admin approves by entering a second canary: the dual-control path the /vault actions run), the same
 *     collection and search for the second canary                                                       goal 0
 *   - as a control, the same search finds a canary this process still holds (so 0 is not a blind search).
 * The canary lives in this script only as bytes outside the V8 heap (a Buffer), so the search does not find itself.
 * Run: npm run bench:vault-canary (node --expose-gc, react-server conditions), which starts the app.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { benchEmail, runBench, withBenchApp } from "./bench-app";

const puts = 100;

function collectGarbage() {
  if (!global.gc) throw new Error("run with node --expose-gc (npm run bench:vault-canary)");
  global.gc();
}

/** How many times `canary` occurs in a heap snapshot of this process taken now. */
function timesInHeap(canary: Buffer): number {
  collectGarbage();
  const file = writeHeapSnapshot(path.join(os.tmpdir(), `vault-canary-${process.pid}-${randomUUID()}.heapsnapshot`));
  try {
    const snapshot = readFileSync(file);
    let count = 0;
    for (let at = snapshot.indexOf(canary); at !== -1; at = snapshot.indexOf(canary, at + 1)) count++;
    return count;
  } finally {
    rmSync(file, { force: true });
  }
}

async function main() {
  await withBenchApp(async ({ databaseUrl, database, secret, simulatorConnectionId, sim }) => {
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret("auth-secret"),
      APP_ENCRYPTION_KEY: secret("encryption-key"),
    });
    const { findConnection } = await import("../lib/connections/manage-connections");
    const { openRegistry } = await import("../lib/connections/registry-for");
    const { storeCredentials } = await import("../lib/vault/store-credentials");
    const { approveReplacement, requestReplacement } = await import("../lib/vault/replace-credentials");
    const registry = (await openRegistry(await findConnection(await simulatorConnectionId())))!;
    const { rows } = await database.query(
      'select id, email, name, role, must_change_password as "mustChangePassword", session_version as "sessionVersion" from users where email = $1',
      [benchEmail],
    );
    const admin = rows[0];

    const canary = Buffer.from(`canary-${randomUUID()}`);
    const run = randomUUID().slice(0, 8);
    // Each PUT on a workspace of its own: a second PUT on one workspace would be a replacement (dual control).
    for (let i = 0; i < puts; i++) await sim("POST", "/v2/workspaces", { name: `canary-${run}-${i}`, legalName: `Canary ${i}` });
    let stored = 0;
    for (let i = 0; i < puts; i++) {
      const result = await storeCredentials(admin, registry, {
        workspace: `canary-${run}-${i}`,
        sourceKey: "infogreffe",
        payload: { email: "bench@example.com", password: canary.toString() },
      });
      if (result.ok) stored++;
    }
    if (stored !== puts) throw new Error(`only ${stored} of ${puts} PUTs were stored`);
    const found = timesInHeap(canary);

    // A second admin, so that dual control applies: each replacement waits, then is approved with the new values.
    const { rows: approvers } = await database.query(
      `insert into users (email, name, role, password_hash) values ($1, 'Second admin', 'admin', null)
       returning id, email, name, role, must_change_password as "mustChangePassword", session_version as "sessionVersion"`,
      [`second-${run}@registry-desk.test`],
    );
    const replacement = Buffer.from(`canary-${randomUUID()}`);
    let replaced = 0;
    for (let i = 0; i < puts; i++) {
      const workspace = `canary-${run}-${i}`;
      const asked = await requestReplacement(admin, registry, { workspace, sourceKey: "infogreffe", reason: "bench rotation" });
      if (!asked.ok || asked.data.state !== "pending") throw new Error(`replacement ${i} did not wait for a second admin`);
      const approved = await approveReplacement(approvers[0], registry, {
        changeId: asked.data.changeId,
        workspace,
        sourceKey: "infogreffe",
        payload: { email: "bench@example.com", password: replacement.toString() },
      });
      if (approved.ok) replaced++;
    }
    if (replaced !== puts) throw new Error(`only ${replaced} of ${puts} replacements were approved`);
    const foundAfterReplacements = timesInHeap(replacement);

    const control = Buffer.from(`canary-${randomUUID()}`);
    const held = [control.toString()];
    const foundWhileHeld = timesInHeap(control);
    held.length = 0;

    console.log(
      `canary found ${found} times in the heap after ${puts} PUTs (goal 0; control: a canary still held is found ${foundWhileHeld} times)`,
    );
    console.log(`canary found ${foundAfterReplacements} times in the heap after ${puts} replacements approved by a second admin (goal 0)`);
  });
}

runBench(main);
