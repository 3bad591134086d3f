import { jobsSettingsFromEnv } from '@utility-apis/jobs/mount'
import { rendererFromEnv } from '@utility-apis/renderer'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'
import { logoSettingsFromEnv } from './logo/logo-settings.js'

// RENDERER=chromium renders application-shell homepages with JavaScript on (CHROMIUM_PATH, default /usr/bin/chromium)
// LOGO_CACHE_TTL and LOGO_CACHE_CONTROL: how long a logo image is fresh, and what a CDN is told
await startService(async (options) => await buildApp({
  ...options,
  jobs: jobsSettingsFromEnv(process.env),
  renderer: rendererFromEnv(process.env),
  logo: logoSettingsFromEnv({ LOGO_CACHE_TTL: process.env.LOGO_CACHE_TTL, LOGO_CACHE_CONTROL: process.env.LOGO_CACHE_CONTROL })
}), { service: 'brand', port: 3003 })
