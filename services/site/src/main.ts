import { fetchPolicyFromEnv } from '@utility-apis/safe-fetch'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(async (options) => await buildApp({ ...options, fetchPolicy: fetchPolicyFromEnv(process.env) }), { service: 'site', port: 3004 })
