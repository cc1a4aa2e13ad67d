"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

type Failure = { ok: false; code: string; error: string };
export type FeedActions = {
  create: (input: Record<string, never>) => Promise<{ ok: true; data: { path: string } } | Failure>;
  revoke: (input: { feedId: string }) => Promise<{ ok: true; data: undefined } | Failure>;
};

/**
 * The caller's personal .ics feed: create it (its URL is shown once, as only its hash is kept), or revoke it, after
 * which calendar apps get 401. Creating a new one revokes the previous one.
 */
export function FeedPanel({
  feed,
  revoked,
  actions,
}: {
  feed: { id: string; createdAt: string } | null;
  /** The newest feed, when it no longer answers: when and why (e.g. "password changed"). */
  revoked: { at: string; reason: string | null } | null;
  actions: FeedActions;
}) {
  const [pending, startTransition] = useTransition();
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState<"create" | "revoke">();

  const create = () =>
    startTransition(async () => {
      setError(undefined);
      const answer = await actions.create({});
      if (answer.ok) setUrl(new URL(answer.data.path, window.location.origin).toString());
      else setError(answer.error);
    });
  const revoke = (feedId: string) =>
    startTransition(async () => {
      setError(undefined);
      const answer = await actions.revoke({ feedId });
      if (answer.ok) setUrl(undefined);
      else setError(answer.error);
    });

  return (
    <section aria-labelledby="feed-heading" className="space-y-3 rounded-lg border p-4">
      <h2 id="feed-heading" className="text-lg font-semibold">
        Subscribe from a calendar app
      </h2>
      <p className="text-sm text-muted-foreground">
        A personal feed URL lists every deadline (without the filters above). Anyone holding the URL can read it, so keep it private; it
        stops working when you revoke it, and is revoked for you when your password changes (by you or by an admin&apos;s reset), your role
        changes or your account is deactivated: make a new one after that.
      </p>
      {url && (
        <div className="space-y-1">
          <label htmlFor="feed-url" className="text-sm font-medium">
            Your feed URL (shown once: copy it into your calendar app now)
          </label>
          <Input id="feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
      <p className="text-sm" data-testid="feed-status">
        {feed
          ? `Your feed is active since ${feed.createdAt.replace("T", " ").slice(0, 16)} UTC.`
          : revoked
            ? `You have no active feed: your last one was revoked on ${revoked.at.replace("T", " ").slice(0, 16)} UTC${revoked.reason ? ` (${revoked.reason})` : ""}.`
            : "You have no active feed."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pending} onClick={() => (feed ? setConfirming("create") : create())}>
          {feed ? "Replace feed URL" : "Create feed URL"}
        </Button>
        {feed && (
          <Button size="sm" variant="outline" disabled={pending} onClick={() => setConfirming("revoke")}>
            Revoke feed
          </Button>
        )}
      </div>
      <FormError message={error} />
      <ConfirmDialog
        confirm={
          confirming === "revoke"
            ? {
                title: "Revoke your calendar feed?",
                body: "Calendar apps subscribed to it will stop receiving deadlines.",
                action: "Revoke feed",
              }
            : confirming === "create"
              ? {
                  title: "Replace your feed URL?",
                  body: "The current URL stops working; you will get a new one.",
                  action: "Replace feed URL",
                }
              : undefined
        }
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const what = confirming;
          setConfirming(undefined);
          if (what === "create") create();
          else if (what === "revoke" && feed) revoke(feed.id);
        }}
      />
    </section>
  );
}
