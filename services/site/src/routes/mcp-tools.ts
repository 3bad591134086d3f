import type { McpTool } from '@utility-apis/service-kit'

const FETCHES = { readOnlyHint: true, idempotentHint: true, openWorldHint: true }

/** The site routes as MCP tools: their schemas are the routes' own, read when the app starts. */
export const SITE_TOOLS: McpTool[] = [
  {
    name: 'analyze_site',
    title: 'Analyse a website for crawlers and AI answer engines',
    description: 'Reads a public website the way crawlers and AI answer engines do (homepage and its variants, robots.txt, ' +
      'sitemaps, llms.txt, a sample of pages) and reports a technical crawl score and an answer-engine (AEO) authority score ' +
      'out of 100, each check with its points, the top gaps with evidence and a recommendation, which AI crawlers may fetch ' +
      'it, and launch readiness. Use it when asked how visible, crawlable or AI-ready a site is, or what to fix first. Takes ' +
      'up to `time_budget_seconds`. An unreachable site is a report with `fetchability.ok: false`; a private address is ' +
      'refused. Costs one unit of quota. Reads public pages only; it never submits anything.',
    route: 'POST /v1/site-intel/analyze',
    // The tool answers the JSON report; the HTML and Markdown renderings are the HTTP route's
    omit: ['format'],
    annotations: FETCHES
  },
  {
    name: 'test_robots_txt',
    title: 'Test a URL against robots.txt',
    description: 'Whether each crawler (by default the AI and search crawlers that matter: GPTBot, ClaudeBot, ' +
      'Google-Extended, Googlebot, ...) may fetch a URL under the site\'s robots.txt, with the group and the rule (line and ' +
      'text) that decided, as Google\'s RFC 9309 parser decides, plus the file\'s lint. Pass `robots_txt` to test a draft ' +
      'without fetching anything; otherwise the URL\'s /robots.txt is fetched. Costs one unit of quota.',
    route: 'POST /v1/site-intel/robots/test',
    annotations: FETCHES
  },
  {
    name: 'simulate_robots_txt',
    title: 'Simulate a robots.txt change',
    description: 'What deploying a proposed robots.txt would change: fetches the site\'s current robots.txt and a sample of ' +
      'its URLs (homepage, sitemaps, links) and lists, per crawler, the URLs that the change opens or closes, each with the ' +
      'deciding line before and after, plus the lint of the proposed file. Use it before a robots.txt change goes live. ' +
      'Costs one unit of quota. Reads public pages only; it deploys nothing.',
    route: 'POST /v1/site-intel/robots/simulate',
    annotations: FETCHES
  },
  {
    name: 'create_site_job',
    title: 'Start a site analysis job',
    description: 'Queues a list of sites to be analysed in the background (each as analyze_site) and answers at once with ' +
      'the job\'s id; follow it with get_site_job. Use it for more sites than you can analyse one by one. Inputs are checked ' +
      'first: one invalid URL refuses the whole job. Reserves one unit of quota per site; failed items and items a cancel ' +
      'stopped are refunded (`charged` in the status). Needs the deployment\'s Redis: without it the error is `jobs_need_redis`. Each call creates ' +
      'a new job, unless it gives `idempotency_key`: a retry with the same key and sites within 24 h answers the first ' +
      'call\'s job and costs nothing (give one whenever you may retry).',
    route: 'POST /v1/site-intel/jobs',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }
  },
  {
    name: 'get_site_job',
    title: 'Get a site analysis job',
    description: 'The status of a job created with create_site_job (`job`: progress counts and times) and a page of its ' +
      'results in input order (`page`: up to `limit` from `cursor`, each the report analyze_site would answer or its error; ' +
      '`next_cursor` reads on, null at the end; while the job runs a page stops at the first unfinished item). Poll it until ' +
      '`job.status` is finished. Free. Only jobs of your own key are found.',
    route: { job: 'GET /v1/site-intel/jobs/:id', page: 'GET /v1/site-intel/jobs/:id/results' },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false }
  }
]
