import Fastify from 'fastify'
import { renderLogo } from '../src/logo/logo-render.js'
import { variantOf } from '../src/logo/logo-variant.js'
import { TOUCH_ICON } from './logo-fixture.js'

/**
 * Bare Fastify answering a fixed image at the logo route's path: the same bytes the service answers for the bench
 * site's 128 px PNG (rendered once, here, before listening), with no auth, quota, cache or headers of its own.
 */
export async function start () {
  const image = await renderLogo(TOUCH_ICON, 'png', variantOf({}))
  if (image === null) throw new Error('the bench logo did not render')
  const app = Fastify({ logger: false })
  app.get('/v1/domain/logo/:domain', async (_request, reply) => await reply.type('image/png').send(image))
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `${url}/v1/domain/logo/bench-logo.test`, bytes: image.length, close: () => app.close() }
}
