import { DEFAULT_EXECUTABLE } from './renderer.js'

/**
 * The renderer a service's main.ts asks for: RENDERER=chromium renders with Chromium at CHROMIUM_PATH (default
 * DEFAULT_EXECUTABLE); unset or empty, no renderer. Any other value is a configuration error, thrown at start.
 */
export function rendererFromEnv (env: NodeJS.ProcessEnv): { executablePath: string } | undefined {
  const kind = env.RENDERER ?? ''
  if (kind === '') return undefined
  if (kind !== 'chromium') throw new Error(`RENDERER must be chromium or unset, not "${kind}"`)
  return { executablePath: (env.CHROMIUM_PATH ?? '') === '' ? DEFAULT_EXECUTABLE : env.CHROMIUM_PATH as string }
}
