import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROOT, serviceSources } from './helpers/services.js'

// Issue 32, part 2. `{"domains": [7, 7, ... a million times]}` (1.9 MB, under the brand jobs' 32 MiB limit) answered a
// 422 of 1,000,001 issues (106 MB) after 7 s, the process peaking at 866 MB: past a 512 Mi pod. Every list of every
// request body (found in each service's own OpenAPI, so a new one is covered) gets a million items, a full list of
// bad ones and an item of 1.2 million characters. Each service runs its real main.ts in a process of its own, whose
// peak resident memory (VmHWM) is read from /proc; nothing of this process counts in it. Times are bounded loosely
// here (a loaded machine); the README's figures come from `pnpm bench:lists` on a quiet one.

const MILLION = 1_000_000
const MAX_ISSUES = 1000
const MAX_INPUT_CHARS = 200
const PEAK_LIMIT = 250 * 2 ** 20
const ANSWER_LIMIT_MS = 20_000
// Jobs routes answer 503 without Redis before reading a body: with REDIS_URL their lists are checked too.
const REDIS_URL = process.env.REDIS_URL
const KEY = `oversized-lists-${process.pid}`

type Node = Record<string, any>
interface ListField { route: string, field: string, maxItems: number | undefined, itemType: string | undefined }

async function freePort (): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The peak resident memory of a process, from Linux's /proc. */
function peakResident (pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (match === null) throw new Error(`no VmHWM for process ${pid}`)
  return Number(match[1]) * 1024
}

const resolve = (node: Node, document: Node): Node =>
  typeof node?.$ref === 'string' ? node.$ref.replace('#/', '').split('/').reduce((at: Node, key: string) => at[key], document) : node

/** Every top-level list of every request body: the route, the field, its bound and the type its items must have. */
function listFields (document: Node): ListField[] {
  return Object.entries(document.paths as Record<string, Record<string, Node>>).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const body = operation.requestBody?.content?.['application/json']?.schema
      if (body === undefined) return []
      const properties = Object.entries(resolve(body, document).properties ?? {}) as Array<[string, Node]>
      return properties.map(([field, schema]) => [field, resolve(schema, document)] as const)
        .filter(([, schema]) => schema.type === 'array')
        .map(([field, schema]) => ({
          route: `${method.toUpperCase()} ${path}`, field, maxItems: schema.maxItems as number | undefined, itemType: resolve(schema.items, document)?.type
        }))
    }))
}

interface Service { name: string, child: ChildProcess, base: string, lists: ListField[] }
const services: Service[] = []

beforeAll(async () => {
  for (const source of serviceSources()) {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', join(ROOT, 'services', source.name, 'src', 'main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', API_KEYS: KEY, LOG_LEVEL: 'silent', ...(REDIS_URL ? { REDIS_URL } : {}) },
      stdio: 'ignore'
    })
    const base = `http://127.0.0.1:${port}`
    services.push({ name: source.name, child, base, lists: [] })
    for (let i = 0; ; i++) {
      const ready = await fetch(`${base}/openapi.json`).then(async (r) => r.ok ? await r.json() as Node : null, () => null)
      if (ready !== null) {
        (services.at(-1) as Service).lists = listFields(ready)
        break
      }
      if (i > 300) throw new Error(`${source.name} did not start`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(services.map(async ({ child }) => {
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }))
})

interface Answer { status: number, text: string, ms: number }

/**
 * POSTs a body and reads the answer. A body over the limit is answered 413 as soon as its headers are read, and the
 * connection closed: the body is sent only if no answer came first (writing it then would break the pipe).
 */
async function post (service: Service, route: string, payload: string): Promise<Answer> {
  let started = performance.now()
  let answered = false
  return await new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${service.base}${route.split(' ')[1]}`, {
      method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
    }, (response) => {
      answered = true
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => { text += chunk })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, ms: performance.now() - started }))
    })
    request.on('error', reject)
    request.flushHeaders()
    setTimeout(() => {
      // an answer already came (a 413 read from the headers alone): the body is not sent
      if (answered) return
      // the time of an answer to a body counts from when the body is sent
      started = performance.now()
      request.end(payload)
    }, 1000)
  })
}

/** `n` items of a type the list does not take, as JSON text. */
function wrongItems (list: ListField, n: number): string {
  const item = list.itemType === 'string' ? '7' : '"x"'
  return `[${`${item},`.repeat(n - 1)}${item}]`
}

/** Every issue echoes at most MAX_INPUT_CHARS characters of its input; a longer one is cut and says so. */
function checkEchoes (detail: Array<{ type: string, input?: unknown }>) {
  for (const { input } of detail) {
    if (input === undefined) continue
    const text = typeof input === 'string' ? input : JSON.stringify(input)
    const cut = /^([\s\S]*)\.\.\.\[truncated: (\d+ characters|a list of \d+ items|an object of \d+ fields)\]$/.exec(text)
    expect([...(cut?.[1] ?? text)].length).toBeLessThanOrEqual(MAX_INPUT_CHARS)
  }
}

const names = serviceSources().map((source) => source.name)

describe.each(names)('%s: every list of every request body', (name) => {
  const service = () => services.find((s) => s.name === name) as Service
  const lists = () => service().lists.filter((list) => REDIS_URL !== undefined || !list.route.endsWith('/jobs'))

  test('holds lists to check (jobs routes need REDIS_URL, without it they answer 503 before reading a body)', () => {
    expect(service().lists.length).toBeGreaterThan(0)
  })

  test(`a million items: a small answer (one too_long, or 413 over the body limit) within ${ANSWER_LIMIT_MS / 1000} s`, async () => {
    for (const list of lists()) {
      const answer = await post(service(), list.route, `{"${list.field}":${wrongItems(list, MILLION)}}`)
      expect([413, 422], `${list.route} ${list.field}`).toContain(answer.status)
      expect(answer.text.length, `${list.route} ${list.field}`).toBeLessThan(16 * 1024)
      expect(answer.ms, `${list.route} ${list.field}`).toBeLessThan(ANSWER_LIMIT_MS)
      if (answer.status === 422) checkEchoes(JSON.parse(answer.text).detail)
    }
  }, 120_000)

  test(`a full list of bad items: at most ${MAX_ISSUES} issues, then one saying how many more`, async () => {
    for (const list of lists()) {
      const n = list.maxItems ?? 5000
      const answer = await post(service(), list.route, `{"${list.field}":${wrongItems(list, n)}}`)
      if (answer.status === 413) continue
      // A batch that answers each item apart (SLA) says each item's 422 in a 200: each of those is bounded alike
      const body = JSON.parse(answer.text)
      if (answer.status === 200) {
        for (const item of body.results) checkEchoes(item.error.detail)
        continue
      }
      expect(answer.status, `${list.route} ${list.field}`).toBe(422)
      const detail = body.detail as Array<{ type: string, loc: unknown[], ctx?: Record<string, number> }>
      expect(detail.length).toBeLessThanOrEqual(MAX_ISSUES + 1)
      checkEchoes(detail)
      const last = detail.at(-1)
      if (n > MAX_ISSUES) {
        expect(detail).toHaveLength(MAX_ISSUES + 1)
        expect(last).toMatchObject({ type: 'too_many_errors', loc: ['body'], ctx: { listed: MAX_ISSUES } })
        expect((last?.ctx?.listed ?? 0) + (last?.ctx?.not_listed ?? 0), `${list.route} ${list.field}`).toBeGreaterThanOrEqual(n)
      } else {
        expect(detail.filter((issue) => issue.type === 'too_many_errors')).toEqual([])
      }
    }
  }, 120_000)

  test(`an item of 1.2 million characters is echoed cut to ${MAX_INPUT_CHARS} and marked`, async () => {
    for (const list of lists().filter((l) => l.itemType === 'string')) {
      const answer = await post(service(), list.route, `{"${list.field}":["${'x'.repeat(1_200_000)}"]}`)
      if (answer.status === 413) continue
      expect(answer.status, `${list.route} ${list.field}`).toBe(422)
      expect(answer.text.length).toBeLessThan(4096)
      checkEchoes(JSON.parse(answer.text).detail)
    }
  }, 60_000)

  test(`the service's peak resident memory stays under ${PEAK_LIMIT / 2 ** 20} MB`, () => {
    const peak = peakResident(service().child.pid as number)
    expect(peak, `${name}: ${Math.round(peak / 2 ** 20)} MB at peak`).toBeLessThan(PEAK_LIMIT)
  })
})
