// The job status page as text: what it shows for each field the status may or may not carry, when it reloads, and
// that the only links are our own paths. (The page in a real browser: services/brand/test/jobs/status-page.test.ts.)
import { describe, expect, it } from 'vitest'
import { renderJobPage } from '../../src/views/job-page.js'
import type { JobStatus } from '../../src/types.js'

const base: JobStatus = {
  id: 'job_0123456789abcdef01234567',
  status: 'running',
  total: 100_000,
  done: 25_000,
  failed: 120,
  charged: 24_880,
  items_per_second: null,
  estimated_finish_at: null,
  created_at: '2026-11-29T02:00:00.000Z',
  started_at: '2026-11-29T02:00:01.000Z',
  finished_at: null,
  results_url: '/v1/domain/profile/jobs/job_0123456789abcdef01234567/results',
  callback: null
}

describe('the job status page', () => {
  it('shows the rate and the estimated finish when the status has them, and reloads while the job runs', () => {
    const html = renderJobPage({ ...base, items_per_second: 41.5, estimated_finish_at: '2026-11-29T02:30:08.000Z' },
      { target_not_allowed: 117, internal_error: 3 })
    expect(html).toContain('<meta http-equiv="refresh" content="5">')
    expect(html).toContain('<dt>Items per second</dt><dd id="items-per-second">41.5</dd>')
    expect(html).toContain('<dt>Estimated finish</dt><dd id="estimated-finish">2026-11-29T02:30:08.000Z</dd>')
    expect(html).toContain(`<dt>Units charged</dt><dd id="charged">${base.charged}</dd>`)
    expect(html).toContain('aria-label="25000 of 100000 items done (25%), 120 failed"')
    expect(html).toMatch(/Every item that failed so far, by error code:.*<td class="code">target_not_allowed<\/td><td class="count">117<\/td>.*internal_error/)
    expect(html).not.toContain('failures-uncounted')
    expect(html).not.toMatch(/<script/i)
  })

  it('leaves out what the status does not carry, and stops reloading once the job is over', () => {
    const html = renderJobPage({ ...base, status: 'completed', done: 100_000, failed: 0, finished_at: '2026-11-29T03:00:00.000Z' })
    expect(html).not.toContain('http-equiv="refresh"')
    expect(html).not.toMatch(/items-per-second|estimated-finish|id="callback"/)
    expect(html).toContain('<p id="failures-none">No item failed.</p>')
    expect(renderJobPage({ ...base, failed: 0 })).toContain('<p id="failures-none">No item has failed so far.</p>')
    expect(html).toContain(`<a id="results-json" href="${base.results_url}">`)
  })

  it('says how many failures were written before they were counted by code (a job from before)', () => {
    const html = renderJobPage({ ...base, failed: 5 }, { fetch_timeout: 2 })
    expect(html).toContain('<td class="code">fetch_timeout</td><td class="count">2</td>')
    expect(html).toContain('<p id="failures-uncounted">3 more failed items were written before failures were counted by code.</p>')
    expect(renderJobPage({ ...base, failed: 5 }, {})).not.toContain('<table')
  })

  it('says how the callback is going: its state, attempts and why the last one failed', () => {
    const retrying = renderJobPage({ ...base, callback: { state: 'retrying', attempts: 3, last_attempt_at: '2026-11-29T03:00:35.000Z', last_error: 'HTTP 503' } })
    expect(retrying).toContain('<dt>Callback</dt><dd id="callback">retrying (3 attempts, last: HTTP 503)</dd>')
    const delivered = renderJobPage({ ...base, callback: { state: 'delivered', attempts: 1, last_attempt_at: '2026-11-29T03:00:00.000Z', last_error: null } })
    expect(delivered).toContain('<dd id="callback">delivered (1 attempt)</dd>')
  })

  it('links only our own paths', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'https://evil.example/results', '/ok" onmouseover="x']) {
      expect(renderJobPage({ ...base, results_url: url })).not.toContain('<a ')
    }
  })
})
