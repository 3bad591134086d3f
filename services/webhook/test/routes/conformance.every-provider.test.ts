import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '../../src/domain/providers/index.js'
import type { GenericOptions } from '../../src/domain/types.js'
import { verifyWebhook } from '../../src/domain/verify.js'
import { KEY, testApp } from '../helpers/app.js'

// The suite of every provider in the registry, run through the route against real receivers on 127.0.0.1: one that
// verifies with this service's verifier (and acknowledges a delivery it has seen), one that accepts everything. The
// first must pass and the second fail, for each provider: the suite's deliveries are the provider's, and its forged
// ones are refused by a verifier that is right.
const now = (): number => Math.floor(Date.now() / 1000)

interface Keys { signWith: { secret: string } | { private_key: string }, verifyWith: string, generic?: GenericOptions, payload?: string }

/** The provider's first demo key: the secret, or the private key that signs and the public key that verifies. */
function keysOf (id: ProviderId): Keys {
  const provider = PROVIDERS[id]
  const demo = provider.configurable?.demo(provider.configurable.example.options) ?? provider.demos[0]
  const signWith = demo.signingKey === undefined ? { secret: demo.secret } : { private_key: demo.signingKey }
  const generic = provider.configurable?.example.options
  // Providers that sign fields of the body need a body of their shape; the others get the suite's own test event.
  const payload = provider.signsBodyFields === true ? demo.payload : undefined
  return { signWith, verifyWith: demo.secret, ...(generic === undefined ? {} : { generic }), ...(payload === undefined ? {} : { payload }) }
}

type Handler = (id: ProviderId, url: string, raw: string, headers: Record<string, string>, response: ServerResponse) => void

async function receiver (handler: Handler): Promise<{ base: string, server: Server }> {
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = (request.url ?? '/').slice(1).split('?')[0] as ProviderId
      const url = `http://${request.headers.host ?? ''}${request.url ?? '/'}`
      handler(id, url, Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

function parsed (raw: string): boolean {
  try {
    JSON.parse(raw)
    return true
  } catch {
    return false
  }
}

/** A JSON body parsed and written again compactly, as a framework's body parser would hand it over; else as received. */
function reserialised (raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw))
  } catch {
    return raw
  }
}

/**
 * Verifies the body (the raw one, or a re-serialised copy), the URL it was called at and the clock; a delivery seen
 * before is acknowledged (2xx) and not processed again, as senders that resend a delivery ask: else they retry it.
 */
function verifying (body: (raw: string) => string = (raw) => raw, toleranceSeconds?: number): Handler {
  const seen = new Set<string>()
  return (id, url, raw, headers, response) => {
    const keys = keysOf(id)
    const request = { provider: id, payload: body(raw), headers, secret: keys.verifyWith, url, generic: keys.generic, now_epoch_seconds: now() }
    const verdict = verifyWebhook({ ...request, ...(toleranceSeconds === undefined ? {} : { tolerance_seconds: toleranceSeconds }) }, now())
    if (!verdict.valid) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end(verdict.reason)
      return
    }
    const fingerprint = createHash('sha256').update(JSON.stringify([id, raw, headers])).digest('hex')
    if (seen.has(fingerprint)) {
      response.writeHead(200).end('duplicate, not processed again')
      return
    }
    seen.add(fingerprint)
    response.writeHead(204).end()
  }
}

let app: FastifyInstance
let verifies: { base: string, server: Server }
let acceptsAll: { base: string, server: Server }
let reserialises: { base: string, server: Server }
let ignoresClock: { base: string, server: Server }
let parsesOnly: { base: string, server: Server }

beforeAll(async () => {
  app = await testApp({ monthlyQuota: 1_000_000 }, now, { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
  verifies = await receiver(verifying())
  acceptsAll = await receiver((id, url, raw, headers, response) => response.writeHead(200).end('ok'))
  reserialises = await receiver(verifying(reserialised))
  ignoresClock = await receiver(verifying(undefined, 86_400))
  // parses the body as JSON (400 when it is not, as express.json() answers) and verifies nothing
  parsesOnly = await receiver((id, url, raw, headers, response) => response.writeHead(parsed(raw) ? 200 : 400).end())
})

afterAll(async () => {
  await app.close()
  await Promise.all([verifies, acceptsAll, reserialises, ignoresClock, parsesOnly].map(async ({ server }) => await new Promise((resolve) => server.close(resolve))))
})

interface Graded { grade: string, checks: Array<{ name: string, passed: boolean, status: number | null, finding: string | null }> }

async function grade (id: ProviderId, base: string): Promise<Graded> {
  const keys = keysOf(id)
  const res = await app.inject({
    method: 'POST',
    url: '/v1/webhooks/conformance',
    headers: KEY,
    payload: { provider: id, endpoint_url: `${base}/${id}?tenant=7`, ...keys.signWith, generic: keys.generic, payload: keys.payload }
  })
  expect(res.statusCode, `${id}: ${res.body}`).toBe(200)
  return res.json()
}

const failed = (result: Graded): Graded['checks'] => result.checks.filter((check) => !check.passed)

describe('the conformance suite of every provider in the registry', () => {
  it('passes a receiver that verifies with this service\'s verifier, for each provider', async () => {
    const results = await Promise.all(PROVIDER_IDS.map(async (id) => [id, await grade(id, verifies.base)] as const))
    const failures = results.filter(([, result]) => result.grade !== 'pass').map(([id, result]) => ({ id, failed: failed(result) }))
    expect(failures).toEqual([])
    expect(results.length).toBe(Object.keys(PROVIDERS).length)
  }, 60_000)

  it('fails a receiver that accepts everything, for each provider, on every check but the valid deliveries', async () => {
    const results = await Promise.all(PROVIDER_IDS.map(async (id) => [id, await grade(id, acceptsAll.base)] as const))
    for (const [id, result] of results) {
      expect(result.grade, id).toBe('fail')
      expect(result.checks[0], id).toMatchObject({ name: 'valid', passed: true })
      expect(result.checks.at(-1), id).toMatchObject({ name: 'valid_again', passed: true })
      // a repeated delivery is acknowledged by both; whether it is processed twice cannot be seen from outside
      expect(failed(result).map((check) => check.name), id).toEqual(result.checks.slice(1, -1).map((check) => check.name).filter((name) => name !== 'replayed_id'))
      const names = result.checks.map((check) => check.name)
      // Every scheme has a signature to forge or leave out; only a token (GitLab's) has no signature to tamper with.
      expect(names, id).toContain('missing_signature')
      if (PROVIDERS[id].algorithm.kind !== 'token') expect(names, id).toContain('tampered_signature')
    }
  }, 60_000)

  it('fails a receiver that verifies a re-serialised body at the valid delivery, for each provider that signs the body\'s bytes', async () => {
    const results = await Promise.all(PROVIDER_IDS.map(async (id) => [id, await grade(id, reserialises.base)] as const))
    for (const [id, result] of results) {
      const provider = PROVIDERS[id]
      const signsBytes = provider.signsBodyFields !== true && provider.algorithm.kind !== 'token'
      expect(result.checks[0], id).toMatchObject({ name: 'valid', passed: !signsBytes })
      expect(result.grade, id).toBe(signsBytes ? 'fail' : 'pass')
    }
  }, 60_000)

  it('fails a receiver that only parses the body at tampered_body, for each provider that signs the body\'s bytes: the body stays JSON', async () => {
    const results = await Promise.all(PROVIDER_IDS.map(async (id) => [id, await grade(id, parsesOnly.base)] as const))
    const tampered = results.flatMap(([id, result]) => result.checks.filter((check) => check.name === 'tampered_body').map((check) => [id, check.status]))
    expect(tampered.length).toBe(PROVIDER_IDS.filter((id) => PROVIDERS[id].signsBodyFields !== true && PROVIDERS[id].algorithm.kind !== 'token').length)
    expect(tampered.filter(([, status]) => status !== 200)).toEqual([])
  }, 60_000)

  it('fails only stale_timestamp of a receiver that verifies but allows a day of clock skew, for each replay-protected provider', async () => {
    const results = await Promise.all(PROVIDER_IDS.map(async (id) => [id, await grade(id, ignoresClock.base)] as const))
    for (const [id, result] of results) {
      expect(failed(result).map((check) => check.name), id).toEqual(PROVIDERS[id].replayProtected ? ['stale_timestamp'] : [])
    }
  }, 60_000)
})
