import { describe, expect, it } from 'vitest'
import { FRAMEWORK_HINTS } from '../../src/domain/framework-hints.js'

describe('FRAMEWORK_HINTS', () => {
  it('covers every framework of the issue, each with a typical break and a standard fix', () => {
    const names = FRAMEWORK_HINTS.map((hint) => hint.framework)
    for (const framework of ['Express', 'Next.js (pages router)', 'Next.js (app router)', 'Fastify', 'NestJS', 'Koa', 'AWS Lambda / API Gateway',
      'Flask', 'Django', 'FastAPI / Starlette', 'Ruby on Rails / Rack', 'Laravel / PHP', 'Go net/http']) {
      expect(names).toContain(framework)
    }
    for (const hint of FRAMEWORK_HINTS) {
      expect(hint.summary.length).toBeGreaterThan(20)
      expect(hint.detail.length).toBeGreaterThan(20)
      expect(hint.causes.length).toBeGreaterThan(0)
    }
  })

  it('names the standard fix of each framework', () => {
    const detail = (framework: string) => FRAMEWORK_HINTS.find((hint) => hint.framework === framework)?.detail
    expect(detail('Express')).toContain('express.raw')
    expect(detail('Next.js (pages router)')).toContain('bodyParser: false')
    expect(detail('Next.js (app router)')).toContain('request.text()')
    expect(detail('Fastify')).toContain("parseAs: 'buffer'")
    expect(detail('NestJS')).toContain('rawBody: true')
    expect(detail('Koa')).toContain('includeUnparsed')
    expect(detail('AWS Lambda / API Gateway')).toContain('isBase64Encoded')
    expect(detail('Flask')).toContain('request.get_data()')
    expect(detail('Django')).toContain('request.body')
    expect(detail('FastAPI / Starlette')).toContain('await request.body()')
    expect(detail('Ruby on Rails / Rack')).toContain('request.raw_post')
    expect(detail('Laravel / PHP')).toContain('getContent()')
    expect(detail('Go net/http')).toContain('io.ReadAll')
    expect(detail('Hono / Cloudflare Workers / Deno / Bun')).toContain('c.req.text()')
    expect(detail('Spring Boot')).toContain('@RequestBody byte[]')
    expect(detail('ASP.NET Core')).toContain('EnableBuffering')
    expect(detail('Phoenix (Elixir)')).toContain('body_reader')
  })
})
