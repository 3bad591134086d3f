import { startFixtureServer } from '../test/helpers/fixture-server.js'
import { pngOf } from '../test/helpers/images.js'

// The site of the logo benchmarks: a homepage naming a 180 px touch icon.

export const LOGO_HOST = 'bench-logo.test'
export const TOUCH_ICON = pngOf(180, 180, (x, y) => [(x * 7) % 256, (y * 3) % 256, 160, 255])

export async function startLogoSite () {
  return await startFixtureServer({
    [LOGO_HOST]: {
      '/': { body: '<!doctype html><title>Bench Logo</title><link rel="apple-touch-icon" href="/touch.png">' },
      '/touch.png': { body: TOUCH_ICON, headers: { 'content-type': 'image/png' } }
    }
  })
}

/** The logo route's path for the site at `origin`: 128 px PNG, the default variant. */
export const logoPath = (origin: string) => `/v1/domain/logo/${encodeURIComponent(`${origin}/`)}`
