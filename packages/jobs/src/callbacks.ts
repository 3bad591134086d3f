import { FetchError, type SafeFetcher } from '@utility-apis/safe-fetch'
import { Webhook } from 'standardwebhooks'
import type { JobStatus } from './types.js'

export type CallbackType = 'job.completed' | 'job.cancelled'

export interface SignedDelivery {
  body: string
  headers: Record<string, string>
}

/**
 * The body and Standard Webhooks headers of one delivery. The message id is the same on every retry (receivers
 * de-duplicate on it); the timestamp is the attempt's, as the specification asks.
 */
export function signDelivery (secret: string, type: CallbackType, status: JobStatus, now: Date): SignedDelivery {
  const id = `msg_${status.id}`
  const body = JSON.stringify({ type, data: status })
  const signature = new Webhook(secret).sign(id, now, body)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      // a callback is no page: not a browser's Accept
      accept: '*/*',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature
    }
  }
}

export type DeliveryOutcome = 'delivered' | 'rejected' | 'unreachable' | 'not_allowed'

/** An attempt's outcome, the status the receiver answered (null when none came), and whether to try again later. */
export interface Delivered {
  outcome: DeliveryOutcome
  status: number | null
  /**
   * False for a URL that is not allowed, and for a 410 Gone: the receiver says the endpoint is gone for good, and
   * senders stop there (Azure DevOps, Ironclad) rather than knock for another 24 hours.
   */
  retry: boolean
}

/** POSTs one delivery through the SSRF-safe fetcher; only a 2xx is `delivered`. Redirects are not followed. */
export async function deliver (fetcher: Pick<SafeFetcher, 'fetch'>, url: string, delivery: SignedDelivery, timeoutMs = 10_000): Promise<Delivered> {
  try {
    const response = await fetcher.fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body, timeoutMs, maxBytes: 4096 })
    if (response.status >= 200 && response.status < 300) return { outcome: 'delivered', status: response.status, retry: false }
    return { outcome: 'rejected', status: response.status, retry: response.status !== 410 }
  } catch (error) {
    const blocked = error instanceof FetchError && error.code === 'FETCH_ERR_BLOCKED'
    return { outcome: blocked ? 'not_allowed' : 'unreachable', status: null, retry: !blocked }
  }
}

/** 5 s, doubling to an hour, then hourly: the attempts of 24 hours. */
export const CALLBACK_ATTEMPTS = 33
export function callbackBackoffMs (attemptsMade: number): number {
  return Math.min(5000 * 2 ** Math.max(0, attemptsMade - 1), 3_600_000)
}
