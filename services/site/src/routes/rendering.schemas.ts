import { Type } from '@sinclair/typebox'
import { STOP_REASONS } from '@utility-apis/renderer'
import { Nullable, StringEnum } from '@utility-apis/service-kit'

const Str = Type.String()
const Int = Type.Integer()
const Rating = Nullable(StringEnum(['good', 'needs_improvement', 'poor']))

const HeadChangeSchema = Type.Object({
  field: StringEnum(['title', 'description', 'canonical', 'robots', 'json_ld']),
  raw: Nullable(Str),
  rendered: Nullable(Str)
}, { title: 'RenderHeadChange' })

const RenderedPageSchema = Type.Object({
  url: Str,
  final_url: Str,
  status: Nullable(Int),
  stopped: Nullable(Str, {
    description: 'null when the render completed (the page loaded and its network went quiet); else what cut it short, one of ' +
      `${STOP_REASONS.join(', ')} (timeout: its time ran out before it settled; crashed: its renderer process died)`
  }),
  error: Nullable(Str),
  requests: Int,
  refused: Type.Integer({ description: 'requests the page made that were refused (non-public addresses, budgets, WebSockets, new windows)' }),
  comparison: Nullable(Type.Object({
    words: Type.Object({
      raw: Int,
      rendered: Int,
      only_rendered: Int,
      only_rendered_share: Type.Number({ description: 'share of the rendered main text absent from the raw HTML, 0 to 1' })
    }),
    links: Type.Object({
      raw: Int, rendered: Int, only_rendered: Int, navigation_rendered: Int, navigation_only_rendered: Int, examples: Type.Array(Str)
    }),
    headings: Type.Object({ raw: Int, rendered: Int, only_rendered: Type.Array(Str) }),
    head_changes: Type.Array(HeadChangeSchema),
    requires_javascript: Nullable(Type.Boolean(), {
      description: 'whether a crawler without scripts misses the main text or navigation; null (undetermined) when the render was cut short'
    })
  }))
}, { title: 'RenderedPage' })

const SourceSchema = Type.Object({ title: Str, url: Str }, { title: 'CrawlerSource' })

export const RenderingSchema = Type.Union([
  Type.Object({ status: Type.Literal('disabled') }, { title: 'RenderingDisabled' }),
  Type.Object({ status: Type.Literal('failed'), reason: Str }, { title: 'RenderingFailed' }),
  Type.Object({
    status: Type.Literal('measured'),
    device: Str,
    pages: Type.Array(RenderedPageSchema),
    budget: Type.Object({ requests: Int, bytes: Int, exhausted: Type.Boolean() }),
    requires_javascript: Nullable(Type.Boolean(), {
      description: 'true when a complete render found a page whose main text or navigation exists only after scripts run, false when ' +
        'complete renders found none, null when no page\'s render completed'
    }),
    crawlers: Type.Object({ without_javascript: Type.Array(Str), with_javascript: Type.Array(Str), sources: Type.Array(SourceSchema) })
  }, { title: 'RenderingMeasured' })
], { description: 'the homepage and up to 3 sampled pages rendered with JavaScript (RENDERER=chromium) against their raw HTML' })

const MetricSchema = Type.Object({ value: Nullable(Type.Number()), rating: Rating, good: Type.Number(), poor: Type.Number() }, { title: 'LabMetric' })

export const PerformanceSchema = Type.Union([
  Type.Object({ status: Type.Literal('not_measured'), reason: Str }, { title: 'PerformanceNotMeasured' }),
  Type.Object({
    status: Type.Literal('measured'),
    url: Str,
    device: Str,
    viewport: Str,
    cpu_slowdown: Int,
    network: Str,
    lcp_ms: MetricSchema,
    cls: MetricSchema,
    tbt_ms: MetricSchema
  }, { title: 'PerformanceMeasured' })
], { description: 'lab Core Web Vitals of the homepage with Lighthouse thresholds; not part of the score' })
