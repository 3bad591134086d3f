import { describe, expect, test } from 'vitest'
import { Metrics } from '../src/metrics.js'

describe('Metrics.count', () => {
  test('named labels are Prometheus labels, and their values joined with ":" key the JSON entry', async () => {
    const metrics = new Metrics('demo', { processMetrics: false })
    metrics.count('verdicts', { provider: 'github', reason: 'valid' })
    metrics.count('verdicts', { provider: 'github', reason: 'valid' })
    metrics.count('verdicts', { provider: 'stripe', reason: 'signature_mismatch' })
    expect((await metrics.snapshot()).verdicts).toEqual({ 'github:valid': 2, 'stripe:signature_mismatch': 1 })
    const text = await metrics.exposition()
    expect(text).toContain('# HELP verdicts_total verdicts, by provider and reason.')
    expect(text).toContain('verdicts_total{provider="github",reason="valid",service="demo"} 2')
    expect(text).toContain('verdicts_total{provider="stripe",reason="signature_mismatch",service="demo"} 1')
  })

  test('an outcome given as a string is the outcome label; no label at all is "total" in the JSON', async () => {
    const metrics = new Metrics('demo', { processMetrics: false })
    metrics.count('profiles', 'cached', 3)
    metrics.count('load_shed')
    expect(await metrics.snapshot()).toMatchObject({ profiles: { cached: 3 }, load_shed: { total: 1 } })
    expect(await metrics.get('profiles', 'cached')).toBe(3)
    const text = await metrics.exposition()
    expect(text).toContain('profiles_total{outcome="cached",service="demo"} 3')
    expect(text).toContain('load_shed_total{service="demo"} 1')
  })

  test('requests are counted by the duration histogram, once, and keyed by method, route and status in the JSON', async () => {
    const metrics = new Metrics('demo', { processMetrics: false })
    metrics.observe('POST', '/v1/echo', 200, 0.002)
    expect((await metrics.snapshot()).requests).toEqual({ 'POST /v1/echo 200': 1 })
    const text = await metrics.exposition()
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/v1/echo",status="200",service="demo"} 1')
    expect(text).toContain('http_request_duration_seconds_bucket{method="POST",route="/v1/echo",status="200",le="0.001",service="demo"} 0')
    expect(text).toContain('http_request_duration_seconds_bucket{method="POST",route="/v1/echo",status="200",le="0.0025",service="demo"} 1')
    expect(text).toContain('http_request_duration_seconds_bucket{method="POST",route="/v1/echo",status="200",le="+Inf",service="demo"} 1')
    expect(text).toContain('http_request_duration_seconds_sum{method="POST",route="/v1/echo",status="200",service="demo"} 0.002')
    expect(text).not.toContain('requests_total')
  })
})

describe('every counter and gauge is exported from the start', () => {
  test('the kit\'s counters are at 0 before their first event, in /metrics and in the JSON', async () => {
    const metrics = new Metrics('demo', { processMetrics: false })
    const text = await metrics.exposition()
    for (const name of ['auth_failures', 'validation_failures', 'load_shed', 'quota_rejections', 'quota_store_errors', 'quota_fail_open', 'quota_fail_closed']) {
      expect(text).toContain(`${name}_total{service="demo"} 0`)
      expect((await metrics.snapshot())[name]).toEqual({ total: 0 })
    }
  })

  test('declare exports every combination of the label values at 0; counting then adds to them', async () => {
    const metrics = new Metrics('demo', { processMetrics: false })
    metrics.declare('verdicts', { provider: ['github', 'stripe'], reason: ['valid', 'signature_mismatch'] })
    metrics.declare('batch_items', ['succeeded', 'failed'])
    metrics.count('verdicts', { reason: 'valid', provider: 'stripe' })
    expect((await metrics.snapshot()).verdicts).toEqual({ 'github:signature_mismatch': 0, 'github:valid': 0, 'stripe:signature_mismatch': 0, 'stripe:valid': 1 })
    const text = await metrics.exposition()
    expect(text).toContain('verdicts_total{provider="github",reason="signature_mismatch",service="demo"} 0')
    expect(text).toContain('batch_items_total{outcome="failed",service="demo"} 0')
  })
})
