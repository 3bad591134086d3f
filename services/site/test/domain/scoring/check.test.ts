import { describe, expect, it } from 'vitest'
import type { Derived } from '../../../src/domain/derive.js'
import { runCheck, type CheckDef } from '../../../src/domain/scoring/check.js'

/** A check worth 3 that earns `points` and reads the sitemap and robots.txt. */
const check = (points: number): CheckDef => ({
  id: 'crawl_policy.example',
  category: 'crawl_policy',
  max: 3,
  label: 'an example',
  reads: ['sitemap', 'robots_txt'],
  measure: () => ({ points, detail: `earned ${points}` }),
  gaps: []
})
const derived = (unmeasured: Derived['unmeasured'], sizeCuts: Derived['sizeCuts'] = {}, refused: Derived['refused'] = {}): Derived =>
  ({ unmeasured, sizeCuts, refused }) as unknown as Derived
/** A check worth 2 that earns `points` and reads the whole homepage's HTML. */
const homepageCheck = (points: number): CheckDef => ({ ...check(points), max: 2, reads: ['homepage_rest'] })
const HOMEPAGE_CUT = 'the homepage\'s HTML was cut at its 2 MiB limit and the rest was not read'

describe('a check whose input the time budget left unfetched', () => {
  it('is not measured when it falls short: worth nothing, set aside as a check that cannot apply, saying why', () => {
    expect(runCheck(check(1), derived({ sitemap: 'the sitemap' }))).toMatchObject({
      points: 0, max: 3, applies: false, measured: false, detail: 'not measured: the analysis time budget was spent before the sitemap was fetched'
    })
    expect(runCheck(check(0), derived({ sitemap: 'the sitemap', robots_txt: 'robots.txt' })).detail)
      .toBe('not measured: the analysis time budget was spent before the sitemap and robots.txt were fetched')
  })

  it('is measured when what was fetched already earns every point', () => {
    expect(runCheck(check(3), derived({ sitemap: 'the sitemap' }))).toMatchObject({ points: 3, applies: true, measured: true, detail: 'earned 3' })
  })

  it('is measured as usual when the budget cut only what it does not read', () => {
    expect(runCheck(check(1), derived({ llms_txt: '/llms.txt' }))).toMatchObject({ points: 1, applies: true, measured: true, detail: 'earned 1' })
  })
})

describe('a check that reads the whole of a file a byte cap cut', () => {
  it('is not measured when it falls short, saying what was not read', () => {
    expect(runCheck(homepageCheck(0), derived({}, { homepage_rest: HOMEPAGE_CUT }))).toMatchObject({
      points: 0, max: 2, applies: false, measured: false, detail: `not measured: ${HOMEPAGE_CUT}`
    })
  })

  it('keeps what the part read earns in full, and is measured when another file was cut', () => {
    expect(runCheck(homepageCheck(2), derived({}, { homepage_rest: HOMEPAGE_CUT }))).toMatchObject({ points: 2, measured: true })
    expect(runCheck(homepageCheck(0), derived({}, { sitemap_rest: 'the sitemap was cut' }))).toMatchObject({ points: 0, measured: true })
  })

  it('names the budget\'s fetches and the cut file together', () => {
    const both: CheckDef = { ...check(0), reads: ['sitemap', 'homepage_rest'] }
    expect(runCheck(both, derived({ sitemap: 'the sitemap' }, { homepage_rest: HOMEPAGE_CUT })).detail)
      .toBe(`not measured: the analysis time budget was spent before the sitemap was fetched; ${HOMEPAGE_CUT}`)
  })
})

describe('a check whose input the site refused for the moment', () => {
  const REFUSED = 'the sitemap answered HTTP 503, a momentary refusal'

  it('is not measured when it falls short, saying what was refused', () => {
    expect(runCheck(check(1), derived({}, {}, { sitemap: REFUSED }))).toMatchObject({
      points: 0, max: 3, applies: false, measured: false, detail: `not measured: ${REFUSED}`
    })
  })

  it('is measured when what was read already earns every point, or when the refusal is of what it does not read', () => {
    expect(runCheck(check(3), derived({}, {}, { sitemap: REFUSED }))).toMatchObject({ points: 3, measured: true })
    expect(runCheck(check(1), derived({}, {}, { llms_txt: '/llms.txt answered HTTP 503, a momentary refusal' }))).toMatchObject({ points: 1, measured: true })
  })

  it('names the budget\'s fetches, then the refusals, then the cut files', () => {
    const all: CheckDef = { ...check(0), reads: ['robots_txt', 'sitemap', 'homepage_rest'] }
    expect(runCheck(all, derived({ robots_txt: 'robots.txt' }, { homepage_rest: HOMEPAGE_CUT }, { sitemap: REFUSED })).detail)
      .toBe(`not measured: the analysis time budget was spent before robots.txt was fetched; ${REFUSED}; ${HOMEPAGE_CUT}`)
  })
})
