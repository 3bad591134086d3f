import { check, type ContentVariant, type ProviderContext, type SignatureRead, type SignedContent } from '../provider.js'
import type { Parts } from '../digest.js'
import { urlVariants } from '../url-variants.js'

/** How a provider that signs the URL it called lays out its signed content. */
export interface UrlSigning {
  /** What of a body is signed (Trello's bytes as they are, Mandrill's sorted form parameters); made once per read. */
  bodyPart: () => (body: Buffer | string) => Buffer | string
  /** Whether the URL is signed before the body's part (Mandrill) or after it (Trello). */
  urlFirst: boolean
  /** What making a body's part costs beyond hashing it (SignatureRead.contentCost). */
  contentCost?: (body: Buffer) => number
}

const laidOut = (signing: UrlSigning, url: string, part: Buffer | string): Parts => signing.urlFirst ? [url, part] : [part, url]

/**
 * The read of a provider that signs the URL it called with the body (Trello, Mandrill): without `url` nothing can be
 * signed; with it, the signed parts are the URL and the body's part, laid out as `signing` says.
 */
export function withSignedUrl (ctx: ProviderContext, result: SignatureRead, sender: string, how: string, signing: UrlSigning): SignatureRead {
  if (ctx.url === undefined) {
    return { ...result, signed: undefined, checks: [...result.checks, check('signed_url', 'failed', `${sender} signs the URL it called: pass it as url`)] }
  }
  const url = ctx.url
  const part = signing.bodyPart()
  const signed: SignedContent = (body) => laidOut(signing, url, part(body))
  const checks = [...result.checks, check('signed_url', 'passed', `${sender} signs ${how}`)]
  return { ...result, checks, signed: result.signed === undefined ? undefined : signed, contentCost: signing.contentCost }
}

/** The same content signed over each other spelling of the URL, for the diagnosis: the body's part as the read made it. */
export const signedUrlVariants = (signing: UrlSigning) => (ctx: ProviderContext, read: SignatureRead): ContentVariant[] => {
  const signed = read.signed?.(ctx.payload)
  if (signed === undefined) return []
  const part = signed[signing.urlFirst ? 1 : 0]
  return urlVariants(ctx.url ?? '').map((variant) => ({ ...variant, cause: 'url', content: laidOut(signing, variant.url, part) }))
}
