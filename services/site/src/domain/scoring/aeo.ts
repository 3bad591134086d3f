// The answer-engine (AEO) authority score: entity clarity (25), answer depth (25), E-E-A-T proof (30)
// and citability (20), then capped by what keeps answer engines from using the site at all.
import type { Derived } from '../derive.js'
import { is2xx, type PageFacts } from '../observations.js'
import { plural } from './check.js'

type AeoGroup = 'entity_clarity' | 'answer_depth' | 'eeat_proof' | 'citability'
export interface AeoPart { id: string, group: AeoGroup, label: string, points: number, max: number, detail: string }
export interface AppliedCap { code: string, cap: number, recommendation: string, evidence: string }
export interface AeoScore {
  score: number
  uncapped_score: number
  status: 'unavailable' | 'needs_review' | 'ready'
  caps_applied: AppliedCap[]
  breakdown: AeoPart[]
}

const ANSWER_WORDS = 40

function siteOf (url: string): string | null {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return null
  }
}

/** What the analysed pages prove about who stands behind the site and what it answers. */
export interface AeoSignals {
  organization: PageFacts['structured']['organization']
  person: PageFacts['structured']['person']
  about: boolean
  contact: string[]
  /** questions answered in 40+ words, each once */
  answers: string[]
  namedAuthor: string | null
  externalSameAs: string[]
  credentials: boolean
  citations: number
  privacy: string | null
  terms: string | null
  reviews: boolean
}

function answeredQuestions (pages: PageFacts[]): string[] {
  const seen = new Set<string>()
  const answers: string[] = []
  for (const p of pages) {
    for (const q of [...p.structured.faq, ...p.answers.questions]) {
      const key = q.question.toLowerCase().replace(/\s+/g, ' ').trim()
      if (q.answer_words < ANSWER_WORDS || seen.has(key)) continue
      seen.add(key)
      answers.push(q.question)
    }
  }
  return answers
}

export function aeoSignals ({ obs, pages }: Derived): AeoSignals {
  const host = siteOf(obs.origin)
  const find = <T>(pick: (p: PageFacts) => T | null): T | null => pages.map(pick).find((v) => v !== null) ?? null
  const organization = find((p) => p.structured.organization)
  const person = find((p) => p.structured.person)
  const a = obs.about_page
  const orgContact = organization?.contact === true ? ['Organization contact markup'] : []
  const byline = find((p) => p.answers.byline ?? p.structured.article_author)
  const authorPage = pages.some((p) => p.answers.author_link !== null) || person !== null
  const sameAs = [...(organization?.same_as ?? []), ...(person?.same_as ?? [])]
  return {
    organization,
    person,
    about: a !== null && is2xx(a.fetch.status) && (a.words >= 100 || a.entity_markup),
    contact: [...new Set([...pages.flatMap((p) => p.answers.contact), ...orgContact])],
    answers: answeredQuestions(pages),
    namedAuthor: byline !== null && authorPage ? byline : null,
    externalSameAs: [...new Set(sameAs.filter((u) => siteOf(u) !== host))],
    credentials: person?.credentials === true,
    citations: pages.reduce((n, p) => n + p.answers.external_citations, 0),
    privacy: find((p) => p.links.privacy),
    terms: find((p) => p.links.terms),
    reviews: pages.some((p) => p.answers.testimonials || p.structured.reviews)
  }
}

interface AeoPartDef {
  id: string
  group: AeoGroup
  max: number
  label: string
  /** earns the maximum when true, else the points given */
  measure: (s: AeoSignals, d: Derived) => { earned: boolean | number, detail: string }
}

const pageWith = (d: Derived, test: (p: PageFacts) => boolean): PageFacts | undefined => d.pages.find(test)

const PARTS: AeoPartDef[] = [
  {
    id: 'entity_clarity.organization_same_as',
    group: 'entity_clarity',
    max: 10,
    label: 'Organization markup with 2+ sameAs profiles',
    measure: ({ organization: org }) => ({
      earned: org !== null && org.same_as.length >= 2,
      detail: org === null ? 'no Organization markup' : `${org.type} with ${org.same_as.length} sameAs`
    })
  },
  {
    id: 'entity_clarity.about_page',
    group: 'entity_clarity',
    max: 8,
    label: 'About page with people or company facts',
    measure: (s, { obs }) => {
      const a = obs.about_page
      return { earned: s.about, detail: a === null ? 'no About page linked' : `${a.url} answers ${a.fetch.status ?? 'nothing'}, ${a.words} words` }
    }
  },
  {
    id: 'entity_clarity.contact_details',
    group: 'entity_clarity',
    max: 7,
    label: 'contact details (email, phone, address)',
    measure: ({ contact }) => ({ earned: contact.length > 0, detail: contact.length > 0 ? contact.join(', ') : 'no contact details found' })
  },
  {
    id: 'answer_depth.answered_questions',
    group: 'answer_depth',
    max: 25,
    label: 'questions answered in 40+ words (5 per answer, up to 5)',
    measure: ({ answers }) => ({
      earned: 5 * Math.min(5, answers.length),
      detail: answers.length === 0
        ? 'no question with a 40-word answer'
        : `${answers.length} answered: ${answers.slice(0, 5).map((q) => `"${q}"`).join(', ')}`
    })
  },
  {
    id: 'eeat_proof.named_author',
    group: 'eeat_proof',
    max: 10,
    label: 'named author with an author page or Person markup',
    measure: ({ namedAuthor }) => ({
      earned: namedAuthor !== null,
      detail: namedAuthor === null ? 'no named author with an author page or Person markup' : `author ${namedAuthor}`
    })
  },
  {
    id: 'eeat_proof.external_profiles',
    group: 'eeat_proof',
    max: 5,
    label: 'external sameAs profiles or credentials',
    measure: ({ externalSameAs, credentials }) => ({
      earned: externalSameAs.length > 0 || credentials,
      detail: externalSameAs.length > 0 ? `${externalSameAs.length} external profiles` : credentials ? 'credentials in Person markup' : 'none'
    })
  },
  {
    id: 'eeat_proof.citations',
    group: 'eeat_proof',
    max: 5,
    label: 'citations to other sites in the content',
    measure: ({ citations }) => ({ earned: citations >= 2, detail: `${citations} links to other sites in main content` })
  },
  {
    id: 'eeat_proof.privacy_and_terms',
    group: 'eeat_proof',
    max: 5,
    label: 'privacy and terms pages',
    measure: ({ privacy, terms }) => ({
      earned: privacy !== null && terms !== null,
      detail: `${privacy === null ? 'no privacy page' : 'privacy page'}, ${terms === null ? 'no terms page' : 'terms page'}`
    })
  },
  {
    id: 'eeat_proof.reviews',
    group: 'eeat_proof',
    max: 5,
    label: 'reviews, testimonials or case studies',
    measure: ({ reviews }) => ({ earned: reviews, detail: reviews ? 'found' : 'none found' })
  },
  {
    id: 'citability.figures',
    group: 'citability',
    max: 5,
    label: 'numbers and statistics',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.answers.numbers >= 3)
      return { earned: page !== undefined, detail: page === undefined ? 'fewer than 3 figures on any page' : `${page.answers.numbers} figures on ${page.url}` }
    }
  },
  {
    id: 'citability.lists_or_tables',
    group: 'citability',
    max: 5,
    label: 'lists or tables',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.main_text.lists + p.main_text.tables > 0)
      return { earned: page !== undefined, detail: page === undefined ? 'no list or table in main content' : `on ${page.url}` }
    }
  },
  {
    id: 'citability.definition_first',
    group: 'citability',
    max: 5,
    label: 'definition-style first paragraph',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.answers.definition_first_paragraph)
      return { earned: page !== undefined, detail: page === undefined ? 'no first paragraph that defines its subject' : `on ${page.url}` }
    }
  },
  {
    id: 'citability.visible_dates',
    group: 'citability',
    max: 5,
    label: 'visible dates',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.answers.visible_dates > 0 || p.times > 0)
      return { earned: page !== undefined, detail: page === undefined ? 'no visible dates' : `on ${page.url}` }
    }
  }
]

interface CapDef {
  code: string
  cap: number
  /** caps judged on the homepage's content apply only when there is one */
  needsHomepage: boolean
  /** the evidence when the cap applies, else null */
  applies: (s: AeoSignals, d: Derived) => string | null
  recommendation: string
}

function proofSignals (s: AeoSignals): string[] {
  const proofs: Array<[boolean, string]> = [
    [s.namedAuthor !== null, 'named author'],
    [s.about, 'About page'],
    [s.contact.length > 0, 'contact details'],
    [s.externalSameAs.length >= 2, '2+ external sameAs'],
    [s.privacy !== null && s.terms !== null, 'privacy and terms']
  ]
  return proofs.filter(([ok]) => ok).map(([, name]) => name)
}

const CAPS: CapDef[] = [
  {
    code: 'homepage_unfetchable_cap',
    cap: 20,
    needsHomepage: false,
    applies: (_s, d) => d.homepageOk ? null : 'the homepage could not be fetched as HTML',
    recommendation: 'Make the homepage reachable: nothing can be cited from a site that cannot be fetched.'
  },
  {
    code: 'ai_retrieval_blocked_cap',
    cap: 40,
    needsHomepage: false,
    applies: (_s, { aiSearch, challenge }) => aiSearch.share >= 0.5 && challenge === null
      ? null
      : challenge ?? `${aiSearch.allowed.length} of ${aiSearch.allowed.length + aiSearch.blocked.length} AI search and user-fetch bots allowed`,
    recommendation: 'Let AI search and user-fetch crawlers read the site (robots.txt and bot protection).'
  },
  {
    code: 'noindex_cap',
    cap: 40,
    needsHomepage: false,
    applies: (_s, { noindex }) => noindex.length > 0 ? noindex.join('; ') : null,
    recommendation: 'Remove noindex from the homepage so engines may use it.'
  },
  {
    code: 'js_only_content_cap',
    cap: 50,
    needsHomepage: true,
    applies: (_s, { home }) => (home?.main_text.words ?? 0) < 50 ? `${home?.main_text.words ?? 0} words of text in the raw HTML` : null,
    recommendation: 'Serve the main content as HTML; AI fetchers mostly do not run JavaScript.'
  },
  {
    code: 'thin_eeat_proof_cap',
    cap: 60,
    needsHomepage: true,
    applies: (s) => {
      const proofs = proofSignals(s)
      return proofs.length >= 2 ? null : `${proofs.length} of 5 proof signals${proofs.length > 0 ? ` (${proofs.join(', ')})` : ''}`
    },
    recommendation: 'Show who stands behind the content: named authors with author pages, an About page, contact details, ' +
      'external profiles (sameAs), privacy and terms pages.'
  },
  {
    code: 'missing_faq_answer_depth_cap',
    cap: 70,
    needsHomepage: true,
    applies: ({ answers }) => answers.length >= 3 ? null : `${plural(answers.length, 'question')} with a 40+ word answer`,
    recommendation: 'Answer the questions your visitors ask: question headings (or FAQPage markup) each followed by a 40+ word answer, at least three.'
  },
  {
    code: 'missing_entity_schema_cap',
    cap: 80,
    needsHomepage: true,
    applies: (s) => s.organization === null && s.person === null && !s.about
      ? 'no Organization, LocalBusiness or Person markup and no About page'
      : null,
    recommendation: 'Declare the entity behind the site: Organization, LocalBusiness or Person markup, and an About page.'
  }
]

export function aeoScore (d: Derived): AeoScore {
  const s = aeoSignals(d)
  const breakdown = !d.homepageOk
    ? []
    : PARTS.map((part): AeoPart => {
      const { earned, detail } = part.measure(s, d)
      const points = typeof earned === 'number' ? earned : earned ? part.max : 0
      return { id: part.id, group: part.group, label: part.label, points, max: part.max, detail }
    })
  const uncapped = Math.round(breakdown.reduce((n, p) => n + p.points, 0))
  const caps = CAPS.flatMap((c): AppliedCap[] => {
    if (c.needsHomepage && !d.homepageOk) return []
    const evidence = c.applies(s, d)
    return evidence === null ? [] : [{ code: c.code, cap: c.cap, recommendation: c.recommendation, evidence }]
  }).sort((a, b) => a.cap - b.cap)
  const score = Math.min(uncapped, ...caps.map((c) => c.cap))
  return {
    score,
    uncapped_score: uncapped,
    status: !d.homepageOk ? 'unavailable' : caps.length > 0 || score < 70 ? 'needs_review' : 'ready',
    caps_applied: caps,
    breakdown
  }
}
