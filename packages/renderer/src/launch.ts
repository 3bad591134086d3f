import { createRenderer, type Renderer, type RendererOptions } from './renderer.js'

/**
 * A renderer whose browser is launched now, for a process without an app's onReady hook (a job worker). A browser
 * that does not start is reported through `warn`, not fatal: each render then tries to launch it again and fails as
 * `RENDERER_UNAVAILABLE` while it cannot, which the services report as a failed rendering, as in the API.
 */
export async function launchRenderer (options: RendererOptions, warn: (error: Error) => void): Promise<Renderer> {
  const renderer = createRenderer(options)
  await renderer.start().catch(warn)
  return renderer
}
