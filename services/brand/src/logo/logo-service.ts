import { hash } from 'node:crypto'
import { isMomentaryError, isMomentaryStatus, TimeBudget, type Fetcher } from '@utility-apis/homepage-fetch'
import { settledWithin } from '../cache-room.js'
import { DecodeLateError } from '../domain/image-decode.js'
import { readImageInfo } from '../domain/image-probe.js'
import { isShareShape } from '../domain/logo-signals.js'
import type { DomainTarget } from '../domain/normalize-domain.js'
import { cacheKey, type BrandProfiler } from '../domain/profiler.js'
import type { BrandProfile } from '../domain/brand-profile.js'
import { STALE_KEEP_SECONDS, type LogoCache, type LogoImage } from './logo-cache.js'
import { logoChoices } from './logo-choice.js'
import { renderLogo, renderOwnSvg, showsOn } from './logo-render.js'
import { domainColor, initialsOf, monogramSvg } from './monogram.js'
import { CONTENT_TYPES, variantKey, type LogoVariant } from './logo-variant.js'

// A domain's logo as an image: the profile's logos (the profiler finds, probes and ranks them, and caches the profile),
// the best one fetched whole and rendered, else a monogram or nothing; each variant cached once rendered.

/** A logo file larger than this is not fetched whole (the probe reads 64 KiB; a logo worth showing is far smaller). */
const LOGO_MAX_BYTES = 2 * 1024 * 1024
/** Like every secondary fetch, a logo file takes at most this long. */
const LOGO_FETCH_MS = 3000
/** The logos tried before falling back: one that does not render is followed by the next best, twice. */
const MAX_TRIES = 3
/** The whole of a cold answer, profile included: the profile's own default budget. */
export const LOGO_TIMEOUT_MS = 10_000
/** LOGO_CACHE_TTL's default: an image is fresh for 7 days. */
export const DEFAULT_LOGO_TTL_SECONDS = 7 * 24 * 60 * 60
/** A provisional image (made while the site or a logo file failed for a moment) is fresh this long: then tried again. */
export const PROVISIONAL_SECONDS = 300
/** A logo file's bytes, or why there are none: `failed` may change on a retry (a timeout, a 5xx), `unusable` will not. */
type LogoFile = { body: Buffer, format: string, width: number, height: number } | 'failed' | 'unusable'
/**
 * A logo file rendered, or why not: `failed` when the time ran out (waiting for a decode slot, or drawing), which may
 * pass; `unusable` when its bytes do not decode, which will not.
 */
type LogoRender = Buffer | 'failed' | 'unusable'

/** What the logos tried gave: the image, and whether one of them (or the time) failed for a moment. */
interface Rendered {
  image: LogoImage | null
  failed: boolean
}

export interface LogoServiceOptions {
  profiler: BrandProfiler
  fetcher: Fetcher
  cache: LogoCache
  ttlSeconds: number
  /** The whole of a cold answer (LOGO_TIMEOUT_MS unless told). */
  timeoutMs?: number
  now?: () => number
  /** A background refresh that failed (the stale image stays). */
  onRefreshError?: (error: unknown) => void
}

export interface LogoAnswer {
  image: LogoImage
  /** Answered from the cache (fresh or stale): nothing was fetched for it. */
  cached: boolean
}

/** A signal that aborts when the budget is spent (or its own signal aborts): what a decode may wait for. */
function signalOf (budget: TimeBudget): AbortSignal {
  const spent = AbortSignal.timeout(budget.fetchTimeout())
  return budget.signal === undefined ? spent : AbortSignal.any([budget.signal, spent])
}

/** A strong ETag: the bytes' own digest, so two replicas rendering the same bytes agree. */
const etagOf = (body: Buffer): string => `"${hash('sha256', body, 'base64url').slice(0, 32)}"`

export class LogoService {
  readonly #options: LogoServiceOptions
  readonly #now: () => number
  /** Each target's part of the cache key, worked out once (the route reuses its targets). */
  readonly #targetKeys = new WeakMap<DomainTarget, string>()
  /** Renders under way by cache key: identical requests, and a refresh, share one. */
  readonly #inFlight = new Map<string, Promise<LogoImage>>()
  /**
   * Logo files being fetched, by URL: the variants of one domain asked at once (an `<img srcset>`, a page of sizes)
   * fetch and hold its file once, not once each.
   */
  readonly #files = new Map<string, Promise<LogoFile>>()

  constructor (options: LogoServiceOptions) {
    this.#options = options
    this.#now = options.now ?? Date.now
  }

  /**
   * The variant's image: a cached one at once (a stale one too, with a refresh started behind it), else a new one.
   * Throws TargetNotAllowedError for a target that resolves to a non-public address.
   */
  async logo (target: DomainTarget, variant: LogoVariant, caller?: string): Promise<LogoAnswer> {
    const cached = await this.served(target, variant, caller)
    if (cached !== null) return { image: cached, cached: true }
    return { image: await this.#shared(this.#key(target, variant), target, variant, false, caller), cached: false }
  }

  /**
   * The cached image of the variant, as `logo` answers it (a stale one with a refresh started behind it, once per
   * variant however many ask), or null when none is cached: nothing is made for the caller.
   */
  async served (target: DomainTarget, variant: LogoVariant, caller?: string): Promise<LogoImage | null> {
    const key = this.#key(target, variant)
    const cached = await this.#options.cache.get(key)
    if (cached !== null && this.#isStale(cached)) {
      // a provisional image was made while something failed for a moment: its site is read again, not from a profile
      // cached with the same failure
      this.#shared(key, target, variant, cached.provisional === true, caller).catch((error: unknown) => this.#options.onRefreshError?.(error))
    }
    return cached
  }

  /** A cached image of the variant, fresh or stale, or null; never fetches anything (for other routes showing a logo). */
  async cachedLogo (target: DomainTarget, variant: LogoVariant): Promise<LogoImage | null> {
    return await this.#options.cache.get(this.#key(target, variant))
  }

  /**
   * The variant made from a profile just made (a job's item), cached as the route caches it: the route then answers it
   * from the cache. The profile is not made again; only the logo file is fetched, and not when a fresh image is cached
   * (`fresh`: whatever is cached, for an item run again after its site's pause, whose first image lacks what it refused).
   */
  async fromProfile (target: DomainTarget, profile: BrandProfile, variant: LogoVariant, read: { fresh?: boolean } = {}): Promise<LogoImage> {
    const key = this.#key(target, variant)
    const cached = read.fresh === true ? null : await this.#options.cache.get(key)
    if (cached !== null && !this.#isStale(cached)) return cached
    return await this.#made(key, profile, variant, new TimeBudget(this.#timeoutMs))
  }

  get #timeoutMs (): number {
    return this.#options.timeoutMs ?? LOGO_TIMEOUT_MS
  }

  #isStale (image: LogoImage): boolean {
    if (image.retryAt !== undefined && this.#now() < image.retryAt) return false
    const freshSeconds = image.provisional === true ? PROVISIONAL_SECONDS : this.#options.ttlSeconds
    return this.#now() - image.storedAt >= freshSeconds * 1000
  }

  #key (target: DomainTarget, variant: LogoVariant): string {
    let origins = this.#targetKeys.get(target)
    if (origins === undefined) {
      origins = cacheKey(target)
      this.#targetKeys.set(target, origins)
    }
    return `${origins}|${variantKey(variant)}`
  }

  /** The variant made once for every caller asking it at the time; `caller` (an API key's id) waits its turn for a profile. */
  async #shared (key: string, target: DomainTarget, variant: LogoVariant, fresh: boolean, caller?: string): Promise<LogoImage> {
    const running = this.#inFlight.get(key)
    if (running !== undefined) return await running
    const work = this.#fresh(key, target, variant, fresh, caller).finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, work)
    return await work
  }

  async #fresh (key: string, target: DomainTarget, variant: LogoVariant, fresh: boolean, caller?: string): Promise<LogoImage> {
    const budget = new TimeBudget(this.#timeoutMs)
    const profile = await this.#options.profiler.profile(target, { timeoutMs: this.#timeoutMs, fresh, caller })
    return await this.#made(key, profile, variant, budget)
  }

  async #made (key: string, profile: BrandProfile, variant: LogoVariant, budget: TimeBudget): Promise<LogoImage> {
    const ranked = await this.#rendered(profile, variant, budget)
    const rendered = await this.#withHint(ranked, profile, variant, budget)
    const made = rendered.image ?? await this.#fallback(profile, variant)
    // The site's own answer is kept for the TTL. One made while the site, a logo file or any file of its profile
    // (`unread_files`: a better icon that answered 503 never became a candidate) failed for a moment is a stand-in:
    // kept a few minutes (the next caller is not kept waiting on a site that is down), never in place of an image that
    // is not one (a refresh that fails leaves the logo as it was)
    // (a contact page the budget left unread, `budget`, feeds no logo)
    const momentary = profile.unread_files.some((file) => file.reason !== 'budget')
    const own = profile.reachable && profile.error === null && !momentary && !rendered.failed
    const image: LogoImage = own ? made : { ...made, provisional: true }
    // the cache is an optimisation: the answer waits for it only while its time lasts (each read and write is bounded
    // by the cache too), and what is not done by then is done behind the answer
    await settledWithin(this.#keep(key, image), budget.remaining())
    return image
  }

  /** Caches the image made: the site's own for the TTL, a stand-in a few minutes unless the site's own is cached. */
  async #keep (key: string, image: LogoImage): Promise<void> {
    if (image.provisional !== true) {
      await this.#options.cache.set(key, image, this.#options.ttlSeconds + STALE_KEEP_SECONDS)
      return
    }
    const cached = await this.#options.cache.get(key)
    if (cached === null || cached.provisional === true) await this.#options.cache.set(key, image, PROVISIONAL_SECONDS + STALE_KEEP_SECONDS)
    else await this.#keepUntilRetry(key, cached)
  }

  /**
   * The site's own image stays when its refresh met a failure of a moment, and is not refreshed again for a few minutes:
   * without the wait, every request for a popular logo would fetch from a site that is down, one after the other.
   */
  async #keepUntilRetry (key: string, cached: LogoImage): Promise<void> {
    const expires = cached.storedAt + (this.#options.ttlSeconds + STALE_KEEP_SECONDS) * 1000
    const keepSeconds = Math.ceil((expires - this.#now()) / 1000)
    if (keepSeconds > 0) await this.#options.cache.set(key, { ...cached, retryAt: this.#now() + PROVISIONAL_SECONDS * 1000 }, keepSeconds)
  }

  /**
   * The first of the chosen logos that renders, and whether a logo before it (or the time) failed for a moment. For a
   * light or dark page, a logo the site made for any scheme that would not show on it (dark on dark, light on light)
   * gives way to the next one that does, when there is one.
   */
  async #rendered (profile: BrandProfile, variant: LogoVariant, budget: TimeBudget): Promise<Rendered> {
    let first: Buffer | null = null
    let failed = false
    for (const logo of logoChoices(profile.logos, variant.pixels, variant.theme).slice(0, MAX_TRIES)) {
      if (budget.remaining() <= 0) return { image: first === null ? null : this.#image('logo', first, variant), failed: true }
      const file = await this.#file(logo.url, budget)
      const body = typeof file === 'string' ? file : await this.#render(file, variant, budget)
      failed ||= body === 'failed'
      if (typeof body === 'string') continue
      const shows = variant.theme === 'auto' || logo.theme !== null || await this.#showsOn(body, variant.theme, budget)
      if (shows === true) return { image: this.#image('logo', body, variant), failed }
      failed ||= shows === 'failed'
      first ??= body
    }
    return { image: first === null ? null : this.#image('logo', first, variant), failed }
  }

  /**
   * The profile's `logo_hint` names the best logo file it could not read (a 404, a 5xx, a timeout): tried once more, its
   * failing for a moment makes the answer provisional, and without a ranked logo that rendered it is the logo when it
   * now reads as one (a share card's shape is not).
   */
  async #withHint (ranked: Rendered, profile: BrandProfile, variant: LogoVariant, budget: TimeBudget): Promise<Rendered> {
    const hint = profile.logo_hint
    if (hint === null || ranked.failed || profile.logos.some((logo) => logo.url === hint)) return ranked
    if (budget.remaining() <= 0) return { image: ranked.image, failed: true }
    const file = await this.#file(hint, budget)
    if (file === 'failed') return { image: ranked.image, failed: true }
    if (ranked.image !== null || file === 'unusable' || isShareShape(file.width, file.height)) return ranked
    const body = await this.#render(file, variant, budget)
    return { image: typeof body === 'string' ? null : this.#image('logo', body, variant), failed: body === 'failed' }
  }

  /**
   * The logo file rendered within what is left of the budget. A render that ran out of time (a decode queue held by
   * other files, a busy machine) says nothing of the file: the answer is provisional, not "this site has no logo".
   */
  async #render (file: { body: Buffer, format: string }, variant: LogoVariant, budget: TimeBudget): Promise<LogoRender> {
    try {
      return await renderLogo(file.body, file.format, variant, signalOf(budget)) ?? 'unusable'
    } catch (error) {
      if (error instanceof DecodeLateError) return 'failed'
      throw error
    }
  }

  /** Whether the rendered logo shows on the page's theme, or `failed` when the budget ran out before it was known. */
  async #showsOn (body: Buffer, theme: 'light' | 'dark', budget: TimeBudget): Promise<boolean | 'failed'> {
    try {
      return await showsOn(body, theme, signalOf(budget))
    } catch (error) {
      if (error instanceof DecodeLateError) return 'failed'
      throw error
    }
  }

  /**
   * The logo file at `url`, shared with the callers fetching it already. The fetch has its own time (LOGO_FETCH_MS),
   * whoever started it; each caller waits for it within its own budget, and one whose budget ends first counts it as
   * failed for a moment, as its own timeout would be.
   */
  async #file (url: string, budget: TimeBudget): Promise<LogoFile> {
    let fetching = this.#files.get(url)
    if (fetching === undefined) {
      fetching = this.#fetchFile(url).finally(() => this.#files.delete(url))
      this.#files.set(url, fetching)
    }
    return await settledWithin(fetching, budget.remaining(), 'failed' as const) ?? 'failed'
  }

  /** The whole logo file through the safe fetcher, with its format and size read from its bytes. */
  async #fetchFile (url: string): Promise<LogoFile> {
    try {
      const response = await this.#options.fetcher.fetch(url, { maxBytes: LOGO_MAX_BYTES, timeoutMs: LOGO_FETCH_MS })
      if (isMomentaryStatus(response.status)) return 'failed'
      if (response.status !== 200 || response.truncated || /^text\/html/i.test(response.headers['content-type'] ?? '')) return 'unusable'
      const info = readImageInfo(response.body)
      return info === null ? 'unusable' : { body: response.body, format: info.format, width: info.width, height: info.height }
    } catch (error) {
      // the next logo is tried either way; a timeout, a reset or a DNS failure may pass, a refused address or URL not
      return isMomentaryError(error) ? 'failed' : 'unusable'
    }
  }

  async #fallback (profile: BrandProfile, variant: LogoVariant): Promise<LogoImage> {
    if (variant.fallback === '404') return { kind: 'none', contentType: '', body: Buffer.alloc(0), etag: '', storedAt: this.#now() }
    const color = profile.colors[0]?.hex ?? domainColor(profile.domain)
    const svg = monogramSvg(initialsOf(profile.brand_name, profile.domain), color, variant.pixels)
    return this.#image('monogram', await renderOwnSvg(svg, variant), variant)
  }

  #image (kind: LogoImage['kind'], body: Buffer, variant: LogoVariant): LogoImage {
    return { kind, contentType: CONTENT_TYPES[variant.format], body, etag: etagOf(body), storedAt: this.#now() }
  }
}
