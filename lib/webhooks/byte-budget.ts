import "server-only";
/**
 * How many body bytes all webhook deliveries of this process may hold at once, while they are read and until
 * they are answered. Each delivery holds what it has actually received (not what it declares, so a body sent a
 * byte at a time holds a byte); one that would take the total past the limit is refused, before its body is
 * read when its declared length already does, else at the chunk that does. Memory for bodies then stays bounded
 * however many senders, signed or not, post at once.
 */
export class ByteBudget {
  #inFlight = 0;

  constructor(readonly limit: number) {}

  /** The bytes held now by every delivery together. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** A hold for one delivery, or undefined when `declaredBytes` more would not fit now. */
  admit(declaredBytes: number): ByteHold | undefined {
    if (this.#inFlight + declaredBytes > this.limit) return undefined;
    let held = 0;
    return {
      take: (bytes) => {
        if (this.#inFlight + bytes > this.limit) return false;
        this.#inFlight += bytes;
        held += bytes;
        return true;
      },
      release: () => {
        this.#inFlight -= held;
        held = 0;
      },
    };
  }
}

export type ByteHold = {
  /** Counts `bytes` more as held; false (and nothing counted) when they would take the total past the limit. */
  take: (bytes: number) => boolean;
  /** Gives back everything this hold took; the delivery has been answered. Harmless twice. */
  release: () => void;
};
