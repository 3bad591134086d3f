import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { calculateRoute } from './routes/calculate.route.js'
import { calendarsRoute } from './routes/calendars.route.js'

export type BuildAppOptions = KitOptions

export async function buildApp (options: BuildAppOptions) {
  return await buildService({
    name: 'sla',
    version: '0.1.0',
    title: 'Business-hours SLA API',
    description: 'SLA due dates in working minutes: 09:00-17:00 local, Monday to Friday, without US federal holidays ' +
      '(observed days per 5 U.S.C. 6103 and EO 11582), in any IANA time zone and across DST changes. Also business ' +
      'minutes between two times, whether a time is business time, the next business time, and the holiday calendars.',
    tags: [{ name: 'business-days', description: 'Business-hours and SLA calculations' }],
    bodyLimit: 1024 * 1024,
    routes: async (app) => {
      await app.register(calculateRoute)
      await app.register(calendarsRoute)
    }
  }, options)
}
