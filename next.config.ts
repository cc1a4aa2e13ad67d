import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native argon2 bindings stay a plain Node require instead of being bundled; so do the evidence report's PDF
  // libraries, which read their own data files (pdfkit's font metrics, wawoff2's WebAssembly) beside their code.
  serverExternalPackages: ["@node-rs/argon2", "pdfkit", "fontkit", "wawoff2"],
  experimental: {
    // forbidden() renders app/forbidden.tsx with status 403.
    authInterrupts: true,
    // A customer list for a batch import travels as text to its server action: up to 2 MB (lib/batches/batch-csv.ts),
    // with room for its JSON encoding. Every other action's body stays small.
    serverActions: { bodySizeLimit: "3mb" },
  },
  // Headers that never vary; the Content-Security-Policy (with a per-request nonce) and HSTS are set in proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
