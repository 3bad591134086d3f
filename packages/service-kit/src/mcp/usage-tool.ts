import type { McpTool } from './mcp-tools.js'

/** Every service's `get_usage`: GET /v1/usage, the kit's own route. */
export const USAGE_TOOL: McpTool = {
  name: 'get_usage',
  title: 'Get quota usage',
  description: "The calling API key's quota this month: its limit, the units used and left, and when it resets (the first of next " +
    'month, UTC). Use it before a large batch or job to see whether it fits. Free: never charged. Calls through an API marketplace ' +
    'are metered by the marketplace: there it answers a `usage_metered_elsewhere` error.',
  route: 'GET /v1/usage',
  annotations: { readOnlyHint: true, openWorldHint: false }
}
