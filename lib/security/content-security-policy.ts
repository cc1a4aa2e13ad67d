import "server-only";
/**
 * The Content-Security-Policy for a page. Scripts run only with the request's nonce ('strict-dynamic'
 * lets them load the app's chunks); `unsafe-eval` only in development, where React needs it.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline style attributes; style elements still need the nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const hsts = "max-age=31536000; includeSubDomains";
