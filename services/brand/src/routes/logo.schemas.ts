import { Type } from '@sinclair/typebox'
import { StringEnum } from '@utility-apis/service-kit'
import { described } from './logo.errors.js'
import { DEFAULT_SIZE, MAX_PIXELS, MAX_SIZE, MIN_SIZE } from '../logo/logo-variant.js'

export const LogoParamsSchema = Type.Object({
  domain: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'A bare domain (`example.com`) or a URL-encoded URL (`https%3A%2F%2Fexample.com`), read as the profile reads it.',
    examples: ['example.com']
  })
})

export const LogoQuerySchema = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: MIN_SIZE, maximum: MAX_SIZE, default: DEFAULT_SIZE, description: 'The edge of the square image, in pixels.' })),
  retina: Type.Optional(Type.Boolean({ default: false, description: `Doubles \`size\` (at most ${MAX_PIXELS} px), for \`srcset="... 2x"\`.` })),
  format: Type.Optional(StringEnum(['png', 'webp', 'jpg'] as const, {
    default: 'png', description: 'The image format. A jpg has no transparency: it is on white, or on `background`.'
  })),
  theme: Type.Optional(StringEnum(['light', 'dark', 'auto'] as const, {
    default: 'auto',
    description: 'The page the logo is shown on: the site\'s logo for a light or dark colour scheme (`prefers-color-scheme`) when it has one.'
  })),
  greyscale: Type.Optional(Type.Boolean({ default: false, description: 'The logo in shades of grey.' })),
  background: Type.Optional(Type.String({
    pattern: '^#?[0-9A-Fa-f]{6}$', description: 'Under a jpg: the colour behind the logo, `#rrggbb` (URL-encoded `%23`) or `rrggbb`. Default white.'
  })),
  fallback: Type.Optional(StringEnum(['monogram', '404'] as const, {
    default: 'monogram',
    description: 'Without a logo: `monogram` (the brand\'s initials on its colour, or a colour of the domain) or `404` (a 404 JSON error).'
  })),
  token: Type.Optional(Type.String({
    minLength: 1, maxLength: 256, description: 'A publishable key (`pk_...`) for an `<img>` tag, limited to its listed origins. Never a secret key.'
  }))
}, { additionalProperties: false })

const binary = { schema: { type: 'string', format: 'binary' } }

// The 401 and 403 of its keys, publishable ones included, are documented by the kit from the route's config
// What an image answer (and its 304) says of the image: for caches in front, and for a page that shows it
const IMAGE_HEADERS = {
  ETag: { type: 'string', description: 'The image\'s version: send it back as `If-None-Match` for a free 304.' },
  'Cache-Control': { type: 'string', description: 'How long caches may keep it: `max-age=300` for a provisional image.' },
  Vary: { type: 'string', description: '`X-API-Key, Authorization`, or `Origin, Referer` with a publishable `?token=`.' },
  'X-Logo-Source': { type: 'string', description: '`logo` or `monogram`: what the image is.' },
  'X-Logo-Provisional': { type: 'string', description: '`true` on an image made while the site failed for a moment; absent otherwise.' }
}

export const LogoResponses = {
  200: {
    description: 'The logo, or the monogram, as a square image in the asked format. `X-Logo-Source` says which: `logo` or `monogram`. ' +
      '`X-Logo-Provisional: true` marks an image made while the site or a logo file failed for a moment (down, a timeout, ' +
      'a 5xx): a monogram or a lesser logo standing in, `Cache-Control: public, max-age=300`; the site is tried again ' +
      'after 5 minutes, and an image the service already had is never replaced by one.',
    headers: IMAGE_HEADERS,
    content: { 'image/png': binary, 'image/webp': binary, 'image/jpeg': binary }
  },
  304: { description: 'Not modified: the `If-None-Match` ETag is the image\'s. Costs nothing.', headers: IMAGE_HEADERS, type: 'null' },
  400: described('The target resolves to, or redirects to, an address that is not public. `code`: `target_not_allowed`.'),
  404: {
    ...described('No logo, and `fallback=404`. `code`: `logo_not_found`; or `logo_unavailable`, with `Retry-After`, while the ' +
      'site or a logo file failed for a moment, so whether it has a logo is not known yet.'),
    headers: { 'Retry-After': { type: 'integer', description: 'With `logo_unavailable`: seconds until the site is tried again.' } }
  }
}
