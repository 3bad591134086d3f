import { rendererFromEnv } from './env.js'
import { createRenderer, type Renderer, type RendererOptions } from './renderer.js'

/**
 * The renderer RENDERER asks for (null without it), its browser launching in the background, for a process without an
 * app's onReady hook (a job worker). Nothing waits for the launch: a browser that does not start is one `warn`ing,
 * and each render then tries to launch it again (at most once per relaunch delay) and fails as
 * `RENDERER_UNAVAILABLE` while it cannot, which the services report as a failed rendering.
 */
export async function launchRenderer (
  env: NodeJS.ProcessEnv, options: Omit<RendererOptions, 'executablePath'>, warn: (message: string) => void
): Promise<Renderer | null> {
  const settings = rendererFromEnv(env)
  if (settings === undefined) return null
  const renderer = createRenderer({ ...options, ...settings })
  renderer.start().catch((error: Error) => { warn(`the renderer did not start: ${error.message}`) })
  return renderer
}
