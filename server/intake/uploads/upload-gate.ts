/** Bounds on the requests of one form in progress at once, and the body bytes they may hold together. */
export interface InProgressBounds {
  total: number;
  perClient: number;
  bytes: number;
}

/** Form posts being handled now, of every form: the load that uploads give way to. */
export function createPostLoad() {
  let inProgress = 0;
  return {
    /** A post is being handled until `left` is called. */
    arrived: () => {
      inProgress++;
    },
    left: () => {
      inProgress--;
    },
    /** Posts being handled now, the asking one included. */
    inProgress: () => inProgress,
  };
}
export type PostLoad = ReturnType<typeof createPostLoad>;

/** Why an upload was turned away: the server is flooded with posts, or the form's slots are taken. */
export type GateRefusal = "server-loaded" | "uploads-busy";

/** A slot an upload holds while its body is read and its work done. */
export interface UploadSlot {
  /** Counts bytes of the body as they arrive; false past the bound. */
  take(arrived: number): boolean;
  /** Gives the slot and its bytes back (once; later calls do nothing). */
  leave(): void;
}

export interface GateOptions {
  /**
   * Load shedding (UPLOAD_SHED_LOAD): while more than this many other form posts are being handled,
   * the upload is turned away so the leads of a flood keep the thread. Undefined: no shedding.
   */
  shedAt?: number | undefined;
  load: Pick<PostLoad, "inProgress">;
}

/**
 * Decides whether an upload may proceed: the form's requests in progress (in all and per client)
 * and the body bytes they hold stay within `bounds`, so a burst of uploads cannot hold memory and
 * the event loop, and none proceeds while the server is shedding load. `enter` takes a slot, or
 * tells why there is none.
 */
export function createUploadGate(bounds: InProgressBounds, options: GateOptions) {
  let bytes = 0;
  const perClient = new Map<string, number>();
  const slots = new Set<{ client: string; held: number }>();
  const release = (slot: { client: string; held: number }) => {
    if (!slots.delete(slot)) return;
    bytes -= slot.held;
    const left = (perClient.get(slot.client) ?? 1) - 1;
    if (left > 0) perClient.set(slot.client, left);
    else perClient.delete(slot.client);
  };

  function enter(client: string, declaredBytes: number): { refused: GateRefusal } | UploadSlot {
    // The asking request is one of those in progress: more than `shedAt` others is a flood.
    if (options.shedAt !== undefined && options.load.inProgress() - 1 > options.shedAt)
      return { refused: "server-loaded" };
    const fits =
      slots.size < bounds.total &&
      (perClient.get(client) ?? 0) < bounds.perClient &&
      bytes + declaredBytes <= bounds.bytes;
    if (!fits) return { refused: "uploads-busy" };
    const slot = { client, held: 0 };
    slots.add(slot);
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    return {
      take(arrived: number): boolean {
        if (bytes + arrived > bounds.bytes) return false;
        bytes += arrived;
        slot.held += arrived;
        return true;
      },
      leave: () => release(slot),
    };
  }

  return { enter };
}
