import { jobsSettingsFromEnv } from '@utility-apis/jobs/mount'
import { rendererFromEnv } from '@utility-apis/renderer'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

// RENDERER=chromium renders application-shell homepages with JavaScript on (CHROMIUM_PATH, default /usr/bin/chromium)
await startService(async (options) => await buildApp({ ...options, jobs: jobsSettingsFromEnv(process.env), renderer: rendererFromEnv(process.env) }),
  { service: 'brand', port: 3003 })
