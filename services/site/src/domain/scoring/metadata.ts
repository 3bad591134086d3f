// Metadata (25 points): what the homepage's head tells crawlers and link previews.
import { is2xx } from '../observations.js'
import { hostOf, onHomepage, percent, plural, quote, shareOf, type CheckDef } from './check.js'

export const titleLength: CheckDef = {
  id: 'metadata.title_length',
  max: 3,
  label: 'a title (2) of 10-60 characters (1)',
  measure: onHomepage((p) => {
    const title = p.title?.trim() ?? ''
    if (title === '') return { points: 0, detail: 'no <title>' }
    return { points: title.length >= 10 && title.length <= 60 ? 3 : 2, detail: `${quote(title)} (${title.length} characters)` }
  })
}

export const metaDescription: CheckDef = {
  id: 'metadata.description_length',
  max: 3,
  label: 'a meta description (2) of 50-160 characters (1)',
  measure: onHomepage((p) => {
    const desc = p.description?.trim() ?? ''
    if (desc === '') return { points: 0, detail: 'no meta description' }
    return { points: desc.length >= 50 && desc.length <= 160 ? 3 : 2, detail: `${desc.length} characters` }
  })
}

export const selfCanonical: CheckDef = {
  id: 'metadata.canonical',
  max: 3,
  label: 'one absolute same-site canonical that answers 2xx',
  measure: onHomepage((p, { obs }) => {
    const canonicals = [...new Set(p.canonicals)]
    if (canonicals.length === 0) return { points: 0, detail: 'no rel=canonical' }
    if (canonicals.length > 1) return { points: 1, detail: `${canonicals.length} different canonicals: ${canonicals.join(', ')}` }
    const sameHost = hostOf(canonicals[0]) === hostOf(obs.homepage.fetch.final_url)
    const status = obs.canonical === null ? obs.homepage.fetch.status : obs.canonical.status
    return {
      points: sameHost && is2xx(status) ? 3 : 1,
      detail: `${canonicals[0]}${sameHost ? '' : ' (another host)'} answers ${status ?? 'nothing'}`
    }
  })
}

export const htmlLang: CheckDef = {
  id: 'metadata.html_lang',
  max: 1,
  label: '<html lang>',
  measure: onHomepage((p) => ({
    points: p.lang !== null && p.lang.trim() !== '' ? 1 : 0,
    detail: p.lang === null ? 'no lang attribute' : `lang="${p.lang}"`
  }))
}

export const mobileViewport: CheckDef = {
  id: 'metadata.viewport',
  max: 2,
  label: 'viewport with width=device-width',
  measure: onHomepage((p) => ({
    points: /width\s*=\s*device-width/i.test(p.viewport ?? '') ? 2 : 0,
    detail: p.viewport === null ? 'no meta viewport' : `viewport "${p.viewport}"`
  }))
}

export const headingOutline: CheckDef = {
  id: 'metadata.heading_outline',
  max: 2,
  label: 'exactly one h1, no skipped heading level',
  measure: onHomepage((p) => {
    const h1 = p.headings.h1.filter((t) => t.trim() !== '').length
    const skips = p.headings.skips
    return {
      points: (h1 === 1 ? 1 : 0) + (skips.length === 0 ? 1 : 0),
      detail: `${h1} h1${skips.length === 0 ? ', no skipped level' : `; skipped: ${skips.join(', ')}`}`
    }
  })
}

export const openGraph: CheckDef = {
  id: 'metadata.open_graph',
  max: 3,
  label: 'og:title, og:description, og:image (absolute, answers 2xx image)',
  measure: onHomepage((p, { obs, ogImageOk }) => {
    const probe = obs.og_image
    let image: string
    if (p.og.image === null) image = 'no og:image'
    else if (ogImageOk) image = 'og:image answers 2xx image'
    else image = `og:image ${p.og.image} answers ${probe?.status ?? 'nothing'}${probe?.content_type == null ? '' : ` ${probe.content_type}`}`
    return {
      points: (p.og.title !== null ? 1 : 0) + (p.og.description !== null ? 1 : 0) + (ogImageOk ? 1 : 0),
      detail: [p.og.title === null ? 'no og:title' : 'og:title', p.og.description === null ? 'no og:description' : 'og:description', image].join(', ')
    }
  })
}

export const twitterCard: CheckDef = {
  id: 'metadata.twitter_card',
  max: 1,
  label: 'twitter:card',
  measure: onHomepage((p) => ({
    points: p.twitter_card !== null ? 1 : 0,
    detail: p.twitter_card === null ? 'no twitter:card' : `twitter:card ${p.twitter_card}`
  }))
}

export const favicon: CheckDef = {
  id: 'metadata.favicon',
  max: 1,
  label: 'favicon',
  measure: onHomepage((_p, { obs, faviconOk }) => {
    const { declared, probe } = obs.favicon
    const type = probe?.content_type == null ? '' : ` ${probe.content_type.split(';')[0]}`
    return {
      points: faviconOk ? 1 : 0,
      detail: declared.length > 0 ? `declared: ${declared[0]}` : `no icon link; /favicon.ico answers ${probe?.status ?? 'nothing'}${type}`
    }
  })
}

export const imageAltText: CheckDef = {
  id: 'metadata.image_alt',
  max: 2,
  label: 'content images with alt text (hidden images and 1x1 pixels are not content)',
  measure: onHomepage((p) => {
    const { total, with_alt: withAlt, hidden } = p.images
    const pixels = hidden === 0 ? '' : `; ${plural(hidden, 'hidden image or pixel', 'hidden images or pixels')} not counted`
    if (total === 0) return { points: 2, detail: `no images${pixels}` }
    return { points: shareOf(2, withAlt, total), detail: `${withAlt} of ${total} images have alt (${percent(withAlt / total)})${pixels}` }
  })
}

export const utf8Charset: CheckDef = {
  id: 'metadata.charset',
  max: 1,
  label: 'utf-8 charset declared',
  measure: onHomepage((p) => ({
    points: p.charset === 'utf-8' ? 1 : 0,
    detail: p.charset === null ? 'no charset declared' : `charset ${p.charset}`
  }))
}

export const validHreflang: CheckDef = {
  id: 'metadata.hreflang',
  max: 1,
  label: 'hreflang annotations valid, listing themselves and linked back (or none)',
  measure: ({ hreflang, home, notMeasured }) => {
    if (home === null) return { points: 0, detail: notMeasured ?? '' }
    if (hreflang.annotated === 0) return { points: 1, detail: 'no hreflang annotations' }
    if (hreflang.errors.length > 0) return { points: 0, detail: [...hreflang.errors, ...hreflang.warnings].join('; ') }
    const valid = `hreflang valid on ${plural(hreflang.annotated, 'page')}`
    return { points: 1, detail: [valid, ...hreflang.warnings].join('; ') }
  }
}

export const crawlableLinks: CheckDef = {
  id: 'metadata.crawlable_links',
  max: 1,
  label: 'links crawlers can follow (an href, not javascript:)',
  measure: onHomepage(({ links }) => links.non_crawlable === 0
    ? { points: 1, detail: 'every link can be followed' }
    : { points: 0, detail: `${plural(links.non_crawlable, 'link')} cannot be followed: ${links.non_crawlable_examples.join(', ')}` })
}

export const descriptiveLinkText: CheckDef = {
  id: 'metadata.link_text',
  max: 1,
  label: 'link text that says where the link goes (not "click here")',
  measure: onHomepage(({ links }) => links.generic_text.length === 0
    ? { points: 1, detail: 'no generic link text' }
    : { points: 0, detail: `generic link text: ${links.generic_text.map((t) => `"${t}"`).join(', ')}` })
}

export const METADATA = [
  titleLength, metaDescription, selfCanonical, htmlLang, mobileViewport, headingOutline, openGraph, twitterCard, favicon,
  imageAltText, utf8Charset, validHreflang, crawlableLinks, descriptiveLinkText
]
