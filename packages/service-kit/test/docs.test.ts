import { describe, expect, test } from 'vitest'
import { derivedOperationId } from '../src/docs.js'

describe('derivedOperationId', () => {
  test.each([
    ['GET', '/health', 'getHealth'],
    ['GET', '/admin/metrics', 'getAdminMetrics'],
    ['POST', '/v1/site-intel/robots/test', 'postV1SiteIntelRobotsTest'],
    ['GET', '/v1/items/:id', 'getV1ItemsId']
  ])('%s %s is %s', (method, url, expected) => {
    expect(derivedOperationId(method, url)).toBe(expected)
  })
})
