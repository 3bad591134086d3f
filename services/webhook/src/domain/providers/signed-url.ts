import { check, type ContentVariant, type ProviderContext, type SignatureRead, type SignedContent } from '../provider.js'
import type { Parts } from '../digest.js'
import { urlVariants } from '../url-variants.js'

/**
 * The read of a provider that signs the URL it called with the body (Trello, Mandrill): without `url` nothing can be
 * signed; with it, `content` builds the signed parts from the URL and a body.
 */
export function withSignedUrl (
  ctx: ProviderContext, result: SignatureRead, sender: string, how: string, content: (url: string, body: Buffer | string) => Parts
): SignatureRead {
  if (ctx.url === undefined) {
    return { ...result, signed: undefined, checks: [...result.checks, check('signed_url', 'failed', `${sender} signs the URL it called: pass it as url`)] }
  }
  const url = ctx.url
  const signed: SignedContent = (body) => content(url, body)
  const checks = [...result.checks, check('signed_url', 'passed', `${sender} signs ${how}`)]
  return { ...result, checks, signed: result.signed === undefined ? undefined : signed }
}

/** The same content signed over each other spelling of the URL, for the diagnosis. */
export const signedUrlVariants = (content: (url: string, body: string) => Parts) => (ctx: ProviderContext): ContentVariant[] =>
  urlVariants(ctx.url ?? '').map((variant) => ({ ...variant, cause: 'url', content: content(variant.url, ctx.payload) }))
