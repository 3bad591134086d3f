import type { EngineKnobs, JobsSettings } from '@utility-apis/jobs/mount'
import { createRenderer, type Renderer, type RendererOptions } from '@utility-apis/renderer'
import type { FetchPolicy } from '@utility-apis/safe-fetch'
import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { SITE_TOOLS } from './routes/mcp-tools.js'
import { siteFetchers } from './fetchers.js'
import { siteJobs } from './routes/jobs.route.js'
import { analyzeRoute } from './routes/analyze.route.js'
import { robotsSimulateRoute } from './routes/robots-simulate.route.js'
import { robotsTestRoute } from './routes/robots-test.route.js'
import { RENDER_CONCURRENCY } from './domain/rendering/observe-rendering.js'

export interface BuildAppOptions extends KitOptions {
  /** Outbound fetch policy; tests pass an allow-list, host map and resolver for fixture sites on 127.0.0.1. */
  fetchPolicy?: FetchPolicy
  /** The clock of lastmod ages and of `analyzed_at` (the quota window uses the kit's `clock`, if given, too). */
  clock?: () => Date
  /** Bulk jobs: JOBS_INLINE_WORKER, WORKER_CONCURRENCY, JOB_RETENTION_DAYS, JOBS_HOST_CONCURRENCY. */
  jobs?: Partial<JobsSettings>
  /** Test knobs of the job engine: key prefix, chunk size, how soon a killed worker's chunk moves on, host lease. */
  jobEngine?: EngineKnobs
  /** Render pages in this Chromium (main.ts: RENDERER=chromium); unset: rendering is disabled. */
  renderer?: { executablePath: string } & Pick<RendererOptions, 'maxConcurrent' | 'launchTimeoutMs' | 'relaunchDelayMs'>
}

export async function buildApp (options: BuildAppOptions) {
  const clock = options.clock ?? (() => new Date())
  return await buildService({
    name: 'site',
    version: '0.1.0',
    title: 'Website intelligence API',
    description: 'How well crawlers, AI answer engines and link previews understand a public website: an explained technical ' +
      'crawl score, a capped answer-engine (AEO) authority score and prioritised gaps with evidence, plus a robots.txt tester ' +
      'and a robots.txt change simulator.',
    tags: [{ name: 'site-intel', description: 'Website analysis and robots.txt testing' }],
    tools: SITE_TOOLS,
    routes: async (app) => {
      const { fetcher, fetchAs, close } = siteFetchers(options.fetchPolicy ?? options.config.fetchPolicy)
      // the browser starts on the first render, with every page request through this app's fetcher
      const renderer: Renderer | null = options.renderer === undefined
        ? null
        : createRenderer({ maxConcurrent: RENDER_CONCURRENCY, ...options.renderer, fetcher })
      // launched as the app starts, so that no analysis pays for it, but never waited for: a browser that is missing,
      // slow or broken leaves the service serving, with rendering `failed` and the reason, until it starts
      app.addHook('onReady', async () => {
        renderer?.start().catch((error: Error) => {
          app.log.warn({ err: { type: error.name, message: error.message } }, 'the renderer did not start')
        })
      })
      app.addHook('onClose', async () => {
        await renderer?.close()
        await close()
      })
      await app.register(analyzeRoute, { fetcher, fetchAs, clock, renderer })
      await app.register(robotsTestRoute, { fetcher })
      await app.register(robotsSimulateRoute, { fetcher, clock })
      await siteJobs(app, {
        fetcher,
        fetchAs,
        clock,
        renderer,
        redis: options.config.redisClusterNodes ?? options.config.redisUrl,
        settings: options.jobs,
        engine: options.jobEngine
      })
    }
  }, options)
}
