// The facts the AEO parts and caps are judged on, read once from the analysed pages.
import type { Derived } from '../../derive.js'
import { is2xx, type PageFacts } from '../../observations.js'
import { hostWithoutWww } from '../../url-host.js'

/** the words an answer needs to count */
const ANSWER_WORDS = 40

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
  const host = hostWithoutWww(obs.origin)
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
    externalSameAs: [...new Set(sameAs.filter((u) => hostWithoutWww(u) !== host))],
    credentials: person?.credentials === true,
    citations: pages.reduce((n, p) => n + p.answers.external_citations, 0),
    privacy: find((p) => p.links.privacy),
    terms: find((p) => p.links.terms),
    reviews: pages.some((p) => p.answers.testimonials || p.structured.reviews)
  }
}
