import { detectBotChallenge, fetchFailureCode, fetchHomepage, TargetNotAllowedError, TimeBudget, type FetchedHomepage } from '@utility-apis/homepage-fetch'
import { extractMetadata } from '@utility-apis/html-metadata'
import { RendererError, type Renderer } from '@utility-apis/renderer'
import { FetchError, type SafeFetcher } from '@utility-apis/safe-fetch'
import { settledWithin } from '../cache-room.js'
import { isApplicationShell } from './app-shell.js'
import { describeResponse, type HomepageResponse } from './describe-response.js'
import { fetchExtras } from './fetch-extras.js'
import type { DomainTarget } from './normalize-domain.js'
import { emptyFacts, SOURCE_ORDER, type BrandProfile, type ProfileError } from './brand-profile.js'
import type { ProfileCache } from './profile-cache.js'
import { ProfileSlotsBusyError, type ProfileSlots } from './profile-slots.js'
import { noteUnreadFiles } from './unread-files.js'

type Fetcher = Pick<SafeFetcher, 'fetch' | 'resolve'>

export interface ProfilerOptions {
  fetcher: Fetcher
  cache: ProfileCache
  cacheTtlSeconds: number
  now?: () => Date
  /** Renders an application shell's homepage with JavaScript on (RENDERER=chromium); absent: shells are reported. */
  renderer?: Renderer | null
  /** The profiles the process makes at once, in turn by caller (the API's routes); absent: no bound but the caller's. */
  slots?: ProfileSlots
}

/** A render takes at most this long, and never more than this share of what is left (the logos come after it). */
const RENDER_MAX_MS = 8000
const RENDER_SHARE = 0.7
const SHELL = 'The homepage is an application shell whose content JavaScript writes'
/** A profile whose turn for a slot came with less time left than this is not started: no fetch could finish. */
const MIN_START_MS = 1000
/** A profile with `unread_files` is kept this long, not the TTL: the files may read a few minutes later. */
export const UNREAD_FILES_CACHE_SECONDS = 300

export interface ProfileRequest {
  timeoutMs: number
  /** Aborts the work (batch deadline); the abort reason is thrown. */
  signal?: AbortSignal
  /** Reads no kept profile (a job item run again after its site's pause); the new one is kept as any other. */
  fresh?: boolean
  /** Who asks (an API key's id): profiles waiting for a slot are started in turn by caller. */
  caller?: string
}

function errorOf (error: FetchError): ProfileError {
  return { code: fetchFailureCode(error), message: error.message }
}

/** The cache key names every origin a request may fetch, never the hostname alone. */
export function cacheKey (target: DomainTarget): string {
  return target.candidates.map((url) => new URL(url).origin).join(' ')
}

export class BrandProfiler {
  readonly #options: ProfilerOptions
  readonly #inFlight = new Map<string, Promise<BrandProfile>>()

  constructor (options: ProfilerOptions) {
    this.#options = options
  }

  /**
   * A cached profile when one is fresh, else a new one (identical concurrent requests share one fetch). The cache is an
   * optimisation within the caller's time: its read counts against `timeoutMs` (the cache gives up on a slow Redis
   * after a second, a miss), and the answer waits for the new profile's cache write only while time is left, the write
   * going on behind it (a Redis paused after admission made a 10 s profile answer after 33 s).
   */
  async profile (target: DomainTarget, request: ProfileRequest): Promise<BrandProfile> {
    const budget = new TimeBudget(request.timeoutMs, request.signal)
    const key = cacheKey(target)
    const cached = request.fresh === true ? null : await this.#options.cache.get(key)
    if (cached !== null) return { ...cached, cached: true }
    // only requests nobody can abort share a fetch: one caller's abort must not fail another. And only those with one
    // time budget: a 1 s caller would wait for a 30 s one's answer, and a 30 s one get the 1 s one's timeout
    const sharedKey = request.signal === undefined ? `${key} ${request.timeoutMs}` : null
    const running = sharedKey === null ? undefined : this.#inFlight.get(sharedKey)
    if (running !== undefined) return await running
    const profile = await this.#slotted(target, budget, request.caller, sharedKey)
    // only a clean answer is kept: a timeout, an outage page or a bot challenge may be gone in a minute, and one whose
    // logo, stylesheet or contact page failed for a moment is kept only a few minutes. One that this caller's budget
    // cut short is not kept at all: the next caller may give it the time
    const cutByBudget = profile.unread_files.some((file) => file.reason === 'budget')
    if (profile.reachable && profile.error === null && !cutByBudget) {
      const ttlSeconds = profile.unread_files.length === 0 ? this.#options.cacheTtlSeconds : Math.min(UNREAD_FILES_CACHE_SECONDS, this.#options.cacheTtlSeconds)
      await settledWithin(this.#options.cache.set(key, profile, ttlSeconds), budget.remaining())
    }
    return profile
  }

  /**
   * A new profile, made in one of the process's slots when it has them, waiting for one within the budget (in the
   * caller's own turn: a profile is shared only once it runs). The time spent waiting is the service's, never the
   * site's: a turn that comes with too little time left, or a profile that then ran out of time, is a 503 (uncharged),
   * not a profile saying the site timed out.
   */
  async #slotted (target: DomainTarget, budget: TimeBudget, caller = '', sharedKey: string | null = null): Promise<BrandProfile> {
    const slots = this.#options.slots
    if (slots === undefined) return await this.#shared(target, budget, sharedKey)
    const spent = AbortSignal.timeout(Math.max(0, budget.remaining()))
    const signal = budget.signal === undefined ? spent : AbortSignal.any([budget.signal, spent])
    return await slots.run(caller, signal, async (queued) => {
      if (queued && budget.remaining() < MIN_START_MS) throw new ProfileSlotsBusyError()
      const profile = await this.#shared(target, budget, sharedKey)
      if (queued && profile.error?.code === 'timeout') throw new ProfileSlotsBusyError()
      return profile
    })
  }

  /** A new profile, shared with the identical requests (`sharedKey`) that come while it is made. */
  async #shared (target: DomainTarget, budget: TimeBudget, sharedKey: string | null): Promise<BrandProfile> {
    if (sharedKey === null) return await this.#fresh(target, budget)
    const running = this.#inFlight.get(sharedKey)
    if (running !== undefined) return await running
    const work = this.#fresh(target, budget).finally(() => this.#inFlight.delete(sharedKey))
    this.#inFlight.set(sharedKey, work)
    return await work
  }

  async #fresh (target: DomainTarget, budget: TimeBudget): Promise<BrandProfile> {
    const { fetcher } = this.#options
    const base = this.#skeleton(target)
    try {
      base.resolved_ips = await fetcher.resolve(target.domain)
    } catch (error) {
      rethrowAbort(error, budget)
      const notAllowed = TargetNotAllowedError.from(error)
      if (notAllowed !== null) throw notAllowed
      return { ...base, error: error instanceof FetchError ? errorOf(error) : { code: 'dns', message: 'The host name could not be resolved' } }
    }

    const outcome = await fetchHomepage(fetcher, target.candidates, budget)
    base.homepage_url = outcome.url
    if (outcome.page !== null) return await this.#described(base, target, outcome.page, budget)
    base.redirects = outcome.error.redirects.map((hop) => ({ ...hop, kind: 'http' }))
    return { ...base, error: errorOf(outcome.error) }
  }

  async #described (base: BrandProfile, target: DomainTarget, page: FetchedHomepage, budget: TimeBudget): Promise<BrandProfile> {
    const { response, meta, html } = page
    const profile: BrandProfile = {
      ...base,
      reachable: true,
      final_url: response.finalUrl,
      status: response.status,
      redirects: page.redirects,
      truncated: response.truncated
    }
    let homepage: HomepageResponse = { status: response.status, headers: response.headers, html, meta, url: response.finalUrl }
    const shell = await this.#shell(homepage, budget)
    if (shell.rendered !== null) homepage = shell.rendered
    const notes = noteUnreadFiles(this.#options.fetcher)
    const { facts, blocked, error } = await describeResponse(homepage, target.domain,
      async (page, location) => await fetchExtras(notes, page, location, budget))
    profile.unread_files = notes.unread
    profile.blocked = blocked
    profile.error = error ?? shell.error
    const { sources, ...fields } = facts
    const used = new Set(['dns', 'homepage-html', ...sources, ...(shell.rendered === null ? [] : ['rendered-html'])])
    return { ...profile, ...fields, sources: SOURCE_ORDER.filter((source) => used.has(source)) }
  }

  /**
   * For an application shell (isApplicationShell), the page as the renderer sees it with JavaScript on, or the
   * error saying that the page needs JavaScript (no renderer, or the render failed within the budget).
   */
  async #shell (homepage: HomepageResponse, budget: TimeBudget): Promise<{ rendered: HomepageResponse | null, error: ProfileError | null }> {
    const { meta, html, status, headers } = homepage
    const none = { rendered: null, error: null }
    if (meta === null || html === null || status < 200 || status > 299 || !isApplicationShell(meta, html)) return none
    if (detectBotChallenge({ status, headers, title: meta.title, html }).challenge) return none
    const renderer = this.#options.renderer
    if (renderer == null) {
      return { rendered: null, error: { code: 'javascript_required', message: `${SHELL}; this service does not render pages` } }
    }
    const timeoutMs = budget.fetchTimeout(Math.min(RENDER_MAX_MS, budget.remaining() * RENDER_SHARE))
    // a browser that is missing, starting or broken leaves the shell reported as a shell, with the reason
    const result = await renderer.render(homepage.url ?? meta.baseUrl, { timeoutMs }).catch((error: unknown) => {
      if (error instanceof RendererError) return error
      throw error
    })
    if (result instanceof RendererError) {
      return { rendered: null, error: { code: 'javascript_required', message: `${SHELL}, and it could not be rendered: ${result.message}` } }
    }
    if (result.html === null || result.status === null || result.status < 200 || result.status > 299) {
      return { rendered: null, error: { code: 'javascript_required', message: `${SHELL}, and it could not be rendered` } }
    }
    const rendered = extractMetadata(result.html, result.finalUrl)
    // a render cut short (its time, or a page that never settled) before the script filled the page is no profile
    if (result.stopped !== null && isApplicationShell(rendered, result.html)) {
      const message = `${SHELL}, and its render was cut short (${result.stopped}) before it showed the page`
      return { rendered: null, error: { code: 'javascript_required', message } }
    }
    return { rendered: { status: result.status, headers, html: result.html, meta: rendered, url: result.finalUrl }, error: null }
  }

  #skeleton (target: DomainTarget): BrandProfile {
    const { sources: _sources, ...empty } = emptyFacts()
    return {
      domain: target.domain,
      ...empty,
      reachable: false,
      homepage_url: target.candidates[0],
      final_url: null,
      status: null,
      resolved_ips: [],
      redirects: [],
      blocked: false,
      truncated: false,
      error: null,
      unread_files: [],
      sources: ['dns'],
      cached: false,
      fetched_at: (this.#options.now?.() ?? new Date()).toISOString()
    }
  }
}

function rethrowAbort (error: unknown, budget: TimeBudget): void {
  if (budget.aborted) throw budget.signal?.reason ?? error
}
