import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(buildApp, { service: 'site', port: 3004 })
