// Every check of the technical crawl score, category by category, in the order score_breakdown reports them (the
// README's table follows it). A new check is its module under checks/<category>/ and a line here.
import { homepageServesHtml } from './checks/fetchability/homepage-html.js'
import { httpsEnforced } from './checks/fetchability/https.js'
import { oneHost } from './checks/fetchability/one-host.js'
import { fewRedirects } from './checks/fetchability/redirect-hops.js'
import { fastFirstByte } from './checks/fetchability/time-to-first-byte.js'
import { noBotChallenge } from './checks/fetchability/no-bot-challenge.js'
import { sampledPagesAnswer } from './checks/fetchability/sampled-pages.js'
import { titleLength } from './checks/metadata/title-length.js'
import { metaDescription } from './checks/metadata/description-length.js'
import { selfCanonical } from './checks/metadata/canonical.js'
import { htmlLang } from './checks/metadata/html-lang.js'
import { mobileViewport } from './checks/metadata/viewport.js'
import { headingOutline } from './checks/metadata/heading-outline.js'
import { openGraph } from './checks/metadata/open-graph.js'
import { twitterCard } from './checks/metadata/twitter-card.js'
import { favicon } from './checks/metadata/favicon.js'
import { imageAltText } from './checks/metadata/image-alt.js'
import { utf8Charset } from './checks/metadata/charset.js'
import { validHreflang } from './checks/metadata/hreflang.js'
import { crawlableLinks } from './checks/metadata/crawlable-links.js'
import { descriptiveLinkText } from './checks/metadata/link-text.js'
import { robotsTxtValid } from './checks/crawl-policy/robots-txt.js'
import { searchEnginesAllowed } from './checks/crawl-policy/search-engines-allowed.js'
import { aiSearchBotsAllowed } from './checks/crawl-policy/ai-search-bots-allowed.js'
import { homepageIndexable } from './checks/crawl-policy/homepage-indexable.js'
import { sitemapDiscoverable } from './checks/crawl-policy/sitemap.js'
import { jsonLdParses } from './checks/structured-data/json-ld.js'
import { organizationSchema } from './checks/structured-data/organization.js'
import { websiteSchema } from './checks/structured-data/website.js'
import { contentItemSchema } from './checks/structured-data/content-item.js'
import { breadcrumbSchema } from './checks/structured-data/breadcrumb.js'
import { identifiersOnHost } from './checks/structured-data/identifiers.js'
import { llmsTxtServed } from './checks/llm-readiness/llms-txt.js'
import { llmsTxtShape } from './checks/llm-readiness/llms-txt-shape.js'
import { llmsTxtLinksAnswer } from './checks/llm-readiness/llms-txt-links.js'
import { textWithoutJavascript } from './checks/llm-readiness/text-without-javascript.js'
import { semanticStructure } from './checks/llm-readiness/semantic-structure.js'
import { markdownVersion } from './checks/llm-readiness/markdown-version.js'
import { llmsFullTxt } from './checks/llm-readiness/llms-full-txt.js'
import { sitemapLastmodCoverage } from './checks/freshness/lastmod-coverage.js'
import { recentLastmod } from './checks/freshness/recent-lastmod.js'
import { variedLastmods } from './checks/freshness/varied-lastmods.js'
import { statedDates } from './checks/freshness/stated-dates.js'
import { cacheValidators } from './checks/freshness/cache-validators.js'
import { feedAdvertised } from './checks/freshness/feed.js'
import type { CheckDef } from './check.js'

export const CHECKS: CheckDef[] = [
  // fetchability: can a crawler get the homepage, over https, from one host, quickly, without a challenge, and the sampled pages too
  homepageServesHtml,
  httpsEnforced,
  oneHost,
  fewRedirects,
  fastFirstByte,
  noBotChallenge,
  sampledPagesAnswer,
  // metadata: what the homepage's head tells crawlers and link previews
  titleLength,
  metaDescription,
  selfCanonical,
  htmlLang,
  mobileViewport,
  headingOutline,
  openGraph,
  twitterCard,
  favicon,
  imageAltText,
  utf8Charset,
  validHreflang,
  crawlableLinks,
  descriptiveLinkText,
  // crawl_policy: what robots.txt, noindex and the sitemap let search engines and AI search bots do with the homepage
  robotsTxtValid,
  searchEnginesAllowed,
  aiSearchBotsAllowed,
  homepageIndexable,
  sitemapDiscoverable,
  // structured_data: JSON-LD that parses and names the entity, the site, the content and the page's place in the site
  jsonLdParses,
  organizationSchema,
  websiteSchema,
  contentItemSchema,
  breadcrumbSchema,
  identifiersOnHost,
  // llm_readiness: llms.txt, text that needs no JavaScript, a readable structure and a markdown version
  llmsTxtServed,
  llmsTxtShape,
  llmsTxtLinksAnswer,
  textWithoutJavascript,
  semanticStructure,
  markdownVersion,
  llmsFullTxt,
  // freshness: sitemap lastmods that are present, recent and honest, dates on the pages, cache validators and a feed
  sitemapLastmodCoverage,
  recentLastmod,
  variedLastmods,
  statedDates,
  cacheValidators,
  feedAdvertised
]
