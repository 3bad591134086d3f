// The AEO parts, 100 points before caps: entity clarity, answer depth, E-E-A-T proof and citability.
import { notMeasuredReason, type Derived } from '../../derive.js'
import { CODE_LIMIT, cut, cutUrl, quote } from '../../evidence-text.js'
import type { PageFacts } from '../../observations.js'
import type { AeoSignals } from './aeo-signals.js'

export type AeoGroup = 'entity_clarity' | 'answer_depth' | 'eeat_proof' | 'citability'

export interface AeoPartDef {
  id: string
  group: AeoGroup
  max: number
  label: string
  /** earns the maximum when true, else the points given */
  measure: (s: AeoSignals, d: Derived) => { earned: boolean | number, detail: string }
}

const pageWith = (d: Derived, test: (p: PageFacts) => boolean): PageFacts | undefined => d.pages.find(test)

export const PARTS: AeoPartDef[] = [
  {
    id: 'entity_clarity.organization_same_as',
    group: 'entity_clarity',
    max: 10,
    label: 'Organization markup with 2+ sameAs profiles',
    measure: ({ organization: org }) => ({
      earned: org !== null && org.same_as.length >= 2,
      detail: org === null ? 'no Organization markup' : `${cut(org.type, CODE_LIMIT)} with ${org.same_as.length} sameAs`
    })
  },
  {
    id: 'entity_clarity.about_page',
    group: 'entity_clarity',
    max: 8,
    label: 'About page with people or company facts',
    measure: (s, d) => {
      const a = d.obs.about_page
      // no proof is earned without the page; the detail says the budget or a momentary refusal, not the site, kept it
      const unread = notMeasuredReason(d, ['about_page'])
      if (unread !== null) return { earned: false, detail: unread }
      return { earned: s.about, detail: a === null ? 'no About page linked' : `${cutUrl(a.url)} answers ${a.fetch.status ?? 'nothing'}, ${a.words} words` }
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
        : `${answers.length} answered: ${answers.slice(0, 5).map((q) => quote(q)).join(', ')}`
    })
  },
  {
    id: 'eeat_proof.named_author',
    group: 'eeat_proof',
    max: 10,
    label: 'named author with an author page or Person markup',
    measure: ({ namedAuthor }) => ({
      earned: namedAuthor !== null,
      detail: namedAuthor === null ? 'no named author with an author page or Person markup' : `author ${cut(namedAuthor, 80)}`
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
      const detail = page === undefined ? 'fewer than 3 figures on any page' : `${page.answers.numbers} figures on ${cutUrl(page.url)}`
      return { earned: page !== undefined, detail }
    }
  },
  {
    id: 'citability.lists_or_tables',
    group: 'citability',
    max: 5,
    label: 'lists or tables',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.main_text.lists + p.main_text.tables > 0)
      return { earned: page !== undefined, detail: page === undefined ? 'no list or table in main content' : `on ${cutUrl(page.url)}` }
    }
  },
  {
    id: 'citability.definition_first',
    group: 'citability',
    max: 5,
    label: 'definition-style first paragraph',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.answers.definition_first_paragraph)
      return { earned: page !== undefined, detail: page === undefined ? 'no first paragraph that defines its subject' : `on ${cutUrl(page.url)}` }
    }
  },
  {
    id: 'citability.visible_dates',
    group: 'citability',
    max: 5,
    label: 'visible dates',
    measure: (_s, d) => {
      const page = pageWith(d, (p) => p.answers.visible_dates > 0 || p.times > 0)
      return { earned: page !== undefined, detail: page === undefined ? 'no visible dates' : `on ${cutUrl(page.url)}` }
    }
  }
]
