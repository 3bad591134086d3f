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
const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'queued.test': '127.0.0.1' } })
const profiler = new BrandProfiler({ fetcher, cache: new MemoryProfileCache(), cacheTtlSeconds: 3600 })
/** What any slow file holding a decode slot would do: the slots are held until released. */
let release = (): void => {}

beforeAll(async () => {
  server = await startFixtureServer({
    'queued.test': {
      '/': { body: '<!doctype html><title>Queued</title><link rel="icon" href="/logo.svg" type="image/svg+xml">' },
      '/logo.svg': { body: LOGO, headers: { 'content-type': 'image/svg+xml' } }
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
