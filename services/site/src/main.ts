import { jobsSettingsFromEnv } from '@utility-apis/jobs/mount'
import { rendererFromEnv } from '@utility-apis/renderer'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(async (kit) => await buildApp({
  ...kit, jobs: jobsSettingsFromEnv(process.env), renderer: rendererFromEnv(process.env)
}), { service: 'site', port: 3004 })
