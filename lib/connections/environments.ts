import "server-only";
/** Which kind of registry account a connection is (the values: `connectionEnvironments` in db/vocabulary.ts). */
import type { connectionEnvironments } from "@/db/vocabulary";

export type ConnectionEnvironment = (typeof connectionEnvironments)[number];
