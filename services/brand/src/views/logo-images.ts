// The logo bytes a brand card inlines: each logo of the profile fetched again through the safe image path (public
// addresses only, at most PROBE_MAX_BYTES, its format read from its bytes), kept only when whole and an image
// format a browser shows. The card never links a site's image: its policy allows inline images only.
import { TimeBudget, type Fetcher } from '@utility-apis/homepage-fetch'
import type { BrandProfile } from '../domain/brand-profile.js'
import { probeImages } from '../domain/image-probe.js'
import type { LogoImages } from './profile-card.js'

const MIME: Record<string, string> = {
  png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', ico: 'image/x-icon', bmp: 'image/bmp'
}
/** The time the card spends on logos, on top of the profile's own. */
const LOGO_FETCH_MS = 3000

export async function logoImages (fetcher: Fetcher, profile: BrandProfile): Promise<LogoImages> {
  const images: LogoImages = new Map()
  if (profile.logos.length === 0) return images
  const budget = new TimeBudget(LOGO_FETCH_MS)
  const probed = await probeImages(fetcher, profile.logos.map((logo) => logo.url), budget).catch(() => new Map())
  for (const [url, info] of probed) {
    const mime = info === null ? undefined : MIME[info.format]
    if (info === null || info.truncated || mime === undefined) continue
    images.set(url, { mime, body: info.body })
  }
  return images
}
