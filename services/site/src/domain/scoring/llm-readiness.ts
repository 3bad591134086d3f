// LLM readiness (15 points): llms.txt, text that needs no JavaScript, a readable structure and a
// markdown version.
import { is2xx } from '../observations.js'
import { firstOn, onHomepage, type CheckDef } from './check.js'

export const llmsTxtServed: CheckDef = {
  id: 'llm_readiness.llms_txt',
  max: 3,
  label: '/llms.txt answers 200 with text, not HTML',
  measure: ({ obs }) => {
    const l = obs.llms_txt
    if (l.fetch.status === 200 && !l.is_html) return { points: 3, detail: `${l.url} found` }
    if (l.fetch.status === 200) return { points: 0, detail: `${l.url} answers an HTML page` }
    return { points: 0, detail: `${l.url} answers ${l.fetch.status ?? l.fetch.error?.message ?? 'nothing'}` }
  }
}

export const llmsTxtShape: CheckDef = {
  id: 'llm_readiness.llms_txt_shape',
  max: 3,
  label: 'llms.txt shape: H1, a markdown link, a blockquote summary',
  measure: ({ obs }) => {
    const l = obs.llms_txt
    const shape = l.fetch.status === 200 && !l.is_html ? l.shape : null
    if (shape === null) return { points: 0, detail: 'no llms.txt' }
    return {
      points: (shape.title !== null ? 1 : 0) + (shape.links > 0 ? 1 : 0) + (shape.summary !== null ? 1 : 0),
      detail: shape.problems.length === 0 ? `"${shape.title ?? ''}", ${shape.links} links` : shape.problems.join('; ')
    }
  }
}

export const llmsTxtLinksAnswer: CheckDef = {
  id: 'llm_readiness.llms_txt_links',
  max: 1,
  label: 'llms.txt links answer 2xx (80% of up to 5)',
  measure: ({ obs }) => {
    const checked = obs.llms_txt.link_checks
    if (checked.length === 0) return { points: 0, detail: 'no links checked' }
    const good = checked.filter((x) => is2xx(x.status)).length
    return { points: good / checked.length >= 0.8 ? 1 : 0, detail: `${good} of ${checked.length} links answered 2xx` }
  }
}

export const textWithoutJavascript: CheckDef = {
  id: 'llm_readiness.text_without_javascript',
  max: 4,
  label: 'main text readable without JavaScript (150+ words; 50+: 2)',
  measure: onHomepage((p) => {
    const words = p.main_text.words
    return { points: words >= 150 ? 4 : words >= 50 ? 2 : 0, detail: `${words} words of text in the raw HTML` }
  })
}

export const semanticStructure: CheckDef = {
  id: 'llm_readiness.semantic_structure',
  max: 2,
  label: '<main> or <article> with 2+ h2 or a list or table',
  measure: onHomepage((p) => {
    const t = p.main_text
    const container = t.has_main ? '<main>' : t.has_article ? '<article>' : 'no <main> or <article>'
    const structured = (t.has_main || t.has_article) && (p.headings.h2 >= 2 || t.lists + t.tables > 0)
    return { points: structured ? 2 : 0, detail: `${container}, ${p.headings.h2} h2, ${t.lists} lists, ${t.tables} tables` }
  })
}

export const markdownVersion: CheckDef = {
  id: 'llm_readiness.markdown_version',
  max: 1,
  label: 'markdown version offered',
  measure: ({ obs, pages }) => {
    const alternate = firstOn(pages, (p) => p.markdown_alternate)
    if (alternate !== null) return { points: 1, detail: `rel=alternate text/markdown: ${alternate}` }
    if (obs.markdown_negotiation.served) return { points: 1, detail: 'Accept: text/markdown is honoured' }
    const twin = obs.llms_txt.link_checks.find((x) => x.markdown)
    return twin === undefined ? { points: 0, detail: 'no markdown alternate, negotiation or twin' } : { points: 1, detail: `markdown twin ${twin.url}` }
  }
}

export const llmsFullTxt: CheckDef = {
  id: 'llm_readiness.llms_full_txt',
  max: 1,
  label: '/llms-full.txt answers 200',
  measure: ({ obs }) => {
    const full = obs.llms_full_txt
    const ok = full.fetch.status === 200
    return {
      points: ok && !full.is_html ? 1 : 0,
      detail: `${full.url} answers ${full.fetch.status ?? full.fetch.error?.message ?? 'nothing'}${ok && full.is_html ? ' (HTML)' : ''}`
    }
  }
}

export const LLM_READINESS = [llmsTxtServed, llmsTxtShape, llmsTxtLinksAnswer, textWithoutJavascript, semanticStructure, markdownVersion, llmsFullTxt]
