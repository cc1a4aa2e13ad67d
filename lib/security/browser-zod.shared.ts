/**
 * Import this module first in a browser module that validates with zod (before any module that builds a schema):
 * it turns zod's JIT off. Building an object schema otherwise probes `new Function("")`, and under the console's
 * Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a violation even though zod catches
 * it. Without the JIT, zod parses the same way, only without generated code. Harmless on the server.
 */
import { z } from "zod";

z.config({ jitless: true });
