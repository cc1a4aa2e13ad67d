/** Client-safe: which kind of registry account a connection is. */
export const connectionEnvironments = ["production", "sandbox"] as const;
export type ConnectionEnvironment = (typeof connectionEnvironments)[number];
