import { checkOpenApi } from '@utility-apis/service-kit/testing'
import { testConfig } from '@utility-apis/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { KEY } from './fixtures/analyze.js'

describe('the site app', () => {
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => { app = await buildApp({ config: testConfig({ adminKey: 'admin-key' }) }) })
  afterAll(async () => { await app.close() })

  it('serves a valid OpenAPI 3.1 document with both business routes secured', async () => {
    const { errors, document, paths, unsecured } = await checkOpenApi(app)
    expect(errors).toEqual([])
    expect(document.info.version).toBe('0.1.0')
    expect(paths).toEqual(expect.arrayContaining(['/v1/site-intel/analyze', '/v1/site-intel/robots/test']))
    expect(unsecured).not.toContain('POST /v1/site-intel/analyze')
    expect(unsecured).not.toContain('POST /v1/site-intel/robots/test')
    const analyze = document.paths['/v1/site-intel/analyze'].post
    expect(Object.keys(analyze.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '415', '422', '429']))
    const ref = analyze.responses['200'].content['application/json'].schema.$ref as string
    const report = document.components.schemas[ref.replace('#/components/schemas/', '')]
    for (const field of ['domain', 'requestedUrl', 'fetchability', 'score', 'technical_crawl_score', 'max_score', 'category_scores', 'aeo_authority_score', 'top_gaps', 'observations']) {
      expect(report.required, field).toContain(field)
    }
  })

  it('counts robots tests in the admin metrics without naming any domain', async () => {
    await app.inject({ method: 'POST', url: '/v1/site-intel/robots/test', headers: KEY, payload: { robots_txt: 'User-agent: *\nDisallow: /', url: 'https://secret-domain.example/x' } })
    const res = await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-key' } })
    expect(res.json().robots_tests.provided).toBeGreaterThanOrEqual(1)
    expect(res.body).not.toContain('secret-domain')
  })

  it('answers /health without a key', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.json()).toMatchObject({ status: 'ok', service: 'site', version: '0.1.0' })
  })
})
