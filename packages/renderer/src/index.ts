export { createRenderBudget, RenderBudget, type RenderBudgetLimits } from './budget.js'
export type { Limit, PageFetcher, Refusal, RefusedRequest } from './interceptor.js'
export { rendererFromEnv } from './env.js'
export { launchRenderer } from './launch.js'
export { BROWSER_ARGS } from './lockdown.js'
export { browserMemory, type ProcessMemory } from './memory.js'
export {
  createRenderer, DEFAULT_EXECUTABLE, RendererError, type Renderer, type RendererOptions, type RenderOptions, type RenderResult,
  type StopReason
} from './renderer.js'
export { DEVICE_PROFILE, rate, THRESHOLDS, type Rating, type Vitals } from './vitals.js'
