import { describe, expect, it } from 'vitest'
import { describeResponse } from '../../src/domain/describe-response.js'
import { parseHomepage } from '@utility-apis/homepage-fetch'
import type { PageFacts } from '../../src/domain/profile.js'
import { loadRealPages, type RealPage } from '../helpers/real-pages.js'

// The brand rules on 89 saved pages of real sites (issue 15). Most are article pages: the brand is still the site,
// and the social links are still the site's own. The expectations below are judged by reading each page: the brand
// is the name the site gives itself in its masthead, og:site_name or title suffix, never the subject of the page, a
// headline or a tagline; the social profiles are those in the site's header, footer, navigation and own
// Organization, never a writer's, a guest's, a reviewer's or a link in the article. The pages are read in-process:
// their images and manifests are not part of the corpus.

const pages = loadRealPages()

async function factsOf (page: RealPage): Promise<PageFacts> {
  const { html, meta } = parseHomepage(page.body, page.contentType, page.url)
  const { facts } = await describeResponse({ status: 200, headers: {}, html, meta }, page.host,
    async () => ({ manifest: null, manifestUrl: null, faviconIco: null }))
  return facts
}

const facts = new Map<string, PageFacts>()
for (const page of pages) facts.set(page.name, await factsOf(page))
const of = (name: string): PageFacts => {
  const found = facts.get(name)
  if (found === undefined) throw new Error(`no page ${name} in the corpus`)
  return found
}

const profiles = (...paths: string[]) => paths.map((path) => `https://${path}`)

// brand name, and the exact social profiles where the page shows a writer's, a guest's or a subject's profiles
const EXPECTED: Record<string, { brand: string, social?: string[] }> = {
  acast: { brand: 'acast', social: profiles('facebook.com/acaststories', 'instagram.com/acastforthestories', 'linkedin.com/company/acast-ab', 'x.com/acast') },
  anandtech: { brand: 'AnandTech', social: profiles('x.com/AnandTech', 'facebook.com/AnandTech') },
  arstechnica: { brand: 'Ars Technica', social: profiles('x.com/arstechnica', 'facebook.com/arstechnica', 'youtube.com/@arstechnica', 'instagram.com/arstechnica') },
  astier: { brand: 'Astier', social: profiles('github.com/anisse') },
  atlasobscura: { brand: 'Atlas Obscura' },
  audiense: { brand: 'audiense', social: profiles('x.com/AudienseCo', 'instagram.com/audiense', 'facebook.com/audienseco') },
  bbc: { brand: 'BBC News', social: profiles('x.com/BBCWorld') },
  bfi: { brand: 'BFI' },
  blogger: { brand: 'Bits or pieces?', social: [] },
  bloomberg: { brand: 'Bloomberg' },
  bukvy: { brand: 'Букви' },
  'business-today': { brand: 'Business Today', social: profiles('x.com/BT_India') },
  cio: { brand: 'CIO' },
  cnet: { brand: 'CNET', social: profiles('facebook.com/cnet', 'x.com/CNET', 'youtube.com/user/CNETTV', 'instagram.com/cnet') },
  computerworld: {
    brand: 'Computerworld',
    social: profiles('facebook.com/Computerworld', 'x.com/computerworld', 'youtube.com/idgtechtalk', 'linkedin.com/company/computerworld')
  },
  'economic-times': { brand: 'The Economic Times' },
  engadget: {
    brand: 'Engadget',
    social: profiles('youtube.com/channel/UC-6OW5aJYBFM33zXQlBKPNA', 'facebook.com/engadget', 'x.com/engadget', 'youtube.com/user/engadget',
      'instagram.com/engadget', 'linkedin.com/company/101421')
  },
  'fast-company': { brand: 'Fast Company', social: profiles('facebook.com/fastcompany', 'x.com/fastcompany', 'linkedin.com/company/fast-company') },
  'financial-times': { brand: 'Financial Times' },
  forbes: { brand: 'Forbes' },
  fortune: { brand: 'Fortune' },
  github: { brand: 'GitHub', social: profiles('x.com/github') },
  indiehackers: { brand: 'Indie Hackers', social: profiles('facebook.com/IndieHackers', 'x.com/IndieHackers', 'instagram.com/indie_hackers') },
  'information-week': { brand: 'InformationWeek', social: profiles('facebook.com/informationweek', 'x.com/InformationWeek', 'linkedin.com/company/informationweek') },
  itpro: { brand: 'ITPro' },
  'linkedin-company': { brand: 'LinkedIn', social: profiles('x.com/linkedin') },
  'mac-rumors': {
    brand: 'MacRumors',
    social: profiles('facebook.com/macrumors', 'x.com/macrumors', 'youtube.com/macrumors', 'instagram.com/macrumors', 'tiktok.com/@macrumors', 'mastodon.social/@macrumors')
  },
  mashable: {
    brand: 'Mashable',
    social: profiles('facebook.com/mashable', 'x.com/mashable', 'pinterest.com/mashable', 'youtube.com/user/mashable', 'instagram.com/Mashable',
      'tiktok.com/@mashable', 'linkedin.com/company/mashable')
  },
  milanocittastato: { brand: 'Milano Città Stato' },
  nbcnews: {
    brand: 'NBC News',
    social: profiles('facebook.com/nbcnews', 'instagram.com/nbcnews', 'x.com/nbcnews', 'youtube.com/nbcnews', 'snapchat.com/add/Stay-Tuned', 'youtube.com/c/Nbclearn')
  },
  npr: { brand: 'NPR', social: profiles('facebook.com/NPR', 'x.com/NPR', 'instagram.com/npr') },
  postplanner: {
    brand: 'Post Planner',
    social: profiles('facebook.com/postplanner', 'x.com/postplanner', 'linkedin.com/company/post-planner', 'youtube.com/user/PostPlanner',
      'pinterest.com/postplanner', 'instagram.com/postplanner')
  },
  'pr-newswire': { brand: 'PR Newswire', social: profiles('x.com/PRNewswire', 'facebook.com/PR-Newswire-26247320522', 'linkedin.com/company/pr-newswire') },
  reactpodcast: { brand: 'React Podcast', social: profiles('x.com/reactpodcast', 'instagram.com/reactpodcast') },
  recode: { brand: 'Recode', social: profiles('x.com/Recode', 'facebook.com/RecodeDotNet', 'linkedin.com/company/re-code-news') },
  reuters: { brand: 'Reuters' },
  'san-francisco-chronicle': {
    brand: 'San Francisco Chronicle',
    social: profiles('facebook.com/SFChronicle', 'x.com/sfchronicle', 'instagram.com/sfchronicle', 'linkedin.com/company/sfchronicle')
  },
  segment: { brand: 'Segment Blog', social: profiles('github.com/segmentio', 'x.com/segment') },
  softwarefordays: { brand: 'Software for Days' },
  substack: { brand: 'The Map is Mostly Water' },
  techcrunch: {
    brand: 'TechCrunch',
    social: profiles('facebook.com/techcrunch', 'x.com/TechCrunch', 'mstdn.social/@TechCrunch', 'bsky.app/profile/techcrunch.com', 'threads.net/@techcrunch',
      'linkedin.com/company/techcrunch', 'instagram.com/techcrunch', 'youtube.com/user/techcrunch')
  },
  'the-boston-globe': { brand: 'The Boston Globe' },
  'the-guardian': { brand: 'The Guardian', social: profiles('facebook.com/theguardian', 'x.com/guardian', 'youtube.com/user/TheGuardian') },
  'the-register': { brand: 'The Register' },
  'the-verge': { brand: 'The Verge' },
  therams: { brand: 'Los Angeles Rams', social: [] },
  'venture-beat': { brand: 'VentureBeat', social: profiles('facebook.com/venturebeat', 'x.com/venturebeat', 'linkedin.com/company/venturebeat') },
  vice: { brand: 'VICE' },
  wikipedia: { brand: 'Wikipedia', social: [] },
  wired: { brand: 'WIRED' },
  wnycstudios: { brand: 'WNYC Studios' },
  wsj: { brand: 'WSJ' },
  yandex: { brand: 'Яндекс' }
}

describe('the real-page corpus', () => {
  it('has its 89 pages, and expectations for more than 40 of them', () => {
    expect(pages).toHaveLength(89)
    expect(Object.keys(EXPECTED).length).toBeGreaterThanOrEqual(40)
  })

  it.each(Object.entries(EXPECTED))('%s: the brand is the site, not its subject, a headline or a tagline', (name, expected) => {
    expect(of(name).brand_name).toBe(expected.brand)
  })

  it.each(Object.entries(EXPECTED).filter(([, expected]) => expected.social !== undefined))(
    '%s: social links are the site\'s own profiles, once each', (name, expected) => {
      expect([...of(name).social_links].sort()).toEqual([...(expected.social ?? [])].sort())
    })

  it('never lists a person\'s LinkedIn profile or one profile twice on any page', () => {
    for (const [name, page] of facts) {
      expect(page.social_links.filter((url) => url.startsWith('https://linkedin.com/in/')), name).toEqual([])
      expect(new Set(page.social_links.map((url) => url.toLowerCase())).size, name).toBe(page.social_links.length)
    }
  })

  it('takes neither a 16:9 poster nor a share image for the logo (class 5)', () => {
    expect(of('bbc').logo_hint).not.toMatch(/poster-1024x576/)
    expect(of('bbc').field_sources.logo_hint).toBe('apple-touch-icon')
    expect(of('vice').logo_hint).not.toMatch(/vice-og\.png/)
  })

  it('keeps a short meta description over a paywall notice (class 7)', () => {
    expect(of('wsj').brand_summary).toBe('Funding Snapshot')
    expect(of('wsj').field_sources.brand_summary).toBe('meta:description')
  })
})
