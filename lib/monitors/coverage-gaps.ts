import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { datapointNoticeSchema } from "@/lib/registry/schemas.shared";

/** A monitored company with a datapoint the registry does not fetch until the vault holds a source's credentials. */
export type CoverageGap = {
  monitorId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  datapoint: string;
  message: string | undefined;
  /** The vault source whose credentials are missing; undefined when the registry's descriptors do not say which. */
  source: string | undefined;
};

export type CoverageGaps = {
  gaps: CoverageGap[];
  /** Reading the vault's sources failed: no gap's source is known, and the panel says why. */
  sourcesError: RegistryErrorInfo | undefined;
};

const blocked = "blocked_missing_credentials";

async function vaultSourceKeys(registry: Registry): Promise<{ keys: string[]; error?: RegistryErrorInfo }> {
  try {
    return { keys: (await registry.client.vaultSources()).map((s) => s.key) };
  } catch (error) {
    if (error instanceof RegistryError) return { keys: [], error: error.toInfo() };
    throw error;
  }
}

/**
 * Every datapoint blocked on missing credentials among the connection's live monitors (not stopped here, not
 * deactivated), as the console last read their `datapointNotices`, each with the vault source to supply: the
 * source among the registry's descriptors (`GET /v2/vault/sources`) that the notice names.
 */
export async function coverageGaps(registry: Registry): Promise<CoverageGaps> {
  const [rows, sources] = await Promise.all([
    db()
      .select({
        monitorId: monitors.monitorId,
        countryCode: monitors.countryCode,
        companyId: monitors.companyId,
        companyName: monitors.companyName,
        notices: monitors.datapointNotices,
      })
      .from(monitors)
      .where(
        and(
          eq(monitors.connectionId, registry.connection.id),
          isNull(monitors.stoppedAt),
          isNull(monitors.deactivatedAt),
          sql`jsonb_array_length(${monitors.datapointNotices}) > 0`,
        ),
      )
      .orderBy(monitors.countryCode, monitors.companyId),
    vaultSourceKeys(registry),
  ]);
  const gaps = rows.flatMap(({ notices, ...company }) =>
    notices.flatMap((raw): CoverageGap[] => {
      const notice = datapointNoticeSchema.safeParse(raw);
      if (!notice.success || notice.data.status !== blocked) return [];
      const { datapoint, message } = notice.data;
      return [{ ...company, datapoint, message, source: missingSource(message, sources.keys) }];
    }),
  );
  return { gaps, sourcesError: sources.error };
}

/**
 * Which vault source a blocked datapoint waits for. The notice carries only a message ("Add infogreffe credentials
 * to the vault…"), so the source is the one of the registry's source keys (`GET /v2/vault/sources`) the message
 * names as a word; none, or more than one, is unknown. Pure.
 */
export function missingSource(message: string | undefined, sourceKeys: readonly string[]): string | undefined {
  if (!message) return undefined;
  const words = new Set(message.toLowerCase().split(/[^\p{L}\p{N}_-]+/u));
  const named = sourceKeys.filter((key) => words.has(key.toLowerCase()));
  return named.length === 1 ? named[0] : undefined;
}
