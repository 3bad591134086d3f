import type { PageMetadata } from '@utility-apis/html-metadata'

// An application shell: the server sends an empty root element and the scripts that fill it (React, Vue, Angular,
// Svelte, Next.js and Nuxt without server rendering). Read raw, such a page says nothing about its brand.

const ROOT_ID = '(?:root|app|__next|__nuxt|svelte|main|application|react-root|vue-app)'
const ROOT_ELEMENT = new RegExp(String.raw`<(?:div|main|section|body)\b[^>]{0,200}?\bid\s*=\s*["']?${ROOT_ID}\b|<app-root\b|\bng-app\b|\bdata-reactroot\b`, 'i')
const EXTERNAL_SCRIPT = /<script\b[^>]{0,500}?\bsrc\s*=/i
/** A shell has next to no text of its own: a "Loading…" or a "You need to enable JavaScript" notice. */
const SHELL_MAX_WORDS = 30

/**
 * Whether the raw homepage is an application shell: no title or only a generic one, no description, none of the
 * signals the brand rules read (OpenGraph, Twitter, application names, JSON-LD, logos, a copyright line), next to no
 * text, and a root element with external scripts.
 */
export function isApplicationShell (meta: PageMetadata, html: string): boolean {
  const saysSomething = meta.description !== null || Object.keys(meta.openGraph).length > 0 || Object.keys(meta.twitter).length > 0 ||
    meta.applicationName !== null || meta.appleMobileWebAppTitle !== null || meta.jsonLd.nodes.length > 0 ||
    meta.logoCandidates.length > 0 || meta.copyrightHolder !== null
  if (saysSomething || meta.mainText.words > SHELL_MAX_WORDS) return false
  const title = meta.title?.trim() ?? ''
  // the titles a framework's starter leaves in place name nothing
  if (title !== '' && !/^(?:react app|vite app|vue app|angular app|app|loading(?:\.\.\.|…)?|document|untitled)$/i.test(title)) return false
  const head = html.length > 256 * 1024 ? html.slice(0, 256 * 1024) : html
  return ROOT_ELEMENT.test(head) && EXTERNAL_SCRIPT.test(head)
}
