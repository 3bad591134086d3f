import { jobsSettingsFromEnv } from '@utility-apis/jobs'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(async (options) => await buildApp({ ...options, jobs: jobsSettingsFromEnv(process.env) }), { service: 'brand', port: 3003 })
