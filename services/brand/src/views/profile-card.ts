// The brand profile as one page a person glances at: logos, colour swatches, fonts, key links, social profiles,
// company facts and where the site contradicts itself. Pure: the JSON answer (and the logo bytes already fetched
// through the safe image path) in, an HTML string out. Every value came from a fetched site, so every one is escaped,
// every link must be http(s) to be a link, and the page has no script and asks for nothing (logos are inline).
import { escapeHtml, HTML_PAGE_CSP, linkOrText } from '@utility-apis/service-kit'
import type { BrandProfile } from '../domain/brand-profile.js'

/** A logo's bytes to inline, by its URL; a logo without them is described in words, never hotlinked. */
export type LogoImages = Map<string, { mime: string, body: Buffer }>

const HEX = /^#[0-9a-f]{6}$/

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1b1f23}
main{max-width:880px;margin:0 auto;padding:24px}h1{margin:0;font-size:26px}h2{font-size:17px;margin:0 0 8px}
.sub{color:#57606a;margin:4px 0 16px;overflow-wrap:anywhere}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;margin:12px 0;break-inside:avoid}
.logos{display:flex;gap:16px;flex-wrap:wrap;margin:0;padding:0;list-style:none}
.logos li{width:180px;font-size:13px;color:#57606a;overflow-wrap:anywhere}
.logos .frame{height:96px;display:flex;align-items:center;justify-content:center;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;
border:1px solid #d0d7de;border-radius:6px}.logos img{max-width:160px;max-height:80px}
.swatches{display:flex;gap:12px;flex-wrap:wrap;margin:0;padding:0;list-style:none}
.swatches li{width:120px;font-size:13px}.chip{height:56px;border-radius:6px;border:1px solid #d0d7de}
.swatches code{display:block;font-size:14px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}
ul.plain{margin:0;padding-left:18px}ul.plain li{overflow-wrap:anywhere}.none{color:#57606a}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
@media print{body{background:#fff}main{padding:0}}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}.card{background:#161b22;border-color:#30363d}
.sub,dt,.none,.logos li{color:#9da7b3}a{color:#58a6ff}}
`

const text = (value: string | null | undefined): string => escapeHtml(value ?? '')
const card = (id: string, title: string, body: string): string => `<section class="card" id="${id}"><h2>${title}</h2>${body}</section>`
const none = (what: string): string => `<p class="none">${what}</p>`

function logos (profile: BrandProfile, images: LogoImages): string {
  if (profile.logos.length === 0) return none('No logo found.')
  return '<ul class="logos">' + profile.logos.map((logo) => {
    const image = images.get(logo.url)
    const label = `${logo.kind}, ${logo.format}, ${logo.width}×${logo.height}${logo.theme === null ? '' : `, for ${logo.theme} mode`}`
    const frame = image === undefined
      ? '<span class="none">not shown (too large, or not fetched again)</span>'
      : `<img alt="${text(`${profile.brand_name ?? profile.domain} ${logo.kind}`)}" src="data:${image.mime};base64,${image.body.toString('base64')}">`
    return `<li data-url="${text(logo.url)}"><div class="frame">${frame}</div><span class="logo-label">${text(label)}</span>` +
      `<br><span class="logo-source">${text(logo.source)}</span></li>`
  }).join('') + '</ul>'
}

function colors (profile: BrandProfile): string {
  if (profile.colors.length === 0) return none('No brand colour found.')
  return '<ul class="swatches">' + profile.colors.map((c) => {
    // the schema allows #rrggbb only; anything else is shown as text and never reaches the style attribute
    const chip = HEX.test(c.hex) ? `<div class="chip" style="background:${c.hex}" role="img" aria-label="${c.hex}"></div>` : '<div class="chip"></div>'
    return `<li>${chip}<code class="hex">${text(c.hex)}</code><span class="color-source">${text(c.source)}</span></li>`
  }).join('') + '</ul>'
}

function fonts (profile: BrandProfile): string {
  if (profile.fonts.length === 0) return none('No font found.')
  return '<ul class="plain">' + profile.fonts.map((f) => `<li><strong class="family">${text(f.family)}</strong> <span class="font-meta">${text(
    [f.role, f.source, f.weights === undefined ? null : `weights ${f.weights.join(', ')}`].filter((x) => x !== null).join(' · '))}</span>` +
    (f.url === undefined ? '' : ` (${linkOrText(f.url, 'stylesheet')})`) + '</li>').join('') + '</ul>'
}

function links (profile: BrandProfile): string {
  const entries = Object.entries(profile.key_links).filter((e): e is [string, string] => typeof e[1] === 'string')
  const keys = entries.length === 0
    ? none('No key page linked.')
    : `<dl>${entries.map(([kind, url]) => `<dt>${text(kind)}</dt><dd data-kind="${text(kind)}">${linkOrText(url)}</dd>`).join('')}</dl>`
  const social = profile.social_links.length === 0
    ? none('No social profile linked.')
    : `<ul class="plain" id="social">${profile.social_links.map((url) => `<li>${linkOrText(url)}</li>`).join('')}</ul>`
  return card('key-links', 'Key links', keys) + card('social-links', 'Social profiles', social)
}

function company (profile: BrandProfile): string {
  const c = profile.company
  const a = c.address
  const address = a === null ? null : [a.street, a.locality, a.region, a.postal_code, a.country].filter((x) => x !== null).join(', ')
  const facts: Array<[string, string, string | null]> = [
    ['legal_name', 'Legal name', c.legal_name], ['founded', 'Founded', c.founded], ['address', 'Address', address],
    ['phone', 'Phone', c.phone], ['email', 'Email', c.email]
  ]
  const known = facts.filter((f): f is [string, string, string] => f[2] !== null)
  if (known.length === 0) return none('The site states no company facts.')
  return `<dl>${known.map(([id, label, value]) => `<dt>${label}</dt><dd data-fact="${id}">${text(value)}</dd>`).join('')}</dl>`
}

function contradictions (profile: BrandProfile): string {
  if (profile.consistency.length === 0) return none('The site does not contradict itself.')
  return '<ul class="plain">' + profile.consistency.map((f) => `<li data-code="${text(f.code)}"><strong>${text(f.message)}</strong><ul class="plain">` +
    f.values.map((v) => `<li>${text(v.source)}: ${text(v.value)}</li>`).join('') + '</ul></li>').join('') + '</ul>'
}

const about = (profile: BrandProfile): string => `<dl><dt>Title</dt><dd id="title">${text(profile.title)}</dd>` +
  `<dt>Description</dt><dd id="description">${text(profile.description)}</dd><dt>Summary</dt><dd id="summary">${text(profile.brand_summary)}</dd></dl>`

/** The files that failed for a moment, so a person does not take a missing logo or font for the site's. */
function unread (profile: BrandProfile): string {
  if (profile.unread_files.length === 0) return ''
  const files = profile.unread_files.map((file) => `<li>${text(file.url)} (${text(file.reason)})</li>`).join('')
  const note = 'Not read this time, for a moment\'s failure (the profile is made again after 5 minutes):'
  return `<p class="sub" id="unread">${note}</p><ul class="plain sub">${files}</ul>`
}

export function renderProfileCard (profile: BrandProfile, images: LogoImages): string {
  const name = profile.brand_name ?? profile.domain
  const subtitle = [profile.final_url ?? profile.domain, profile.error === null ? null : `${profile.error.code}: ${profile.error.message}`]
    .filter((x) => x !== null).join(' · ')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${text(`Brand card: ${name}`)}</title><style>${STYLE}</style></head>
<body><main>
<h1 id="brand-name">${text(name)}</h1>
<p class="sub" id="subtitle">${text(subtitle)}</p>
${unread(profile)}
${card('about', 'About', about(profile))}
${card('logos', 'Logos', logos(profile, images))}
${card('colors', 'Colours', colors(profile))}
${card('fonts', 'Fonts', fonts(profile))}
${links(profile)}
${card('company', 'Company', company(profile))}
${card('consistency', 'Where the site contradicts itself', contradictions(profile))}
<p class="sub">Fetched ${text(profile.fetched_at)}${profile.cached ? ' (from the cache)' : ''}. Sources: ${text(profile.sources.join(', '))}.</p>
</main></body></html>
`
}
