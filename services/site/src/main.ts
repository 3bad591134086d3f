import { jobsSettingsFromEnv } from '@utility-apis/jobs'
import { startService } from '@utility-apis/service-kit'
import { buildApp } from './app.js'

/** RENDERER=chromium renders pages with JavaScript on (CHROMIUM_PATH, default /usr/bin/chromium); unset: disabled. */
function rendererFromEnv (env: NodeJS.ProcessEnv): { executablePath: string } | undefined {
  const kind = env.RENDERER ?? ''
  if (kind === '') return undefined
  if (kind !== 'chromium') throw new Error(`RENDERER must be chromium or unset, not "${kind}"`)
  return { executablePath: (env.CHROMIUM_PATH ?? '') === '' ? '/usr/bin/chromium' : env.CHROMIUM_PATH as string }
}

await startService(async (kit) => await buildApp({
  ...kit, jobs: jobsSettingsFromEnv(process.env), renderer: rendererFromEnv(process.env)
}), { service: 'site', port: 3004 })
