// What a service needs to mount the job routes, without the engine's dependencies at import time: BullMQ loads
// when mountJobs is given Redis (`@utility-apis/jobs/mount`; the worker process imports the package itself).
export { HostAskedForTimeError, INTERNAL_ITEM_ERROR, itemErrorOf, itemProcessor, type ItemSteps } from './item-processor.js'
export { mountJobs, type EngineKnobs, type MountJobsOptions } from './mount.js'
export { callbackUserAgent, DEFAULT_JOBS_SETTINGS, jobsSettingsFromEnv, type JobsSettings } from './settings.js'
export type { JobEngine } from './engine.js'
export type { RedisTarget } from './connection.js'
export type { ItemError, ItemOutcome, ItemProcessor } from './types.js'
