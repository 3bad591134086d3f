import type { McpTool } from '@utility-apis/service-kit'

const CALCULATION = { readOnlyHint: true, idempotentHint: true, openWorldHint: false }

/** The SLA routes as MCP tools: their schemas are the routes' own, read when the app starts. */
export const SLA_TOOLS: McpTool[] = [
  {
    name: 'calculate_business_time',
    title: 'Calculate business time',
    description: 'Business-hours arithmetic in any IANA time zone, exact across DST changes. `operation` picks one of: ' +
      '`sla_due_at` (when `minutes` of working time after `start_at` are done; negative minutes count back), ' +
      '`business_minutes_between` (working minutes from `start_at` to `end_at`), `is_business_time` (whether `at` is ' +
      'working time, and why not), `next_business_time` (the next working instant at or after `at`), `add_business_days` ' +
      '(the n-th working day after `date`), `business_days_between`, and `sla_status` (an SLA clock with `pauses`, read at ' +
      '`at`: elapsed, remaining, due, breached). Working hours are the `schedule` (default Monday-Friday 09:00-17:00) less ' +
      'the holidays of `calendar` (`us-federal`, or a country or region such as `GB-ENG`, `DE-BY`; list_calendars lists them) ' +
      'and your own `holidays` and `overrides`. Local times carry no offset; answers carry the zone\'s offset. Use it ' +
      'instead of computing deadlines yourself. Costs one unit of quota when it succeeds; an invalid body costs nothing and ' +
      'its error says which field to fix. Pure calculation: it reaches nothing outside.',
    route: 'POST /v1/business-days/calculate',
    annotations: CALCULATION
  },
  {
    name: 'calculate_business_time_batch',
    title: 'Calculate business time in a batch',
    description: 'Up to 1,000 calculations as for calculate_business_time in one call, any operations mixed, answered in ' +
      'input order; an invalid calculation fails alone (`ok: false` with its validation errors). Use it for many tickets ' +
      'or dates at once. Costs one unit per calculation that succeeds; a batch that needs more units than remain is refused ' +
      'whole. Pure calculation: it reaches nothing outside.',
    route: 'POST /v1/business-days/calculate/batch',
    annotations: CALCULATION
  },
  {
    name: 'list_calendars',
    title: 'List holiday calendars',
    description: 'Every holiday calendar `calendar` accepts (about 600: `us-federal`, `weekdays`, every country, subdivision ' +
      'and region by id such as `GB-ENG`, and `CA-FED`), with what each covers and where its rules come from. Pass ' +
      '`country` (e.g. `CA`) to keep one country\'s. Use it to find the calendar id of a place. Costs one unit of quota.',
    route: 'GET /v1/business-days/calendars',
    annotations: CALCULATION
  },
  {
    name: 'list_holidays',
    title: 'List holidays',
    description: "A calendar's holidays in one year (1971-2100), in date order, with the observed date and local name; " +
      '`types` (default `public`) adds bank, optional, school or observance days where the data has them. Use it to show ' +
      'or check the days off a calculation skips. Costs one unit of quota.',
    route: 'GET /v1/business-days/holidays',
    annotations: CALCULATION
  }
]
