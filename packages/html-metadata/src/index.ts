export { decodeHtml, charsetParameter } from './decode-html.js'
export { encodingForLabel } from './encoding-labels.js'
export { prescanMetaCharset } from './meta-prescan.js'
export { extractMetadata, extractMetadataFromDocument } from './extract-metadata.js'
export { boundedText, parseDocument, type ParsedDocument } from './dom.js'
export { cutText } from './cut-text.js'
export { parseRobotsDirectives } from './head-meta.js'
export { normalizeSocialUrl, classifySocialUrl, type SocialMatch } from './social-links.js'
export { parseManifest } from './parse-manifest.js'
export { readCssFonts, familiesOf, fontFamilies, type CssFonts, type CssFontFace, type CssFontUse } from './css-fonts.js'
export { resolveUrl } from './resolve-url.js'
export { decodeEntities } from './json-ld.js'
export type {
  AnchorPlace,
  CharsetSource,
  DecodedHtml,
  IconLink,
  JsonLdResult,
  LogoCandidate,
  MainText,
  ManifestIcon,
  ManifestInfo,
  PageLink,
  PageMetadata,
  RobotsAgentDirectives,
  SocialProfile,
  SocialSource
} from './types.js'
