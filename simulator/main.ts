/**
 * `npm run simulator`: the registry simulator on its own (npm start runs it beside the console).
 * It prints its sandbox API key and webhook signing secret, or takes them from SIM_API_KEY and
 * SIM_WEBHOOK_SECRET; state is kept in SIM_STATE_FILE across restarts.
 */
import { serve } from "@hono/node-server";
import { generateApiKey, readConfig } from "./config";
import { createSimulator } from "./server";
import { generateSigningSecret } from "./webhooks/sign";

const config = readConfig();
const apiKey = config.SIM_API_KEY ?? generateApiKey();
const webhookSecret = config.SIM_WEBHOOK_SECRET ?? generateSigningSecret();
const publicUrl = `http://${config.SIM_HOST}:${config.SIM_PORT}`;
const simulator = createSimulator({
  apiKey,
  webhookSecret,
  publicUrl,
  stateFile: config.SIM_STATE_FILE,
  walletCredits: config.SIM_WALLET_CREDITS,
  webhookUrl: config.SIM_WEBHOOK_URL,
  chaos: { duplicateRate: config.SIM_CHAOS_DUPLICATE_RATE, reorderWindowMs: config.SIM_CHAOS_REORDER_MS },
});

const server = serve({ fetch: simulator.app.fetch, hostname: config.SIM_HOST, port: config.SIM_PORT }, () => {
  console.log(`[simulator] Registry simulator at ${publicUrl}/v2 (control API under /_sim/)`);
  console.log(`[simulator] API key:        ${apiKey}`);
  console.log(`[simulator] Signing secret: ${webhookSecret}`);
  console.log(`[simulator] Webhooks go to: ${simulator.ctx.webhookEndpoint() ?? "(none yet: PUT /_sim/webhook-endpoint)"}`);
});
server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `[simulator] Port ${config.SIM_PORT} is already in use. Set SIM_PORT to another port.`
      : `[simulator] ${error.message}`,
  );
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void simulator.close().finally(() => process.exit(0));
  });
}
