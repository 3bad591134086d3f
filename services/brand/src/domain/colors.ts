import { colord, extend, type Colord } from 'colord'
import labPlugin from 'colord/plugins/lab'
import namesPlugin from 'colord/plugins/names'
import type { ManifestInfo, PageMetadata } from '@utility-apis/html-metadata'
import type { Thumbnail } from './image-decode.js'
import type { ImageInfo } from './image-probe.js'
import type { Logo } from './logos.js'
import { themeOf } from './logos.js'

extend([namesPlugin, labPlugin])

/** One brand colour: `#rrggbb` and where it was read. */
export interface BrandColor {
  hex: string
  source: string
}

const MAX_COLORS = 8
/** CIEDE2000 distance (colord's 0..1 scale) under which two colours are one: 0.05 is a ΔE of 5, barely told apart. */
const SAME_COLOR = 0.05
/** A logo colour counts when it covers at least this share of the logo's visible pixels. */
const MIN_SHARE = 0.05
const LOGO_COLORS = 3

function parsed (value: string | null | undefined): Colord | null {
  if (value == null) return null
  const color = colord(value.trim())
  return color.isValid() && color.alpha() > 0 ? color : null
}

const hexOf = (color: Colord): string => color.alpha(1).toHex()

/**
 * The colours the site declares, in this order: theme-color (its light and dark variants named by their media
 * query), the mask-icon colour, msapplication-TileColor, the web manifest's theme_color then background_color.
 */
export function declaredColors (meta: PageMetadata, manifest: ManifestInfo | null): BrandColor[] {
  const declared: Array<[string | null | undefined, string]> = []
  const themeColors = meta.themeColors ?? (meta.themeColor === null ? [] : [{ color: meta.themeColor, media: null }])
  for (const { color, media } of themeColors) {
    const theme = themeOf(media)
    declared.push([color, theme === null ? 'theme-color' : `theme-color:${theme}`])
  }
  for (const icon of meta.icons) if (icon.rel.includes('mask-icon')) declared.push([icon.color, 'mask-icon'])
  declared.push([meta.tileColor, 'msapplication-TileColor'])
  declared.push([manifest?.themeColor, 'web-manifest:theme_color'], [manifest?.backgroundColor, 'web-manifest:background_color'])
  const out: BrandColor[] = []
  for (const [value, source] of declared) {
    const color = parsed(value)
    if (color !== null) out.push({ hex: hexOf(color), source })
  }
  return out
}

/** Drops each colour within a ΔE of 5 of an earlier one, then keeps the first MAX_COLORS. */
export function mergeNearDuplicates (colors: BrandColor[]): BrandColor[] {
  const kept: Array<BrandColor & { color: Colord }> = []
  for (const entry of colors) {
    const color = colord(entry.hex)
    if (!kept.some((other) => other.color.delta(color) < SAME_COLOR)) kept.push({ ...entry, color })
  }
  return kept.slice(0, MAX_COLORS).map(({ hex, source }) => ({ hex, source }))
}

// fill="#f50", style="fill: rgb(255 85 0)", stop-color="..." (gradients); url(#id), none and currentColor are no colour
const SVG_PAINT = /\b(?:fill|stop-color)\s*(?:=\s*["']([^"']+)["']|:\s*([^;"'}<>]+))/gi

/** The colours an SVG paints with, most used first (by how many shapes name them). */
export function svgFills (svg: string): string[] {
  const counts = new Map<string, number>()
  for (const match of svg.matchAll(SVG_PAINT)) {
    const color = parsed(match[1] ?? match[2])
    if (color === null) continue
    const hex = hexOf(color)
    counts.set(hex, (counts.get(hex) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([hex]) => hex)
}

/**
 * The dominant colours of a decoded raster image's thumbnail (image-decode.ts): the visible pixels (alpha of half or
 * more) grouped in 4096 buckets, the largest covering 5% or more, as their mean colour.
 */
export function thumbnailColors ({ data, channels }: Thumbnail): string[] {
  const buckets = new Map<number, { count: number, r: number, g: number, b: number }>()
  let visible = 0
  for (let i = 0; i < data.length; i += channels) {
    const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]]
    if (a < 128) continue
    visible++
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 }
    bucket.count++
    bucket.r += r
    bucket.g += g
    bucket.b += b
    buckets.set(key, bucket)
  }
  return [...buckets.values()].filter((bucket) => bucket.count >= visible * MIN_SHARE).sort((a, b) => b.count - a.count)
    .map(({ count, r, g, b }) => hexOf(colord({ r: Math.round(r / count), g: Math.round(g / count), b: Math.round(b / count) })))
}

/**
 * The dominant colours of the first logo whose whole file was read and decoded: an SVG's fills, a raster image's
 * pixels (its thumbnail, decoded once by the probe). An ICO, a file longer than the probe's cap or one too large to
 * decode gives none.
 */
export function logoColors (logos: Logo[], images: Map<string, ImageInfo | null> | undefined): BrandColor[] {
  for (const logo of logos) {
    const image = images?.get(logo.url)
    if (image == null || image.truncated) continue
    if (image.format === 'svg') {
      const fills = svgFills(image.body.toString('utf8'))
      if (fills.length > 0) return mergeNearDuplicates(fills.map((hex) => ({ hex, source: 'logo:svg' }))).slice(0, LOGO_COLORS)
      continue
    }
    if (image.thumbnail === undefined) continue
    const hexes = thumbnailColors(image.thumbnail)
    if (hexes.length > 0) return mergeNearDuplicates(hexes.map((hex) => ({ hex, source: 'logo:image' }))).slice(0, LOGO_COLORS)
  }
  return []
}

/**
 * The brand colours of a page: the declared ones, then the dominant colours of its first logo whose whole file was
 * read (logoColors), each within a ΔE of 5 of an earlier one dropped; at most MAX_COLORS.
 */
export function brandColors (
  meta: PageMetadata, manifest: ManifestInfo | null, logos: Logo[], images: Map<string, ImageInfo | null> | undefined
): BrandColor[] {
  return mergeNearDuplicates([...declaredColors(meta, manifest), ...logoColors(logos, images)])
}
