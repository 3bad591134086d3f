// OpenAPI request examples of POST /v1/site-intel/analyze.

export const analyzeRequestExamples = {
  domain: { summary: 'A bare domain: https first, then http', value: { url: 'acme.example' } },
  bounded: {
    summary: 'A URL, with a smaller time budget and fewer sampled pages',
    value: { url: 'https://www.acme.example/', time_budget_seconds: 10, max_pages: 3 }
  }
}
