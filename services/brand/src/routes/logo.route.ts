import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TargetNotAllowedError } from '@utility-apis/homepage-fetch'
import type { DomainTarget } from '../domain/normalize-domain.js'
import type { LogoImage } from '../logo/logo-cache.js'
import { PROVISIONAL_SECONDS, type LogoService } from '../logo/logo-service.js'
import { variantOf, type LogoVariant } from '../logo/logo-variant.js'
import type { Static } from '@sinclair/typebox'
import { targetOrValidationError } from './domain-input.js'
import { LogoNotFoundError, LogoUnavailableError } from './logo.errors.js'
import { LogoParamsSchema, LogoQuerySchema, LogoResponses } from './logo.schemas.js'

export interface LogoRouteOptions {
  logos: LogoService
  /** The Cache-Control of an image (LOGO_CACHE_CONTROL). */
  cacheControl: string
}

export const DEFAULT_LOGO_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'
/** A provisional image's: as long as the service itself keeps it before trying the site again. */
const PROVISIONAL_CACHE_CONTROL = `public, max-age=${PROVISIONAL_SECONDS}`

// An image put on any page must be nothing else: never sniffed, never a document, loadable from any origin
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'cross-origin'
}

/**
 * Whether an If-None-Match header names this ETag (a list, or a weak form of it: RFC 9110's weak comparison), or is
 * `*` for an image the service had when the request came (`had`): `*` names any current representation, and one made
 * for this very request was not there yet, so it is made, answered and charged, never a free 304 of a whole render.
 */
function matches (header: string | undefined, etag: string, had: boolean): boolean {
  if (header === undefined || etag === '') return false
  return header.split(',').some((tag) => { const value = tag.trim(); return (value === '*' && had) || value.replace(/^W\//, '') === etag })
}

/** Targets already read, by the path's `domain`: an <img> tag asks for the same few domains again and again. */
const MAX_TARGETS = 10_000

type LogoQuery = Static<typeof LogoQuerySchema>

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
    // The route's own preHandler runs before the quota's: a domain it refuses is a free 422 on a spent key too, and so
    // are the free answers the cache holds (a 304 to an image the caller has, a 404 with fallback=404): a spent key's
    // <img> tags keep revalidating. Nothing is made for the call here; a stale image is refreshed as always (once per
    // variant, the cache's upkeep), so revalidations alone keep a logo current.
    preHandler: async (request, reply) => {
      const target = targetOf((request.params as { domain: string }).domain)
      const query = request.query as LogoQuery
      // only a revalidation or a fallback=404 can be a free answer: any other request reads the cache once, in the handler
      if (request.headers['if-none-match'] === undefined && query.fallback !== '404') return
      const image = await logos.served(target, variantOfQuery(query), request.principal?.id)
      if (image === null || (image.kind !== 'none' && !matches(request.headers['if-none-match'], image.etag, true))) return
      reply.headers(await app.quotaHeaders(request))
      if (image.kind === 'none') throw noLogo(image)
      app.metrics.count('logos', 'not_modified')
      return await reply.headers(imageHeaders(image, query)).code(304).send()
    },
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
    const { image, cached } = await logos.logo(targetOf(request.params.domain), variantOfQuery(request.query), request.principal?.id)
    app.metrics.count('logos', cached ? 'cached' : image.kind)
    if (image.kind === 'none') throw noLogo(image)
    reply.headers(imageHeaders(image, request.query))
    if (matches(request.headers['if-none-match'], image.etag, cached)) {
      app.metrics.count('logos', 'not_modified')
      return await reply.code(304).send()
    }
    return await reply.type(image.contentType).send(image.body)
  })

  /** The headers of an image answer, its 304 included. */
  function imageHeaders (image: LogoImage, query: LogoQuery): Record<string, string> {
    return {
      ...IMAGE_HEADERS,
      // a stand-in made while the site failed for a moment: caches in front ask again soon, and the caller is told
      'cache-control': image.provisional === true ? PROVISIONAL_CACHE_CONTROL : cacheControl,
      ...(image.provisional === true ? { 'x-logo-provisional': 'true' } : {}),
      etag: image.etag,
      'x-logo-source': image.kind,
      // a publishable key's answer depends on where the page is (Origin, else Referer); a secret key's on the key
      vary: query.token === undefined ? 'X-API-Key, Authorization' : 'Origin, Referer'
    }
  }
}

/** `fallback=404` without an image: no logo, or none known yet while the site failed for a moment. */
const noLogo = (image: LogoImage): Error =>
  image.provisional === true ? new LogoUnavailableError({ 'retry-after': String(PROVISIONAL_SECONDS) }) : new LogoNotFoundError()

/** The variant the query asks for (`background` with or without its `#`). */
function variantOfQuery (query: LogoQuery): LogoVariant {
  return variantOf({ ...query, background: query.background === undefined ? undefined : `#${query.background.replace(/^#/, '')}` })
}
