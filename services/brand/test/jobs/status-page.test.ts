// A job's status page (Accept: text/html on GET /v1/domain/profile/jobs/:id) in a real browser: the progress bar and
// the counts are the JSON status's, failures are counted by code, the results are linked, the page reloads itself
// only while the job runs, and it has no script and asks for nothing.
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRuns, launchBrowser, openHtml, SKIP_REASON } from '../../../../packages/renderer/test/helpers/html-page.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'

const HOSTS = ['one.test', 'two.test', 'three.test', 'slow.test']
const REFUSED = ['http://10.0.0.1/', 'http://10.0.0.2/', 'http://169.254.169.254/']
const DOCS = process.env.UPDATE_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../docs/', import.meta.url)) : join(tmpdir(), 'brand-docs')
const runs = browserRuns && REDIS_URL !== undefined
const reason = !browserRuns ? SKIP_REASON : 'skipped: jobs need Redis, set REDIS_URL'

describe.skipIf(!runs)(runs ? 'the job status page in chromium' : `the job status page in chromium (${reason})`, () => {
  let server: FixtureServer
  let app: FastifyInstance
  let browser: Browser
  const key = testKey()
  const headers = { 'x-api-key': key }
  const prefix = testPrefix()
  beforeAll(async () => {
    const page = (name: string) => ({ body: `<!doctype html><title>${name} | Home</title>` })
    server = await startFixtureServer({
      'one.test': { '/': page('One') }, 'two.test': { '/': page('Two') }, 'three.test': { '/': page('Three') }, 'slow.test': { '/': { ...page('Slow'), delayMs: 4000 } }
    })
    app = await buildJobsApp({ keys: key, hosts: HOSTS, prefix })
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await server?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  const create = async (domains: string[]) =>
    (await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers, payload: { domains } })).json()
  const status = async (id: string, accept?: string) =>
    await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { ...headers, ...(accept === undefined ? {} : { accept }) } })

  it('shows a finished job\'s progress, failures by code and result links as the JSON says, and stops reloading', async () => {
    const { id } = await create([...['one.test', 'two.test', 'three.test'].map((h) => server.origin(h)), ...REFUSED])
    const json = await waitFor(async () => (await status(id)).json(), (job) => job.status === 'completed')
    const res = await status(id, 'text/html')
    expect([res.statusCode, res.headers['content-type'], res.headers['content-security-policy']]).toEqual([200, 'text/html; charset=utf-8', HTML_PAGE_CSP])
    const { page, requests } = await openHtml(browser, res.body, { width: 960 })
    expect(await page.getByRole('img', { name: /items done/ }).getAttribute('aria-label'))
      .toBe(`${json.done} of ${json.total} items done (100%), ${json.failed} failed`)
    expect([json.done, json.total, json.failed]).toEqual([6, 6, 3])
    expect(await page.locator('#state').innerText()).toBe(json.status)
    expect(await page.locator('#created').innerText()).toBe(json.created_at)
    expect(await page.locator('#finished').innerText()).toBe(json.finished_at)
    // the rate and the estimate appear only when the status reports them
    for (const [field, id] of [['items_per_second', '#items-per-second'], ['estimated_finish_at', '#estimated-finish']]) {
      if (json[field] === undefined || json[field] === null) expect(await page.locator(id).count()).toBe(0)
      else expect(await page.locator(id).innerText()).toBe(String(json[field]))
    }
    expect(await page.locator('#failures tbody tr').allInnerTexts()).toEqual(['target_not_allowed\t3'])
    expect(await page.locator('#results-json').getAttribute('href')).toBe(json.results_url)
    expect(await page.locator('#results-ndjson').getAttribute('href')).toBe(json.results_url)
    // the bar's segments: the items done well, then the failed ones, in proportion to the total
    const [track, done, failed] = await Promise.all(['.track', '.done', '.failed'].map(async (s) => await page.locator(`#progress ${s}`).boundingBox()))
    expect(Math.abs((done?.width ?? 0) - (track?.width ?? 0) * 3 / 6)).toBeLessThan(1)
    expect(Math.abs((failed?.width ?? 0) - (track?.width ?? 0) * 3 / 6)).toBeLessThan(1)
    expect(await page.locator('meta[http-equiv="refresh"], script').count()).toBe(0)
    expect(requests).toEqual([])
    mkdirSync(DOCS, { recursive: true })
    await page.screenshot({ path: join(DOCS, 'job-page.png'), fullPage: true })
    await page.close()
  })

  it('reloads itself while the job runs, and answers JSON unchanged to an API client', async () => {
    const { id } = await create([server.origin('slow.test'), server.origin('one.test')])
    const res = await status(id, 'text/html')
    const { page, requests } = await openHtml(browser, res.body, { width: 960 })
    const running = (await status(id)).json()
    expect(['queued', 'running']).toContain(running.status)
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('5')
    expect(await page.locator('script').count()).toBe(0)
    expect(requests).toEqual([])
    await page.close()
    for (const accept of [undefined, 'application/json', '*/*']) {
      const answer = await status(id, accept)
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(Object.keys(answer.json())).toEqual(expect.arrayContaining(['id', 'status', 'total', 'done', 'failed', 'created_at', 'started_at', 'finished_at', 'results_url']))
    }
    await app.inject({ method: 'DELETE', url: `/v1/domain/profile/jobs/${id}`, headers })
  })
})
