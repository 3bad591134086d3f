import { createSafeFetcher, type FetchPolicy } from '@utility-apis/safe-fetch'
import pLimit from 'p-limit'
import { BrowserHost } from './browser-host.js'
import type { PageFetcher } from './interceptor.js'
import { browserMemory, type ProcessMemory } from './memory.js'
import type { RenderOptions, RenderResult } from './render-result.js'
import { PriorityKeeper } from './process-priority.js'
import { pageSettings, positive, RenderSession } from './render-session.js'

export const DEFAULT_EXECUTABLE = '/usr/bin/chromium'

export interface RendererOptions {
  /** Fetches every request of every page; or give `policy` and the renderer makes (and closes) its own. */
  fetcher?: PageFetcher
  policy?: FetchPolicy
  executablePath?: string
  /** Pages rendered at once, each in its own browser context; further renders wait. Default 2. */
  maxConcurrent?: number
  /** V8 heap cap of each renderer process, in MiB. Default 256. */
  heapMb?: number
  /** How long one launch of the browser may take. Default 15000. */
  launchTimeoutMs?: number
  /** After a failed launch, renders fail at once with its reason for this long before one launches again. Default 5000. */
  relaunchDelayMs?: number
  /** A browser that answered no render's request for a context for this long is killed, and launched again. Default 30000. */
  unresponsiveMs?: number
}

export interface Renderer {
  /**
   * Launches the browser now rather than on the first render (whose deadline would otherwise include the launch).
   * Rejects with the RendererError of a launch that failed; renders try again later. Never needed: a service need not wait for it.
   */
  start: () => Promise<void>
  render: (url: string, options?: RenderOptions) => Promise<RenderResult>
  /** Resident memory of the browser and its renderer processes. */
  memory: () => ProcessMemory
  close: () => Promise<void>
}

export function createRenderer (options: RendererOptions = {}): Renderer {
  const ownFetcher = options.fetcher === undefined ? createSafeFetcher(options.policy) : null
  const fetcher: PageFetcher = options.fetcher ?? (ownFetcher as PageFetcher)
  // a render waiting for a slot keeps its own deadline: its session answers at that deadline, and when its turn
  // comes, gives the slot straight back
  const slots = pLimit(positive(options.maxConcurrent, 2, 'maxConcurrent'))
  const browsers = new BrowserHost({
    executablePath: options.executablePath ?? DEFAULT_EXECUTABLE,
    heapMb: positive(options.heapMb, 256, 'heapMb'),
    launchTimeoutMs: positive(options.launchTimeoutMs, 15_000, 'launchTimeoutMs'),
    relaunchDelayMs: options.relaunchDelayMs ?? 5000,
    unresponsiveMs: positive(options.unresponsiveMs, 30_000, 'unresponsiveMs')
  })
  const priority = new PriorityKeeper()
  return {
    start: async () => { await browsers.start() },
    async render (url, renderOptions = {}) {
      const session = new RenderSession(url, pageSettings(renderOptions))
      const refused = entryRefusal(url)
      if (refused !== null) {
        session.refuse(refused)
        return await session.answer(Promise.resolve())
      }
      return await session.answer(slots(async () => {
        const release = priority.hold()
        try {
          await session.run(browsers, fetcher)
        } finally {
          release()
        }
      }))
    },
    memory: () => browserMemory(),
    async close () {
      await browsers.close()
      await ownFetcher?.close()
    }
  }
}

/** Why a page cannot be rendered from `url` at all: only an http(s) URL's requests pass the interceptor. */
function entryRefusal (url: string): 'FETCH_ERR_SCHEME' | 'FETCH_ERR_BAD_URL' | null {
  if (!URL.canParse(url)) return 'FETCH_ERR_BAD_URL'
  const { protocol } = new URL(url)
  return protocol === 'http:' || protocol === 'https:' ? null : 'FETCH_ERR_SCHEME'
}
