// What one render is asked for and what it answers.
import type { RenderBudget } from './budget.js'
import type { RefusedRequest } from './interceptor.js'
import type { Screenshots } from './screenshots.js'
import type { Vitals } from './vitals.js'

export interface RenderOptions {
  /**
   * The longest this render takes, queueing, launch and reading the DOM included: its answer comes by then whatever
   * the page does. Default 10000.
   */
  timeoutMs?: number
  /** Requests this page may make, the document included. Default 150. */
  maxRequests?: number
  /** Decoded bytes of all its responses. Default 8 MiB. */
  maxBytes?: number
  /** The analysis's shared allowance: the page stops when either runs out, and answers by its deadline. */
  budget?: RenderBudget
  /** Measure LCP, CLS and TBT under DEVICE_PROFILE's CPU slowdown. */
  vitals?: boolean
  /** How long the network must stay quiet after `load` before the DOM is read. Default 300. */
  settleMs?: number
  /**
   * Refuse images, media and fonts without fetching them (not counted as requests or refusals): they change no DOM,
   * and a page reads faster without them. A page that asks for more than 10 times `maxRequests` of them is stopped
   * (`requests`). Default false; vitals need them (an image can be the largest paint).
   */
  skipMedia?: boolean
  /**
   * Take two JPEG screenshots of a render that completed, each at most `maxBytes`: the page as rendered, and its raw
   * HTML with scripts off. Taken in the time left before the deadline, never past it. Default: none.
   */
  screenshots?: { maxBytes: number }
}

/**
 * Why a render did not complete: its time ran out before the page settled (`timeout`), a request or byte limit
 * (`requests`, `bytes`; `bytes` also for a DOM serialising to more than `maxBytes` characters), the page's renderer
 * process died (`crashed`, e.g. out of memory), it kept opening dialogs (`dialogs`), the whole browser died under it
 * (`browser_crashed`), or the browser failed it otherwise (`error`; also when it took the document for a download,
 * which it shows no page for: then `html` is null).
 */
export const STOP_REASONS = ['timeout', 'requests', 'bytes', 'crashed', 'dialogs', 'browser_crashed', 'error'] as const
export type StopReason = typeof STOP_REASONS[number]

export interface RenderResult {
  requestedUrl: string
  /** The document's URL after redirects (followed, each hop checked, by safe-fetch). */
  finalUrl: string
  /** The document's HTTP status; null when it could not be fetched. */
  status: number | null
  /**
   * The DOM after scripts ran, serialised; null when the document failed or the browser downloaded it, the page
   * crashed, its DOM was larger than `maxBytes` or it could not be read in time.
   */
  html: string | null
  /** The document as the server sent it (decoded Content-Encoding, not charset): what a crawler without scripts reads. */
  raw: { body: Buffer, contentType: string | null } | null
  /** The document's FetchError code when it could not be fetched (FETCH_ERR_BLOCKED for a refused address). */
  error: string | null
  /** null: the page loaded and its network went quiet, so `html` is the settled page; else why it was cut short. */
  stopped: StopReason | null
  requests: number
  bytes: number
  /** The first 20 requests refused, without query strings. */
  refused: RefusedRequest[]
  refusedCount: number
  dialogs: number
  durationMs: number
  /** Read only from a page that settled and whose CPU went quiet; null otherwise. */
  vitals: Vitals | null
  /** Asked for with `screenshots` and the render completed; else null. */
  screenshots: Screenshots | null
}

export function emptyResult (url: string): RenderResult {
  return {
    requestedUrl: url,
    finalUrl: url,
    status: null,
    html: null,
    raw: null,
    error: null,
    stopped: null,
    requests: 0,
    bytes: 0,
    refused: [],
    refusedCount: 0,
    dialogs: 0,
    durationMs: 0,
    vitals: null,
    screenshots: null
  }
}

export class RendererError extends Error {
  constructor (readonly code: 'RENDERER_UNAVAILABLE' | 'RENDERER_CLOSED', message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'RendererError'
  }
}
