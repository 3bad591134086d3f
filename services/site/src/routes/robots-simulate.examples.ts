// OpenAPI request example of POST /v1/site-intel/robots/simulate.

export const robotsSimulateRequestExamples = {
  closeAdmin: {
    summary: 'What a new rule would close, for three crawlers',
    value: {
      url: 'acme.example',
      proposed_robots_txt: 'User-agent: *\nDisallow: /admin/\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /\n',
      user_agents: ['Googlebot', 'GPTBot', 'OAI-SearchBot']
    }
  }
}
