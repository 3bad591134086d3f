// The answer-engine (AEO) authority score of research/site.md B4: entity clarity, answer depth,
// E-E-A-T proof and citability, then capped by what keeps answer engines from using the site at all.
import type { PageFacts, SiteObservations } from '../observations.js'
import { is2xx, type Derived } from './derive.js'

export interface AeoPart { id: string, group: 'entity_clarity' | 'answer_depth' | 'eeat_proof' | 'citability', label: string, points: number, max: number, detail: string }
export interface AppliedCap { code: string, cap: number, recommendation: string, evidence: string }
export interface AeoScore {
  score: number
  uncapped_score: number
  status: 'unavailable' | 'needs_review' | 'ready'
  caps_applied: AppliedCap[]
  breakdown: AeoPart[]
}

const ANSWER_WORDS = 40

function hostOf (url: string): string | null {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return null
  }
}

export interface AeoSignals {
  organization: PageFacts['structured']['organization']
  person: PageFacts['structured']['person']
  about: boolean
  contact: string[]
  answers: string[]
  namedAuthor: string | null
  externalSameAs: string[]
  credentials: boolean
  citations: number
  privacy: string | null
  terms: string | null
  reviews: boolean
}

export function aeoSignals (obs: SiteObservations, d: Derived): AeoSignals {
  const pages = d.pages
  const host = hostOf(obs.origin)
  const organization = pages.map((p) => p.structured.organization).find((o) => o !== null) ?? null
  const person = pages.map((p) => p.structured.person).find((o) => o !== null) ?? null
  const a = obs.aboutPage
  const about = a !== null && is2xx(a.fetch.status) && (a.words >= 100 || a.entityMarkup)
  const contact = [...new Set([...pages.flatMap((p) => p.answers.contact), ...(organization?.contact === true ? ['Organization contact markup'] : [])])]
  const seen = new Set<string>()
  const answers: string[] = []
  for (const p of pages) {
    for (const q of [...p.structured.faq, ...p.answers.questions]) {
      const key = q.question.toLowerCase().replace(/\s+/g, ' ').trim()
      if (q.answerWords < ANSWER_WORDS || seen.has(key)) continue
      seen.add(key)
      answers.push(q.question)
    }
  }
  const byline = pages.map((p) => p.answers.byline ?? p.structured.articleAuthor).find((b) => b !== null) ?? null
  const authorPage = pages.some((p) => p.answers.authorLink !== null) || person !== null
  const sameAs = [...(organization?.sameAs ?? []), ...(person?.sameAs ?? [])]
  const find = (pick: (p: PageFacts) => string | null): string | null => pages.map(pick).find((v) => v !== null) ?? null
  return {
    organization,
    person,
    about,
    contact,
    answers,
    namedAuthor: byline !== null && authorPage ? byline : null,
    externalSameAs: [...new Set(sameAs.filter((u) => hostOf(u) !== host))],
    credentials: person?.credentials === true,
    citations: pages.reduce((n, p) => n + p.answers.externalCitations, 0),
    privacy: find((p) => p.links.privacy),
    terms: find((p) => p.links.terms),
    reviews: pages.some((p) => p.answers.testimonials || p.structured.reviews)
  }
}

function parts (obs: SiteObservations, d: Derived, s: AeoSignals): AeoPart[] {
  const pages = d.pages
  const part = (id: string, group: AeoPart['group'], label: string, max: number, ok: boolean | number, detail: string): AeoPart =>
    ({ id, group, label, max, points: typeof ok === 'number' ? ok : ok ? max : 0, detail })
  const numbers = pages.find((p) => p.answers.numbers >= 3)
  const structure = pages.find((p) => p.mainText.lists + p.mainText.tables > 0)
  const definition = pages.find((p) => p.answers.definitionFirstParagraph)
  const dates = pages.find((p) => p.answers.visibleDates > 0 || p.times > 0)
  const org = s.organization
  return [
    part('A1', 'entity_clarity', 'Organization markup with 2+ sameAs profiles', 10, org !== null && org.sameAs.length >= 2,
      org === null ? 'no Organization markup' : `${org.type} with ${org.sameAs.length} sameAs`),
    part('A2', 'entity_clarity', 'About page with people or company facts', 8, s.about,
      obs.aboutPage === null ? 'no About page linked' : `${obs.aboutPage.url} answers ${obs.aboutPage.fetch.status ?? 'nothing'}, ${obs.aboutPage.words} words`),
    part('A3', 'entity_clarity', 'contact details (email, phone, address)', 7, s.contact.length > 0, s.contact.length > 0 ? s.contact.join(', ') : 'no contact details found'),
    part('A4', 'answer_depth', 'questions answered in 40+ words (5 per answer, up to 5)', 25, 5 * Math.min(5, s.answers.length),
      s.answers.length === 0 ? 'no question with a 40-word answer' : `${s.answers.length} answered: ${s.answers.slice(0, 5).map((q) => `"${q}"`).join(', ')}`),
    part('A5', 'eeat_proof', 'named author with an author page or Person markup', 10, s.namedAuthor !== null,
      s.namedAuthor === null ? 'no named author with an author page or Person markup' : `author ${s.namedAuthor}`),
    part('A6', 'eeat_proof', 'external sameAs profiles or credentials', 5, s.externalSameAs.length > 0 || s.credentials,
      s.externalSameAs.length > 0 ? `${s.externalSameAs.length} external profiles` : s.credentials ? 'credentials in Person markup' : 'none'),
    part('A7', 'eeat_proof', 'citations to other sites in the content', 5, s.citations >= 2, `${s.citations} links to other sites in main content`),
    part('A8', 'eeat_proof', 'privacy and terms pages', 5, s.privacy !== null && s.terms !== null,
      `${s.privacy === null ? 'no privacy page' : 'privacy page'}, ${s.terms === null ? 'no terms page' : 'terms page'}`),
    part('A9', 'eeat_proof', 'reviews, testimonials or case studies', 5, s.reviews, s.reviews ? 'found' : 'none found'),
    part('A10', 'citability', 'numbers and statistics', 5, numbers !== undefined, numbers === undefined ? 'fewer than 3 figures on any page' : `${numbers.answers.numbers} figures on ${numbers.url}`),
    part('A11', 'citability', 'lists or tables', 5, structure !== undefined, structure === undefined ? 'no list or table in main content' : `on ${structure.url}`),
    part('A12', 'citability', 'definition-style first paragraph', 5, definition !== undefined, definition === undefined ? 'no first paragraph that defines its subject' : `on ${definition.url}`),
    part('A13', 'citability', 'visible dates', 5, dates !== undefined, dates === undefined ? 'no visible dates' : `on ${dates.url}`)
  ]
}

const CAP_TEXT: Record<string, string> = {
  homepage_unfetchable_cap: 'Make the homepage reachable: nothing can be cited from a site that cannot be fetched.',
  ai_retrieval_blocked_cap: 'Let AI search and user-fetch crawlers read the site (robots.txt and bot protection).',
  noindex_cap: 'Remove noindex from the homepage so engines may use it.',
  js_only_content_cap: 'Serve the main content as HTML; AI fetchers mostly do not run JavaScript.',
  thin_eeat_proof_cap: 'Show who stands behind the content: named authors with author pages, an About page, contact details, external profiles (sameAs), privacy and terms pages.',
  missing_faq_answer_depth_cap: 'Answer the questions your visitors ask: question headings (or FAQPage markup) each followed by a 40+ word answer, at least three.',
  missing_entity_schema_cap: 'Declare the entity behind the site: Organization, LocalBusiness or Person markup, and an About page.'
}

export function aeoScore (obs: SiteObservations, d: Derived): AeoScore {
  const s = aeoSignals(obs, d)
  const breakdown = d.homepageOk ? parts(obs, d, s) : []
  const uncapped = Math.round(breakdown.reduce((n, p) => n + p.points, 0))
  const caps: Array<Omit<AppliedCap, 'recommendation'>> = []
  if (!d.homepageOk) caps.push({ code: 'homepage_unfetchable_cap', cap: 20, evidence: 'the homepage could not be fetched as HTML' })
  if (d.aiSearch.share < 0.5 || d.challenge !== null) {
    caps.push({ code: 'ai_retrieval_blocked_cap', cap: 40, evidence: d.challenge ?? `${d.aiSearch.allowed.length} of ${d.aiSearch.allowed.length + d.aiSearch.blocked.length} AI search and user-fetch bots allowed` })
  }
  if (d.noindex.length > 0) caps.push({ code: 'noindex_cap', cap: 40, evidence: d.noindex.join('; ') })
  if (d.homepageOk) {
    const words = d.home?.mainText.words ?? 0
    if (words < 50) caps.push({ code: 'js_only_content_cap', cap: 50, evidence: `${words} words of text in the raw HTML` })
    const proofs = [
      s.namedAuthor !== null && 'named author', s.about && 'About page', s.contact.length > 0 && 'contact details',
      s.externalSameAs.length >= 2 && '2+ external sameAs', s.privacy !== null && s.terms !== null && 'privacy and terms'
    ].filter((p): p is string => p !== false)
    if (proofs.length < 2) caps.push({ code: 'thin_eeat_proof_cap', cap: 60, evidence: `${proofs.length} of 5 proof signals${proofs.length > 0 ? ` (${proofs.join(', ')})` : ''}` })
    if (s.answers.length < 3) caps.push({ code: 'missing_faq_answer_depth_cap', cap: 70, evidence: `${s.answers.length} question${s.answers.length === 1 ? '' : 's'} with a 40+ word answer` })
    if (s.organization === null && s.person === null && !s.about) caps.push({ code: 'missing_entity_schema_cap', cap: 80, evidence: 'no Organization, LocalBusiness or Person markup and no About page' })
  }
  caps.sort((a, b) => a.cap - b.cap)
  const score = Math.min(uncapped, ...caps.map((c) => c.cap))
  return {
    score,
    uncapped_score: uncapped,
    status: !d.homepageOk ? 'unavailable' : caps.length > 0 || score < 70 ? 'needs_review' : 'ready',
    caps_applied: caps.map((c) => ({ code: c.code, cap: c.cap, recommendation: CAP_TEXT[c.code], evidence: c.evidence })),
    breakdown
  }
}
