// The outbox: what the rest of the intake may use of it.
export { startOutbox, type OutboxOptions } from "./outbox";
export { enqueueDeliveries } from "./deliveries";
export type { AlertChannel } from "./alerts";
export { redeliver } from "./redeliver";
