import { createSafeFetcher } from '@utility-apis/safe-fetch'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inDecodeQueue, MAX_CONCURRENT_DECODES } from '../../src/domain/image-decode.js'
import { normalizeDomainInput } from '../../src/domain/normalize-domain.js'
import { MemoryProfileCache } from '../../src/domain/profile-cache.js'
import { BrandProfiler } from '../../src/domain/profiler.js'
import { MemoryLogoCache } from '../../src/logo/logo-cache.js'
import { LogoService, PROVISIONAL_SECONDS } from '../../src/logo/logo-service.js'
import { variantOf } from '../../src/logo/logo-variant.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// A logo whose render could not start within the answer's time, because every decode slot of the process was held by
// other files: the answer says "none yet" for a few minutes, never "this site has no logo" for the TTL.

const GREEN = [0, 160, 0, 255]
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00a000"/></svg>'

let server: FixtureServer
const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'queued.test': '127.0.0.1', 'flaky.test': '127.0.0.1', 'slow.test': '127.0.0.1', 'sizes.test': '127.0.0.1', 'slowfile.test': '127.0.0.1' } })
const profiler = new BrandProfiler({ fetcher, cache: new MemoryProfileCache(), cacheTtlSeconds: 3600 })
/** Whether flaky.test's logo file answers 503, as a site down for a while does. */
let flakyDown = false
/** What any slow file holding a decode slot would do: the slots are held until released. */
let release = (): void => {}

beforeAll(async () => {
  server = await startFixtureServer({
    'queued.test': {
      '/': { body: '<!doctype html><title>Queued</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': { body: LOGO, headers: { 'content-type': 'image/svg+xml' } }
    },
    // a homepage slow enough that the contact page it links is left for the budget
    'slow.test': {
      '/': { body: '<!doctype html><title>Slow</title><link rel="icon" href="/logo.svg" type="image/svg+xml"><footer><a href="/imprint">Imprint</a></footer>', delayMs: 1000 },
      '/logo.svg': { body: LOGO, headers: { 'content-type': 'image/svg+xml' } },
      '/imprint': { body: '<!doctype html><title>Imprint</title>' }
    },
    // a logo file slow enough that the variants asked at once all want it while it is fetched
    'sizes.test': {
      '/': { body: '<!doctype html><title>Sizes</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': { body: LOGO, headers: { 'content-type': 'image/svg+xml' }, delayMs: 300 }
    },
    // a logo file slower than a caller's whole time
    'slowfile.test': {
      '/': { body: '<!doctype html><title>Slow file</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': { body: LOGO, headers: { 'content-type': 'image/svg+xml' }, delayMs: 1200 }
    },
    'flaky.test': {
      '/': { body: '<!doctype html><title>Flaky</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': {
        handler: (_request, response) => {
          response.writeHead(flakyDown ? 503 : 200, { 'content-type': flakyDown ? 'text/plain' : 'image/svg+xml' })
          response.end(flakyDown ? 'down' : LOGO)
        }
      }
    }
  })
})

afterAll(async () => {
  release()
  await server?.close()
  await fetcher.close()
})

/** Every decode slot held until `release()`; resolves once they all are. */
async function holdEverySlot (): Promise<void> {
  const held = new Promise<void>((resolve) => { release = resolve })
  let running = 0
  await new Promise<void>((resolve) => {
    for (let i = 0; i < MAX_CONCURRENT_DECODES; i++) {
      inDecodeQueue(async () => { if (++running === MAX_CONCURRENT_DECODES) resolve(); await held }).catch(() => {})
    }
  })
}

describe('a logo whose render waits past the answer\'s time', () => {
  it('is answered as none for now, provisional, and drawn once the queue is free and the stand-in is stale', async () => {
    let clock = Date.now()
    const now = () => clock
    const logos = new LogoService({ profiler, fetcher, cache: new MemoryLogoCache({ now }), ttlSeconds: 86_400, timeoutMs: 1000, now })
    const target = normalizeDomainInput(`${server.origin('queued.test')}/`)
    const variant = variantOf({ size: 32, fallback: '404' })
    // the profile is made (and cached) before the queue fills: only the logo's render waits
    const profile = await profiler.profile(target, { timeoutMs: 5000 })
    expect(profile.logos.length).toBeGreaterThan(0)

    await holdEverySlot()
    const answer = await logos.logo(target, variant)
    release()
    expect(answer.image).toMatchObject({ kind: 'none', provisional: true })

    // within its few minutes the stand-in is what is cached; past them the logo is drawn
    expect(await logos.cachedLogo(target, variant)).toMatchObject({ kind: 'none', provisional: true })
    clock += PROVISIONAL_SECONDS * 1000
    const drawn = await logos.fromProfile(target, profile, variant)
    expect(drawn.kind).toBe('logo')
    expect(drawn.provisional).toBeUndefined()
    const { data } = await sharp(drawn.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 4)]).toEqual(GREEN)
  })
})

/** Waits until the cached image of the variant passes `done` (a background refresh has ended). */
async function cachedUntil (logos: LogoService, target: ReturnType<typeof normalizeDomainInput>, variant: ReturnType<typeof variantOf>,
  done: (image: Awaited<ReturnType<LogoService['cachedLogo']>>) => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(await logos.cachedLogo(target, variant)); i++) await new Promise((resolve) => setTimeout(resolve, 25))
}

describe('a stale logo whose site is down when it is refreshed', () => {
  it('is kept, and the site is not asked again for a few minutes, however many callers come', async () => {
    let clock = Date.now()
    const now = () => clock
    const ttlSeconds = 86_400
    const logos = new LogoService({ profiler, fetcher, cache: new MemoryLogoCache({ now }), ttlSeconds, now })
    const target = normalizeDomainInput(`${server.origin('flaky.test')}/`)
    const variant = variantOf({ size: 32 })
    const logoFetches = () => server.requests.filter((r) => r.host === 'flaky.test' && r.path === '/logo.svg').length
    const first = await logos.logo(target, variant)
    expect(first.image.kind).toBe('logo')

    // a day later the image is stale and the site is down: the image is answered, the refresh fails behind it
    clock += ttlSeconds * 1000
    flakyDown = true
    const before = logoFetches()
    expect((await logos.logo(target, variant)).image.etag).toBe(first.image.etag)
    await cachedUntil(logos, target, variant, (image) => image?.retryAt !== undefined)
    expect(logoFetches()).toBe(before + 1)
    for (let i = 0; i < 5; i++) expect((await logos.logo(target, variant)).image.etag).toBe(first.image.etag)
    // a refresh these calls started would have asked for the file by now
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(logoFetches()).toBe(before + 1)

    // a few minutes on, the site is back: the next caller still gets the image at once, and a refresh renews it
    clock += PROVISIONAL_SECONDS * 1000
    flakyDown = false
    expect((await logos.logo(target, variant)).image.etag).toBe(first.image.etag)
    await cachedUntil(logos, target, variant, (image) => image?.storedAt === clock)
    expect(await logos.cachedLogo(target, variant)).toMatchObject({ kind: 'logo', storedAt: clock })
    expect((await logos.cachedLogo(target, variant))?.retryAt).toBeUndefined()
  })
})

describe('a logo of a site whose contact page the budget left unread', () => {
  // the profile lists the contact page as unread (`budget`), which feeds no logo: the image is the site's own
  it('is kept for the TTL, not answered as a stand-in', async () => {
    const logos = new LogoService({
      profiler: new BrandProfiler({ fetcher, cache: new MemoryProfileCache(), cacheTtlSeconds: 3600 }),
      fetcher,
      cache: new MemoryLogoCache({ now: Date.now }),
      ttlSeconds: 86_400,
      timeoutMs: 2500
    })
    const target = normalizeDomainInput(`${server.origin('slow.test')}/`)
    const answer = await logos.logo(target, variantOf({ size: 32 }))
    expect(answer.image.kind).toBe('logo')
    expect(answer.image.provisional).toBeUndefined()
    expect(server.requests.some((request) => request.host === 'slow.test' && request.path === '/imprint')).toBe(false)
  })
})

describe('the variants of one logo asked at once', () => {
  it('fetch its file once, and each is drawn at its own size', async () => {
    const logos = new LogoService({ profiler, fetcher, cache: new MemoryLogoCache({ now: Date.now }), ttlSeconds: 86_400 })
    const target = normalizeDomainInput(`${server.origin('sizes.test')}/`)
    await profiler.profile(target, { timeoutMs: 5000 })
    const fetchesBefore = server.requests.filter((r) => r.host === 'sizes.test' && r.path === '/logo.svg').length

    const sizes = [16, 24, 32, 48, 64, 96, 128, 256]
    const answers = await Promise.all(sizes.map(async (size) => await logos.logo(target, variantOf({ size }))))
    const fetches = server.requests.filter((r) => r.host === 'sizes.test' && r.path === '/logo.svg').length - fetchesBefore
    expect(fetches).toBe(1)
    for (const [i, answer] of answers.entries()) {
      expect(answer.image).toMatchObject({ kind: 'logo' })
      expect(answer.image.provisional).toBeUndefined()
      expect((await sharp(answer.image.body).metadata()).width).toBe(sizes[i])
    }
    // once fetched, the file is not held: a variant asked later fetches it again
    await logos.logo(target, variantOf({ size: 512 }))
    expect(server.requests.filter((r) => r.host === 'sizes.test' && r.path === '/logo.svg').length - fetchesBefore).toBe(2)
  })
})

describe('a logo file that comes after the time of the caller who asked for it first', () => {
  it('is there for a caller who joined its fetch with time left', async () => {
    const logos = new LogoService({ profiler, fetcher, cache: new MemoryLogoCache({ now: Date.now }), ttlSeconds: 86_400, timeoutMs: 1000 })
    const target = normalizeDomainInput(`${server.origin('slowfile.test')}/`)
    const profile = await profiler.profile(target, { timeoutMs: 5000 })
    // the file takes 1.2 s: past the first caller's second, within the second caller's, who asks 0.6 s later
    const first = logos.fromProfile(target, profile, variantOf({ size: 16 }))
    await new Promise((resolve) => setTimeout(resolve, 600))
    const second = await logos.fromProfile(target, profile, variantOf({ size: 24 }))
    expect((await first).provisional).toBe(true)
    expect(second).toMatchObject({ kind: 'logo' })
    expect(second.provisional).toBeUndefined()
  })
})
