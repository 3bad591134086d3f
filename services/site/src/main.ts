import { jobsSettingsFromEnv } from '@utility-apis/jobs'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(async (options) => await buildApp({ ...options, jobs: jobsSettingsFromEnv(process.env) }), { service: 'site', port: 3004 })
