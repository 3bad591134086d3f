// A check is one line of the scoring model: the points it earned out of its maximum and why.

export type CategoryId = 'fetchability' | 'metadata' | 'crawl_policy' | 'structured_data' | 'llm_readiness' | 'freshness'

export const CATEGORY_MAX: Record<CategoryId, number> = {
  fetchability: 20,
  metadata: 25,
  crawl_policy: 20,
  structured_data: 10,
  llm_readiness: 15,
  freshness: 10
}

export const CATEGORIES = Object.keys(CATEGORY_MAX) as CategoryId[]

export interface Check {
  /** F1..F6, M1..M11, C1..C5, S1..S6, L1..L7, R1..R6 */
  id: string
  category: CategoryId
  label: string
  points: number
  max: number
  detail: string
}

/** Points are kept to halves. */
export function half (points: number): number {
  return Math.round(points * 2) / 2
}

export function check (category: CategoryId, id: string, label: string, max: number, points: number, detail: string): Check {
  return { id, category, label, max, points: half(Math.min(Math.max(points, 0), max)), detail }
}

export function percent (share: number): string {
  return `${Math.round(share * 100)}%`
}

export function quote (text: string, limit = 80): string {
  const cut = text.length > limit ? text.slice(0, limit - 1) + '…' : text
  return `"${cut}"`
}
