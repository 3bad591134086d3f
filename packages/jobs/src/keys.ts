// Every key of one service's jobs carries one hash tag, so BullMQ's scripts and ours each touch a single Redis
// Cluster slot. The price is that one service's jobs live on one primary; the README says how much memory they need.

/** The BullMQ prefix and the root of our own keys for a service, e.g. `{jobs:brand}`. */
export function jobsPrefix (service: string): string {
  return `{jobs:${service}}`
}

export class JobKeys {
  constructor (readonly prefix: string) {}

  job (id: string): string { return `${this.prefix}:job:${id}` }
  chunk (id: string, chunk: number): string { return `${this.prefix}:job:${id}:chunk:${chunk}` }
  idempotency (owner: string, keyHash: string): string { return `${this.prefix}:idem:${owner}:${keyHash}` }
  host (host: string): string { return `${this.prefix}:host:${host}` }
  hostRequests (host: string): string { return `${this.prefix}:host-requests:${host}` }
  /** Set while a host asked for time (a 429, a 503 with Retry-After): no item of it starts, nor request to it, until it expires. */
  hostPause (host: string): string { return `${this.prefix}:host-pause:${host}` }
  inputs (id: string, chunk: number): string { return `${this.prefix}:job:${id}:inputs:${chunk}` }
  /** How many times each item of a job was worked again because its host asked for time, by index. */
  itemRetries (id: string): string { return `${this.prefix}:job:${id}:retries` }
  ticket (ticket: string): string { return `${this.prefix}:ticket:${ticket}` }
  /** The fair scheduler's ring of API keys with jobs to work, and each key's ring of jobs. */
  keyRing (): string { return `${this.prefix}:sched:keys` }
  ownerRing (owner: string): string { return `${this.prefix}:sched:owner:${owner}` }
  /** The refunds and callbacks due, written with the results or cancel that makes them due (see outbox.ts). */
  outbox (): string { return `${this.prefix}:outbox` }
}
