"use client";

import { useEffect, useRef, useState } from "react";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { pollDelayMs, shouldPoll, webhookGraceMs } from "@/lib/requests/polling-plan.shared";

export type PollingState = { active: boolean; unchanged: number; error?: RegistryErrorInfo };

type Watched = { version: number; complete: boolean; webhooksConfigured: boolean };

/**
 * Polls (through `poll`, which asks the console to read the registry) while `shouldPoll` says webhooks are
 * not arriving, backing off while polls bring nothing new, and stops once the request is complete.
 */
export function usePollingFallback(
  request: Watched,
  liveOpen: boolean,
  poll: () => Promise<{ version: number; error?: RegistryErrorInfo }>,
): PollingState {
  const [lastChangeAt, setLastChangeAt] = useState(() => Date.now());
  const [state, setState] = useState<PollingState>({ active: false, unchanged: 0 });
  const [wakeUps, setWakeUps] = useState(0);
  const seenVersion = useRef(request.version);

  useEffect(() => {
    if (request.version === seenVersion.current) return;
    seenVersion.current = request.version;
    setLastChangeAt(Date.now());
  }, [request.version]);

  useEffect(() => {
    if (request.complete) return;
    const inputs = { complete: false, webhooksConfigured: request.webhooksConfigured, liveOpen, lastChangeAt };
    if (!shouldPoll({ ...inputs, now: Date.now() })) {
      // Look again when the grace period for webhooks runs out.
      const timer = setTimeout(() => setWakeUps((n) => n + 1), lastChangeAt + webhookGraceMs - Date.now() + 50);
      return () => clearTimeout(timer);
    }
    let cancelled = false;
    const timer = setTimeout(
      async () => {
        const before = seenVersion.current;
        const result = await poll().catch(() => ({ version: before, error: undefined }));
        if (cancelled) return;
        setState((s) => ({ active: true, unchanged: result.version !== before ? 0 : s.unchanged + 1, error: result.error }));
      },
      state.active ? pollDelayMs(state.unchanged) : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `poll` is a new function each render; what it does depends only on the request id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.complete, request.webhooksConfigured, liveOpen, lastChangeAt, state, wakeUps]);

  return { ...state, active: state.active && !request.complete };
}
