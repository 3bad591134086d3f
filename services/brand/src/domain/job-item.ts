import { HostAskedForTimeError, itemProcessor, type ItemProcessor } from '@utility-apis/jobs/mount'
import type { LogoService } from '../logo/logo-service.js'
import { variantOf, type LogoFormat } from '../logo/logo-variant.js'
import type { BrandProfile } from './brand-profile.js'
import { normalizeDomainInput } from './normalize-domain.js'
import type { BrandProfiler } from './profiler.js'

/** A job's `logo` option, as its creation body's schema checked it. */
interface JobLogoOption {
  size?: number
  format?: LogoFormat
}

/** Where the logo route answers a domain's variant: `/v1/domain/logo/<domain>?size=..&format=..`. */
function logoUrlOf (input: string, option: JobLogoOption): string {
  const variant = variantOf(option)
  return `/v1/domain/logo/${encodeURIComponent(input)}?size=${variant.pixels}&format=${variant.format}`
}

/**
 * One domain of a job, worked exactly as `POST /v1/domain/profile` with its default timeout: the same profiler,
 * cache and fetch policy, so a result is what the single call answers (its 400 becomes an item error); an item run
 * again after its site's pause reads the site afresh. With the job's
 * `logo` option, the logo variant is made from that profile and cached, and the result names its URL (`logo_url`).
 */
export function profileItems (profiler: BrandProfiler, timeoutMs: number, logos: LogoService): ItemProcessor {
  return itemProcessor({
    hostOf: (input) => normalizeDomainInput(input).domain,
    run: async (input, _signal, options, attempt = 0) => {
      const target = normalizeDomainInput(input)
      // run again because the site asked for time: the profile kept from the first run lacks what it refused then
      const fresh = attempt > 0
      const profile = await profiler.profile(target, { timeoutMs, fresh })
      // its homepage was refused by a host's pause (a redirect to a site that asked for time): worked again after it
      if (profile.error?.code === 'rate_limited') throw new HostAskedForTimeError()
      const logo = options as JobLogoOption | null | undefined
      if (logo == null) return profile
      await logos.fromProfile(target, profile, variantOf(logo), { fresh })
      return { ...profile, logo_url: logoUrlOf(input, logo) } satisfies BrandProfile & { logo_url: string }
    }
  })
}
