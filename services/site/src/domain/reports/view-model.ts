// The shapes of the report as a person reads it: score cards, then sections of items or a table, all plain text.
// The HTML and Markdown renderers draw these, and every section builder answers one.
interface ScoreView { label: string, value: string, note: string }
export interface TableView {
  head: string[]
  rows: string[][]
  /** the columns that hold URLs: Markdown shows them as code spans, byte-exact and never linked */
  code?: number[]
}
export interface ItemView { title: string, badge: string, lines: string[] }

export interface SectionView {
  id: string
  title: string
  intro?: string
  items?: ItemView[]
  table?: TableView
}

export interface ReportView {
  title: string
  subtitle: string
  /** drawn first, before the scores: the analysis is incomplete (the time budget was spent), or null */
  notice: string | null
  scores: ScoreView[]
  sections: SectionView[]
}
