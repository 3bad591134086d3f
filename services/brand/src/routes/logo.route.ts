import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import type { DomainTarget } from '../domain/normalize-domain.js'
import type { LogoService } from '../logo/logo-service.js'
import { variantOf } from '../logo/logo-variant.js'
import { targetOrValidationError } from './domain-input.js'
import { LogoNotFoundError } from './logo.errors.js'
import { LogoParamsSchema, LogoQuerySchema, LogoResponses } from './logo.schemas.js'

export interface LogoRouteOptions {
  logos: LogoService
  /** The Cache-Control of an image (LOGO_CACHE_CONTROL). */
  cacheControl: string
}

export const DEFAULT_LOGO_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'

// An image put on any page must be nothing else: never sniffed, never a document, loadable from any origin
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'cross-origin'
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or a weak form of it: RFC 9110's weak comparison). */
function matches (header: string | undefined, etag: string): boolean {
  if (header === undefined || etag === '') return false
  return header.split(',').some((tag) => { const value = tag.trim(); return value === '*' || value.replace(/^W\//, '') === etag })
}

/** Targets already read, by the path's `domain`: an <img> tag asks for the same few domains again and again. */
const MAX_TARGETS = 10_000

export const logoRoute: FastifyPluginAsyncTypebox<LogoRouteOptions> = async (app, { logos, cacheControl }) => {
  const targets = new Map<string, DomainTarget>()
  const targetOf = (domain: string): DomainTarget => {
    let target = targets.get(domain)
    if (target !== undefined) return target
    target = targetOrValidationError(domain, ['path', 'domain'])
    if (targets.size >= MAX_TARGETS) targets.clear()
    targets.set(domain, target)
    return target
  }
  app.metrics.declare('logos', ['logo', 'monogram', 'none', 'cached', 'not_modified', 'not_allowed'])
  app.get('/v1/domain/logo/:domain', {
    config: { auth: true, publishableKeys: true },
    // the route's own preHandler runs before the quota's: a domain it refuses is a free 422, on a spent key too
    preHandler: async (request) => { targetOf((request.params as { domain: string }).domain) },
    onError: async (_request, _reply, error) => { if (error instanceof TargetNotAllowedError) app.metrics.count('logos', 'not_allowed') },
    schema: {
      tags: ['brand'],
      operationId: 'domainLogo',
      summary: 'The logo of a domain, as an image',
      description: 'The best logo the site offers (a square mark at or above the asked size, else its wordmark fitted into ' +
        'the square, else its largest icon; never a share card) as a square PNG, WebP or JPEG padded on transparency. ' +
        'SVG logos are rasterised, never answered as SVG. Without a logo: a monogram, or a 404 with `fallback=404`. ' +
        'For an `<img>` tag use a publishable key as `?token=`. One unit per 200 (a monogram too, from the cache too); ' +
        'a 304, a 4xx and a 5xx cost nothing.',
      params: LogoParamsSchema,
      querystring: LogoQuerySchema,
      response: LogoResponses
    }
  }, async (request, reply) => {
    const target = targetOf(request.params.domain)
    const query = request.query
    const variant = variantOf({ ...query, background: query.background === undefined ? undefined : `#${query.background.replace(/^#/, '')}` })
    const { image, cached } = await logos.logo(target, variant)
    app.metrics.count('logos', cached ? 'cached' : image.kind)
    if (image.kind === 'none') throw new LogoNotFoundError()
    reply.headers({ ...IMAGE_HEADERS, 'cache-control': cacheControl, etag: image.etag, 'x-logo-source': image.kind })
    // a publishable key's answer depends on where the page is (Origin, else Referer); a secret key's on the key
    reply.header('vary', query.token === undefined ? 'X-API-Key, Authorization' : 'Origin, Referer')
    if (matches(request.headers['if-none-match'], image.etag)) {
      app.metrics.count('logos', 'not_modified')
      return await reply.code(304).send()
    }
    return await reply.type(image.contentType).send(image.body)
  })
}
