// The analysis as a person reads it: the two scores, the gaps by priority, the category breakdown,
// what AI crawlers really get and the side reports, as plain-text sections. The HTML and Markdown
// renderers draw this one view, each escaping every string, since most of them come from the site.
import { cut, cutUrl, listed, plural, readChildren } from '../evidence-text.js'
import { filesCut, momentaryRefusals } from '../derive.js'
import type { SiteReport } from '../report.js'
import { javascriptCell } from '../rendering/rendering-report.js'
import type { FetchedCrawlerRow } from './ai-crawler-access.js'
import { performanceSection, renderingSection } from './rendering-view.js'
import type { ReportView, SectionView, TableView } from './view-model.js'

export const CATEGORY_NAMES: Record<string, string> = {
  fetchability: 'Fetchability',
  metadata: 'Metadata',
  crawl_policy: 'Crawl policy',
  structured_data: 'Structured data',
  llm_readiness: 'LLM readiness',
  freshness: 'Freshness'
}

const OUTCOMES: Record<string, string> = {
  served: 'served',
  different_page: 'another page',
  blocked: 'blocked',
  challenge: 'challenge page',
  no_answer: 'no answer'
}

const points = (n: number): string => String(n)
const pointsLost = (n: number): string => `${points(n)} ${n === 1 ? 'point' : 'points'}`
const yesNo = (allowed: boolean): string => allowed ? 'allowed' : 'disallowed'

function gapsSection (report: SiteReport): SectionView {
  return {
    id: 'gaps',
    title: 'Gaps, by priority',
    intro: report.gaps.length === 0 ? 'No gaps found.' : `${report.gaps.length} found, the most important first (severity, then points lost).`,
    items: report.gaps.map((gap) => ({
      title: gap.code,
      badge: `${gap.severity} · ${pointsLost(gap.points_lost)}`,
      lines: [gap.evidence, `Recommendation: ${gap.recommendation}`]
    }))
  }
}

function robotsCell (robots: FetchedCrawlerRow['robots']): string {
  const rule = robots.rule === null ? '' : ` by line ${robots.rule.line}`
  return `${yesNo(robots.allowed)}${rule}${robots.file_differs ? ', served another robots.txt' : ''}`
}

function crawlerSection (report: SiteReport): SectionView {
  const fetched = report.ai_crawler_access.fetched
  return {
    id: 'ai-crawlers',
    title: 'What AI crawlers really get',
    intro: 'The homepage fetched with each crawler\'s published user agent, from our address: a real crawler also comes from its ' +
      'own IP ranges, which this cannot imitate.',
    table: {
      head: ['Crawler', 'Purpose', 'robots.txt', 'Server answer', 'Mismatch', 'Runs JavaScript'],
      rows: fetched.map((row) => [
        `${row.token} (${row.operator})`,
        row.purpose.replace('_', ' '),
        robotsCell(row.robots),
        // the detail may quote the page's title as the crawler got it: cut
        [row.http.status === null ? 'no answer' : `HTTP ${row.http.status}`, OUTCOMES[row.http.outcome], row.http.challenge,
          row.http.detail === null ? null : cut(row.http.detail, 160)]
          .filter((part): part is string => part !== null && part !== '').join(', '),
        row.mismatch === null ? '' : row.mismatch.replace(/_/g, ' '),
        javascriptCell(row.token, report.rendering)
      ])
    }
  }
}

function sideSections (report: SiteReport): SectionView[] {
  const items = (list: SiteReport['launch_readiness']): TableView =>
    ({ head: ['Check', 'Status', 'Evidence'], rows: list.map((i) => [i.id.replace(/_/g, ' '), i.status.replace('_', ' '), i.evidence]) })
  const aeo = report.aeo_authority_score
  const qa = report.sitemap_qa
  return [
    { id: 'launch', title: 'Launch readiness', table: items(report.launch_readiness) },
    { id: 'mobile', title: 'Mobile compatibility', table: items(report.mobile_compatibility) },
    {
      id: 'sitemap',
      title: 'Sitemap sample',
      intro: qa.source === null
        ? 'No parseable sitemap.'
        : `${cutUrl(qa.source)}: ${qa.entries_total} URLs${readChildren(qa.children)}, ${qa.sampled.length} sampled.`,
      table: {
        head: ['URL', 'Status', 'Problems'],
        code: [0],
        // a problem may quote a URL the site chose (a redirect target, a canonical): cut
        rows: qa.sampled.map((s) =>
          [cutUrl(s.url), s.status === null ? 'no answer' : String(s.status), s.problems.map((p) => cut(p, 160)).join(', ') || 'none'])
      }
    },
    {
      id: 'aeo',
      title: 'Answer-engine authority',
      intro: aeo.caps_applied.length === 0
        ? 'No cap applies.'
        : `Capped: ${aeo.caps_applied.map((c) => `${c.code} at ${c.cap} (${c.evidence})`).join('; ')}.`,
      table: { head: ['Part', 'Points', 'Evidence'], rows: aeo.breakdown.map((p) => [p.label, `${points(p.points)} / ${p.max}`, p.detail]) }
    }
  ]
}

/** The files a byte cap cut before their end (fetch.truncated): the homepage's HTML, sitemap files, sampled pages. */
function cutFiles (report: SiteReport): string[] {
  const cuts = filesCut(report.observations, report.fetchability.ok)
  return [
    ...(cuts.homepage_rest.length > 0 ? ['the homepage\'s HTML'] : []),
    ...cuts.sitemap_rest.map((url) => `the sitemap ${cutUrl(url)}`),
    ...cuts.sampled_pages_rest.map((url) => `the sampled page ${cutUrl(url)}`)
  ]
}

/** The line that says the scores stand on less than the whole site, and why; null when the analysis is complete. */
function incompleteNotice (report: SiteReport): string | null {
  if (report.complete) return null
  const { ms, exhausted, skipped } = report.observations.budget
  const causes: string[] = []
  // the labels name URLs the site chose (its sitemaps, its pages): cut, and the list capped
  if (exhausted) {
    const unfetched = `${plural(skipped.length, 'fetch', 'fetches')} not made (${listed(skipped, (label) => cut(label, 120))})`
    causes.push(`the time budget of ${ms / 1000} s was spent, ${unfetched}`)
  }
  const refusals = momentaryRefusals(report.observations)
  if (refusals.length > 0) {
    const refused = refusals.map((r) => `${cutUrl(r.url)} ${r.status === null ? `failed (${cut(r.error ?? '', 120)})` : `answered HTTP ${r.status}`}`)
    causes.push(`the site refused ${plural(refusals.length, 'fetch', 'fetches')} for the moment (${listed(refused, String)})`)
  }
  const files = cutFiles(report)
  if (files.length > 0) causes.push(`${listed(files, String)} ${files.length === 1 ? 'was' : 'were'} cut at the size limit and not read to the end`)
  const checks = report.not_measured.length === 0
    ? 'Every check was measured on what was read.'
    : `Not measured, so worth no points and raising no gap: ${report.not_measured.join(', ')}.`
  const later = [
    ...(exhausted ? [' A larger time_budget_seconds may measure the rest.'] : []),
    ...(refusals.length > 0 ? [' A later analysis may measure what was refused.'] : [])
  ]
  return `Incomplete analysis: ${causes.join('; ')}. ${checks}${later.join('')}`
}

export function reportView (report: SiteReport): ReportView {
  const aeo = report.aeo_authority_score
  return {
    title: `Website report: ${report.domain}`,
    subtitle: `${report.requestedUrl}, analysed ${report.analyzed_at}`,
    notice: incompleteNotice(report),
    scores: [
      {
        label: 'Technical crawl score',
        value: `${points(report.technical_crawl_score)} / ${report.max_score}`,
        note: report.fetchability.ok ? 'homepage fetched' : `homepage: ${report.fetchability.error ?? 'not HTML'}`
      },
      {
        label: 'AEO authority score',
        value: `${aeo.score} / 100`,
        note: aeo.status.replace('_', ' ') + (aeo.score < aeo.uncapped_score ? ` (${aeo.uncapped_score} before caps)` : '')
      }
    ],
    sections: [
      gapsSection(report),
      {
        id: 'categories',
        title: 'Score by category',
        table: {
          head: ['Category', 'Score'],
          rows: Object.entries(report.category_scores).map(([id, c]) => [CATEGORY_NAMES[id], `${points(c.score)} / ${c.max}`])
        }
      },
      {
        id: 'checks',
        title: 'Every check',
        table: {
          head: ['Check', 'Points', 'Evidence'],
          rows: report.score_breakdown.map((c) => [`${c.id} ${c.label}`, `${points(c.points)} / ${c.max}`, c.detail])
        }
      },
      crawlerSection(report),
      renderingSection(report),
      ...sideSections(report),
      performanceSection(report)
    ]
  }
}
