import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { batchRoute } from './routes/batch.route.js'
import { calculateRoute } from './routes/calculate.route.js'
import { calendarsRoute, holidaysRoute } from './routes/calendars.route.js'

export type BuildAppOptions = KitOptions

export async function buildApp (options: BuildAppOptions) {
  return await buildService({
    name: 'sla',
    version: '0.1.0',
    title: 'Business-hours SLA API',
    description: 'SLA due dates in working minutes on the customer\'s own weekly hours (split and night shifts), any ' +
      'country\'s or region\'s holidays (US federal law, or the date-holidays data for 200+ countries), extra closed ' +
      'dates and per-date overrides, in any IANA time zone and exact across DST changes. Also working time between two ' +
      'times, whether a time is working time, the next working time, working days, SLA status with pauses, batches ' +
      'of up to 1,000 calculations, and the holiday calendars.',
    tags: [{ name: 'business-days', description: 'Business-hours and SLA calculations' }],
    bodyLimit: 1024 * 1024,
    routes: async (app) => {
      await app.register(calculateRoute)
      await app.register(batchRoute)
      await app.register(calendarsRoute)
      await app.register(holidaysRoute)
    }
  }, options)
}
