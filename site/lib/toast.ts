type Listener = (message: string) => void;
const listeners = new Set<Listener>();
const pending: string[] = [];

/** Shows a toast; the toast library loads only when the first one is requested. */
export function notify(message: string): void {
  if (listeners.size === 0) pending.push(message);
  for (const listener of listeners) listener(message);
}

export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  for (const message of pending.splice(0)) listener(message);
  return () => listeners.delete(listener);
}
