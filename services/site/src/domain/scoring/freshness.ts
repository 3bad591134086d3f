// Freshness (10 points): sitemap lastmods that are present, recent and honest, dates on the pages,
// cache validators and a feed.
import { percent, type CheckDef } from './check.js'

const DAY = 86_400_000

export const sitemapLastmodCoverage: CheckDef = {
  id: 'freshness.lastmod_coverage',
  max: 3,
  label: 'sitemap lastmod on 80% of entries (30%: 1)',
  measure: ({ obs }) => {
    const s = obs.sitemaps
    if (s.entries === 0) return { points: 0, detail: 'no sitemap entries' }
    const share = s.lastmod.valid / s.entries
    return {
      points: share >= 0.8 ? 3 : share >= 0.3 ? 1 : 0,
      detail: `${s.lastmod.valid} of ${s.entries} entries have a valid lastmod (${percent(share)})`
    }
  }
}

export const recentLastmod: CheckDef = {
  id: 'freshness.recent_lastmod',
  max: 2,
  label: 'newest lastmod within 180 days (365: 1)',
  measure: ({ obs, now }) => {
    const newest = obs.sitemaps.lastmod.newest
    if (newest === null) return { points: 0, detail: 'no valid lastmod' }
    const age = (now.getTime() - Date.parse(newest)) / DAY
    return { points: age <= 180 ? 2 : age <= 365 ? 1 : 0, detail: `newest lastmod ${newest} (${Math.max(0, Math.floor(age))} days old)` }
  }
}

export const variedLastmods: CheckDef = {
  id: 'freshness.varied_lastmods',
  max: 1,
  label: 'lastmods vary (not all identical, not all today)',
  measure: ({ obs }) => {
    const { valid, distinct, today } = obs.sitemaps.lastmod
    if (valid < 2) return { points: 0, detail: 'fewer than 2 valid lastmods' }
    return {
      points: distinct >= 2 && today < valid ? 1 : 0,
      detail: `${distinct >= 2 ? 'several distinct values' : 'one distinct value'}, ${today} dated today`
    }
  }
}

export const statedDates: CheckDef = {
  id: 'freshness.stated_dates',
  max: 2,
  label: 'a page states its dates (schema, article:*_time or <time>)',
  measure: ({ pages }) => {
    const dated = pages.find((p) => p.structured.date_modified !== null || p.structured.date_published !== null ||
      p.og.modified_time !== null || p.og.published_time !== null || p.times > 0)
    return dated === undefined
      ? { points: 0, detail: 'no published or modified date on the analysed pages' }
      : { points: 2, detail: `dates on ${dated.url}` }
  }
}

export const cacheValidators: CheckDef = {
  id: 'freshness.cache_validators',
  max: 1,
  label: 'homepage sends Last-Modified or ETag',
  measure: ({ obs }) => {
    const h = obs.homepage.headers
    if (h.last_modified !== null) return { points: 1, detail: `Last-Modified: ${h.last_modified}` }
    return h.etag !== null ? { points: 1, detail: 'ETag sent' } : { points: 0, detail: 'neither header sent' }
  }
}

export const feedAdvertised: CheckDef = {
  id: 'freshness.feed',
  max: 1,
  label: 'RSS or Atom feed advertised',
  measure: ({ home }) => {
    const feeds = home?.feeds ?? []
    return feeds.length > 0 ? { points: 1, detail: `feed ${feeds[0]}` } : { points: 0, detail: 'no feed link on the homepage' }
  }
}

export const FRESHNESS = [sitemapLastmodCoverage, recentLastmod, variedLastmods, statedDates, cacheValidators, feedAdvertised]
