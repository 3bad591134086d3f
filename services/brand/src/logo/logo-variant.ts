// One rendering of a domain's logo: everything in the query string that changes the bytes answered.

export type LogoFormat = 'png' | 'webp' | 'jpg'
export type LogoTheme = 'light' | 'dark' | 'auto'
type LogoFallback = 'monogram' | '404'

export interface LogoVariant {
  /** The edge of the square answered, in pixels: `size`, doubled by `retina`. */
  pixels: number
  format: LogoFormat
  theme: LogoTheme
  greyscale: boolean
  /** `#rrggbb` under a jpg (which has no transparency); white unless asked. */
  background: string
  fallback: LogoFallback
}

export const MIN_SIZE = 16
export const MAX_SIZE = 512
export const DEFAULT_SIZE = 128
/** A retina image is twice the asked size, at most this. */
export const MAX_PIXELS = 1024

export const CONTENT_TYPES: Record<LogoFormat, string> = { png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg' }

/** What the query asks, as validated by the route's schema. */
export interface LogoQuery {
  size?: number
  retina?: boolean
  format?: LogoFormat
  theme?: LogoTheme
  greyscale?: boolean
  background?: string
  fallback?: LogoFallback
}

/** The variant a query asks for, defaults filled in. */
export function variantOf (query: LogoQuery): LogoVariant {
  const size = query.size ?? DEFAULT_SIZE
  return {
    pixels: Math.min(MAX_PIXELS, query.retina === true ? size * 2 : size),
    format: query.format ?? 'png',
    theme: query.theme ?? 'auto',
    greyscale: query.greyscale === true,
    background: (query.background ?? '#ffffff').toLowerCase(),
    fallback: query.fallback ?? 'monogram'
  }
}

/**
 * The part of a cache key that names the variant: two queries that answer the same bytes share it (a background only
 * matters under a jpg).
 */
export function variantKey (variant: LogoVariant): string {
  const background = variant.format === 'jpg' ? variant.background : '-'
  return [variant.pixels, variant.format, variant.theme, variant.greyscale ? 'grey' : 'colour', background, variant.fallback].join(':')
}
