// Issues 32 and 34: ten hostile analyses at once (request floods, a network that never goes quiet, a busy loop, popups
// and dialogs) beside two normal ones, on the real app with Debian's chromium. Each answers, says which renders were
// cut short, and makes no verdict about JavaScript from them: a normal page's verdict is the one it gets alone, or
// undetermined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, CHROMIUM } from '../../../../packages/renderer/test/helpers/chromium.js'
import { appFor, warmRenderer, type Harness } from '../fixtures/analyze.js'
import { startRenderedSitesProcess, type SitesProcess } from '../fixtures/sites-process.js'
import { HOSTILE_HOSTS, NEVER_SETTLES, RENDERED_HOSTS, SHELL, STATIC } from '../fixtures/sites/rendered.js'

const runs = browserRuns
const suite = runs ? describe : describe.skip
const BUDGET_SECONDS = 4
// The contract is an answer within the budget plus 1 s (issue 32, item 4). The browser runs at the lowest CPU priority,
// its threads and its session's group (packages/renderer, process-priority.ts): at the service's own priority the busy
// pages' renderer processes took the CPU from Node on this 2-core machine and the answers came after 5.1-8.6 s at budget
// 4 s; with the threads alone lowered, 1 run in 8 still came 2 s late (the group took half the CPU); with both, 26 runs
// of this file and 4 of the whole `alone` project answered within the budget (slowest 3.8 s).
const BOUND_MS = (BUDGET_SECONDS + 1) * 1000

interface Timed { host: string, status: number, body: any, elapsedMs: number }

const gapCodes = (body: any): string[] => body.gaps.map((g: any) => g.code)
/** the homepage's verdict: null when undetermined (cut short, not rendered, or rendering failed) */
const verdictOf = (body: any): boolean | null => body.rendering.pages?.[0]?.comparison?.requires_javascript ?? null

suite(runs ? 'analyses with the renderer under hostile load' : `analyses with the renderer under hostile load (skipped: no chromium at ${CHROMIUM})`,
  { timeout: 120_000 }, () => {
    let sites: SitesProcess
    let h: Omit<Harness, 'server'>
    const alone: Record<string, any> = {}
    let loaded: Timed[] = []
    const timed = async (host: string, budgetSeconds?: number): Promise<Timed> => {
      const started = performance.now()
      const { status, body } = await h.analyze(sites.origin(host), budgetSeconds === undefined ? {} : { time_budget_seconds: budgetSeconds })
      return { host, status, body, elapsedMs: performance.now() - started }
    }
    beforeAll(async () => {
      // the sites answer from a process of their own: the flood's thousands of requests are not this one's work
      sites = await startRenderedSitesProcess()
      h = await appFor(RENDERED_HOSTS, { executablePath: CHROMIUM })
      await warmRenderer(h.analyze, sites.origin(STATIC))
      for (const host of [SHELL, STATIC]) alone[host] = (await timed(host)).body
      const hostile = Array.from({ length: 10 }, async (_, i) => await timed(HOSTILE_HOSTS[i % HOSTILE_HOSTS.length], BUDGET_SECONDS))
      loaded = await Promise.all([...hostile, timed(SHELL, BUDGET_SECONDS), timed(STATIC, BUDGET_SECONDS)])
    }, 120_000)
    afterAll(async () => {
      await h?.close()
      await sites?.close()
    })

    it('decides alone what scripts add to the normal pages', () => {
      expect([verdictOf(alone[SHELL]), verdictOf(alone[STATIC])]).toEqual([true, false])
    })

    it('answers every analysis (200) within time_budget_seconds plus 1 s', () => {
      console.log(`answers (budget ${BUDGET_SECONDS} s): ` + loaded.map((a) => `${a.host} ${Math.round(a.elapsedMs)} ms`).join(', '))
      expect(loaded.filter((a) => a.status !== 200).map((a) => `${a.host} ${a.status}`)).toEqual([])
      expect(loaded.filter((a) => a.elapsedMs > BOUND_MS).map((a) => `${a.host} ${Math.round(a.elapsedMs)} ms`)).toEqual([])
    })

    it('says of every hostile page rendered that it was cut short or why it has nothing to compare, and makes no verdict from it', () => {
      const pages = loaded.filter((a) => HOSTILE_HOSTS.includes(a.host)).flatMap((a) => a.body.rendering.pages ?? [])
      expect(pages.length).toBeGreaterThan(0)
      for (const page of pages) {
        const seen = `${page.final_url as string} ${JSON.stringify({ stopped: page.stopped, error: page.error })}`
        // Nothing to compare: its document did not come (under this load the fixture sites' process, sharing the two
        // cores, can fail a fetch: CI, once, the polling page), or it was cut short before it was read. Its error says which.
        if (page.comparison === null) {
          expect(page.error, seen).toEqual(expect.any(String))
          continue
        }
        // The polling page requests every 40 ms, but its renderer has the lowest priority: a starved one can go the
        // settle window (300 ms) without a request, and is then read as settled (CI, once). Its content is the
        // server's, so a verdict made then can only be that scripts add nothing.
        if (page.stopped === null && page.final_url.includes(NEVER_SETTLES)) {
          expect(page.comparison.requires_javascript, seen).toBe(false)
          continue
        }
        expect(page.stopped, seen).not.toBeNull()
        expect(page.comparison.requires_javascript, seen).toBeNull()
      }
    })

    it('gives each normal page its verdict alone or none, never the opposite, and the gap that goes with it', () => {
      for (const host of [SHELL, STATIC]) {
        const body = loaded.find((a) => a.host === host)?.body
        expect([verdictOf(alone[host]), null], host).toContain(verdictOf(body))
        // undetermined only with the reason on the page, or rendering's
        if (verdictOf(body) === null) expect(body.rendering.pages?.[0]?.stopped ?? body.rendering.reason, host).toBeTruthy()
        expect(gapCodes(body).includes('content_requires_javascript'), host).toBe(gapCodes(alone[host]).includes('content_requires_javascript'))
      }
    })

    it('calls performance measured only with every metric measured', () => {
      for (const { body } of loaded) {
        if (body.performance.status !== 'measured') continue
        expect([body.performance.lcp_ms.value, body.performance.cls.value, body.performance.tbt_ms.value]).not.toContain(null)
      }
    })
  })
