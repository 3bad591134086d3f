import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

await startService(buildApp, { service: 'brand', port: 3003 })
