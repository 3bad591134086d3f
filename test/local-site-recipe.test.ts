import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '@utility-apis/service-kit'
import { ROOT, serviceSources } from './helpers/services.js'

// Issue 35, part 9: the README's recipe for trying brand and site offline, run as written: the fixture-site script it
// starts, the variables it gives the services, and the calls it makes (their port and body), on a fixture site that
// answers any host name under the wildcard `*.test`.

const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const RECIPE = /<!-- local-site -->\n```sh\n([\s\S]*?)```\n<!-- \/local-site -->/.exec(README)?.[1] ?? ''
const LINES = RECIPE.trim().split('\n')
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }

/** The variables the recipe sets before `pnpm dev`: `NAME=value` or `NAME='value'`. */
function recipeEnv (): Record<string, string> {
  const line = LINES.find((text) => text.endsWith('pnpm dev')) ?? ''
  return Object.fromEntries([...line.matchAll(/([A-Z_]+)=('[^']*'|\S+)/g)].map(([, name, value]) => [name, value.replace(/^'|'$/g, '')]))
}

/** Each curl of the recipe: the service's port, the path and the JSON body. */
function recipeCalls (): Array<{ port: number, path: string, body: Record<string, unknown> }> {
  return LINES.filter((text) => text.startsWith('curl')).map((text) => {
    const [, port, path] = /localhost:(\d+)(\/\S+)/.exec(text) ?? []
    return { port: Number(port), path, body: JSON.parse(/-d '([^']*)'/.exec(text)?.[1] ?? 'null') }
  })
}

let site: ChildProcess
let sitePort = 0
const apps = new Map<number, FastifyInstance>()

/** The app of the service the README's port names, configured from `env` as main.ts would. */
async function appAt (port: number, env: Record<string, string>): Promise<FastifyInstance> {
  const service = serviceSources().find((source) => source.defaultPort === port)
  if (service === undefined) throw new Error(`no service listens on ${port} by default`)
  const { config } = loadConfig({ LOG_LEVEL: 'warn', ...env }, { service: service.name, port })
  return await (await service.buildApp())({ config, processMetrics: false } as never)
}

beforeAll(async () => {
  // `pnpm fixture-site 8080 &`: the script the package script runs, on a free port instead of 8080
  const [, script] = /^node (\S+)$/.exec(PACKAGE.scripts['fixture-site'] ?? '') ?? []
  site = spawn(process.execPath, [join(ROOT, script), '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [first] = await once(createInterface({ input: site.stdout as NodeJS.ReadableStream }), 'line') as [string]
  sitePort = Number(/127\.0\.0\.1:(\d+)/.exec(first)?.[1])
  for (const { port } of recipeCalls()) if (!apps.has(port)) apps.set(port, await appAt(port, recipeEnv()))
}, 60_000)

afterAll(async () => {
  for (const app of apps.values()) await app.close()
  site?.kill()
})

describe('the README\'s local-site recipe', () => {
  test('starts the fixture site with the root package script and sets both UNSAFE_FETCH_* variables, the host map a wildcard', () => {
    expect(LINES[0]).toMatch(/^pnpm fixture-site \d+ &$/)
    expect(sitePort).toBeGreaterThan(0)
    expect(recipeEnv()).toEqual({ UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32', UNSAFE_FETCH_HOST_MAP: '*.test=127.0.0.1' })
    expect(recipeCalls().map((call) => call.path)).toEqual(['/v1/domain/profile', '/v1/site-intel/analyze'])
  })

  test('brand profiles http://shop.test:<port>/ and site analyses it, as the recipe calls them', async () => {
    const answers = new Map<string, Record<string, any>>()
    for (const call of recipeCalls()) {
      const body = JSON.parse(JSON.stringify(call.body).replace(':8080/', `:${sitePort}/`))
      const res = await (apps.get(call.port) as FastifyInstance).inject({
        method: 'POST', url: call.path, headers: { 'x-api-key': 'dev-key' }, payload: body
      })
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
      answers.set(call.path, res.json())
    }
    const origin = `http://shop.test:${sitePort}/`
    expect(answers.get('/v1/domain/profile')).toMatchObject({ reachable: true, final_url: origin, brand_name: 'Kiln & Clay' })
    const analysis = answers.get('/v1/site-intel/analyze') as Record<string, any>
    expect(analysis.fetchability.ok).toBe(true)
    expect(JSON.stringify(analysis)).toContain(`${origin}sitemap.xml`)
    // an analysis may take its whole budget (25 s) on a loaded machine
  }, 60_000)

  test('needs both variables: the host map alone reaches a loopback address, which is refused as private', async () => {
    const mapOnly = await appAt(3003, { UNSAFE_FETCH_HOST_MAP: recipeEnv().UNSAFE_FETCH_HOST_MAP })
    try {
      const res = await mapOnly.inject({
        method: 'POST', url: '/v1/domain/profile', headers: { 'x-api-key': 'dev-key' }, payload: { domain: `http://shop.test:${sitePort}/` }
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('target_not_allowed')
    } finally {
      await mapOnly.close()
    }
  })
})
