// Answers the brand card: its logos fetched for inlining, the page served under the HTML policy.
import type { Fetcher } from '@utility-apis/homepage-fetch'
import { HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { FastifyReply } from 'fastify'
import type { BrandProfile } from '../domain/brand-profile.js'
import { logoImages } from './logo-images.js'
import { renderProfileCard } from './profile-card.js'

export async function profileCardAnswer (reply: FastifyReply, profile: BrandProfile, fetcher: Fetcher): Promise<string> {
  const images = await logoImages(fetcher, profile)
  reply.type('text/html; charset=utf-8').header('content-security-policy', HTML_PAGE_CSP).header('vary', 'Accept')
  return renderProfileCard(profile, images)
}
