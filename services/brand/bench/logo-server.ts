import { builtApp, listenForBench } from '../../../bench/service-server.js'
import { LOGO_HOST, logoPath, startLogoSite } from './logo-fixture.js'

/** The brand service as deployed, its logo cache warmed with the bench site's 128 px PNG; its URL is the logo's. */
export async function start () {
  const site = await startLogoSite()
  const server = await listenForBench(await builtApp('brand'), {
    fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: { [LOGO_HOST]: '127.0.0.1' } }
  })
  const path = logoPath(site.origin(LOGO_HOST))
  const warm = await fetch(server.url + path, { headers: { 'x-api-key': 'bench-key' } })
  if (warm.status !== 200 || warm.headers.get('x-logo-source') !== 'logo') throw new Error(`the logo did not render: ${warm.status}`)
  // the fixture site's port is in the path: the harness loads this URL as it is (its path is empty)
  return { url: server.url + path, close: async () => { await server.close(); await site.close() } }
}
