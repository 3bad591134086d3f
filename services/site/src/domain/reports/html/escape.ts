// Escaping for the HTML pages: every string that came from a fetched site goes through here, so markup stays text.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml (text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c])
}
