import { ConfigError } from '@utility-apis/service-kit'

/** LOGO_CACHE_TTL (whole seconds, 60 to 90 days) and LOGO_CACHE_CONTROL, read by main.ts; unset: the defaults. */
export function logoSettingsFromEnv (env: Record<string, string | undefined>): { ttlSeconds?: number, cacheControl?: string } {
  const ttl = env.LOGO_CACHE_TTL?.trim()
  const cacheControl = env.LOGO_CACHE_CONTROL?.trim()
  if (ttl !== undefined && ttl !== '' && (!/^\d+$/.test(ttl) || Number(ttl) < 60 || Number(ttl) > 90 * 86400)) {
    throw new ConfigError('LOGO_CACHE_TTL', `must be a whole number of seconds from 60 to ${90 * 86400}, got "${ttl}"`)
  }
  if (cacheControl !== undefined && /[\r\n]/.test(cacheControl)) throw new ConfigError('LOGO_CACHE_CONTROL', 'must be one line')
  return {
    ...(ttl === undefined || ttl === '' ? {} : { ttlSeconds: Number(ttl) }),
    ...(cacheControl === undefined || cacheControl === '' ? {} : { cacheControl })
  }
}
