import type { Cause } from './body-variants.js'
import type { Provider } from './provider.js'
import type { RawBodyHint } from './types.js'

export interface FrameworkHint extends RawBodyHint {
  /** The kinds of body change this framework typically causes. */
  causes: Cause[]
  /** Only relevant to the providers that post form bodies, or that sign the URL. */
  only?: 'form-bodies' | 'signed-url'
}

/** Whether a framework hint concerns the provider: form parsers only those that post forms, URL rebuilding only URL signers. */
export function hintApplies (hint: FrameworkHint, provider: Provider): boolean {
  if (hint.only === 'form-bodies') return provider.formBodies
  if (hint.only === 'signed-url') return provider.info.requires_url
  return true
}

// The typical break and the standard fix per framework (services/webhook/README.md names the frameworks).

export const FRAMEWORK_HINTS: FrameworkHint[] = [
  {
    framework: 'Express',
    summary: 'A global express.json() (body-parser) replaces the body with a parsed object, so the code hashes JSON.stringify(req.body)',
    detail: "Mount express.raw({ type: 'application/json' }) on the webhook route before express.json() and verify " +
      'req.body (a Buffer), or keep the bytes with express.json({ verify: (req, res, buf) => { req.rawBody = buf } ' +
      '}).',
    causes: ['reserialized', 'consumed', 'charset']
  },
  {
    framework: 'Express (form bodies)',
    summary: 'Slack slash commands and interactivity, and Twilio, post application/x-www-form-urlencoded, and only ' +
      'the parser given a verify hook keeps rawBody, so it is undefined for forms',
    detail: 'Give express.urlencoded the same hook: express.urlencoded({ extended: true, verify: (req, res, buf) ' +
      "=> { req.rawBody = buf } }), or use express.raw({ type: 'application/x-www-form-urlencoded' }) on the " +
      'route.',
    causes: ['form', 'reserialized', 'consumed'],
    only: 'form-bodies'
  },
  {
    framework: 'Next.js (pages router)',
    summary: 'API routes parse the body by default, so req.body is already an object',
    detail: 'Add export const config = { api: { bodyParser: false } } to the route file, read the request stream ' +
      'into a Buffer (the raw-body package, or for await over req), and verify those bytes.',
    causes: ['reserialized', 'consumed', 'form']
  },
  {
    framework: 'Next.js (app router)',
    summary: 'await request.json() consumes the body: a later request.text() fails with "Body is unusable", and re-stringifying the object changes the bytes',
    detail: 'Read const raw = await request.text() (or request.arrayBuffer()) once, verify raw, then JSON.parse(raw).',
    causes: ['reserialized', 'consumed']
  },
  {
    framework: 'Fastify',
    summary: 'The default JSON content-type parser keeps only the parsed object',
    detail: "In an encapsulated plugin holding the webhook route: fastify.addContentTypeParser('application/json', " +
      "{ parseAs: 'buffer' }, (request, body, done) => done(null, body)) and verify request.body; or use " +
      'fastify-raw-body with config: { rawBody: true } and verify request.rawBody.',
    causes: ['reserialized', 'form']
  },
  {
    framework: 'NestJS',
    summary: 'The body parser runs before the controller, so @Body() is a parsed copy',
    detail: 'Create the app with NestFactory.create(AppModule, { rawBody: true }) and verify req.rawBody from ' +
      '@Req() req: RawBodyRequest<Request>; with the Fastify adapter, register a buffer content-type parser as for ' +
      'Fastify.',
    causes: ['reserialized', 'form']
  },
  {
    framework: 'Koa',
    summary: 'koa-body and @koa/bodyparser expose the parsed body',
    detail: "Use koaBody({ includeUnparsed: true }) and verify ctx.request.body[Symbol.for('unparsedBody')], or " +
      'with @koa/bodyparser verify ctx.request.rawBody.',
    causes: ['reserialized', 'form']
  },
  {
    framework: 'AWS Lambda / API Gateway',
    summary: 'event.body is base64-encoded when event.isBase64Encoded is true, and a mapping template or JSON.parse(event.body) round trip changes it',
    detail: "Verify Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8'); use a proxy integration " +
      '(no mapping template) so the body passes through unmodified.',
    causes: ['base64', 'reserialized']
  },
  {
    framework: 'Google Cloud Functions / Firebase',
    summary: 'req.body is already parsed when your function runs',
    detail: 'Verify req.rawBody (a Buffer), which the runtime keeps for this purpose.',
    causes: ['reserialized', 'form']
  },
  {
    framework: 'Flask',
    summary: 'request.json and request.form are parsed copies, and request.data is empty for form posts',
    detail: 'Verify request.get_data() (bytes) before touching request.json or request.form; never decode it with a guessed charset.',
    causes: ['reserialized', 'form', 'consumed', 'charset']
  },
  {
    framework: 'Django',
    summary: 'json.dumps(request.data) (Django REST framework) or request.POST re-encodes the body',
    detail: 'Verify request.body (bytes), read before request.POST or request.data.',
    causes: ['reserialized', 'form', 'consumed', 'charset']
  },
  {
    framework: 'FastAPI / Starlette',
    summary: 'A Pydantic model or dict body parameter gives a parsed copy',
    detail: 'Take request: Request and verify await request.body() (bytes); parse it afterwards.',
    causes: ['reserialized', 'form']
  },
  {
    framework: 'Ruby on Rails / Rack',
    summary: 'params.to_json re-encodes the body, and request.body.read after another middleware read it returns an empty string',
    detail: 'Verify request.raw_post (it rewinds), or call request.body.rewind before request.body.read.',
    causes: ['reserialized', 'form', 'consumed']
  },
  {
    framework: 'Laravel / PHP',
    summary: 'json_encode($request->all()) escapes "/" and non-ASCII and changes numbers; TrimStrings and ConvertEmptyStringsToNull alter fields',
    detail: "Verify $request->getContent() (or file_get_contents('php://input')) before using the parsed input.",
    causes: ['reserialized', 'form', 'charset']
  },
  {
    framework: 'Hono / Cloudflare Workers / Deno / Bun',
    summary: 'await c.req.json() or request.json() hands over a parsed object; re-stringifying it changes the ' +
      'bytes, and a fetch Request body can be read only once',
    detail: 'Read const raw = await c.req.text() (request.text() in Workers, Deno or Bun) once, verify raw, then ' +
      'JSON.parse(raw); for HMAC over bytes use c.req.arrayBuffer().',
    causes: ['reserialized', 'consumed']
  },
  {
    framework: 'Spring Boot',
    summary: 'A @RequestBody object or Map is a Jackson copy; writing it back with the ObjectMapper changes order, spacing and escapes',
    detail: 'Declare the parameter as @RequestBody byte[] body, verify those bytes, then ' +
      'objectMapper.readValue(body, Event.class); a Filter that reads request.getInputStream() first must wrap the ' +
      'request (ContentCachingRequestWrapper) and verify the cached bytes.',
    causes: ['reserialized', 'consumed', 'charset']
  },
  {
    framework: 'ASP.NET Core',
    summary: '[FromBody] model binding reads and deserializes Request.Body, which is then at its end: reading it again gives an empty string',
    detail: 'Read the raw body yourself in an action without [FromBody] (using var reader = new ' +
      'StreamReader(Request.Body, Encoding.UTF8); var raw = await reader.ReadToEndAsync();), verify raw, then ' +
      'JsonSerializer.Deserialize; in middleware call Request.EnableBuffering() and reset Request.Body.Position = ' +
      '0.',
    causes: ['reserialized', 'consumed']
  },
  {
    framework: 'Phoenix (Elixir)',
    summary: 'Plug.Parsers in the endpoint reads and parses the body before the controller, so conn.body_params is ' +
      'a copy and Plug.Conn.read_body returns nothing',
    detail: 'Give Plug.Parsers a body_reader: {MyAppWeb.CacheBodyReader, :read_body, []} that keeps the raw bytes ' +
      'in conn.assigns, and verify those bytes in the webhook controller.',
    causes: ['reserialized', 'consumed', 'form']
  },
  {
    framework: 'Go net/http',
    summary: 'json.NewDecoder(r.Body).Decode followed by json.Marshal re-encodes the body, and r.Body can be read only once',
    detail: 'Read body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit)) first, verify body, then json.Unmarshal(body, &event).',
    causes: ['reserialized', 'consumed']
  },
  {
    framework: 'Express (behind a proxy)',
    summary: 'Behind a proxy req.protocol is http and req.hostname the internal host, so a URL rebuilt from them is not the one the sender called',
    detail: "app.set('trust proxy', 1) (or the proxy's address) makes req.protocol and req.hostname follow X-Forwarded-Proto and X-Forwarded-Host; " +
      'build the URL from them and req.originalUrl (query included), or use the URL configured at the sender.',
    causes: ['url'],
    only: 'signed-url'
  },
  {
    framework: 'Django (behind a proxy)',
    summary: 'request.build_absolute_uri() says http behind a TLS-terminating proxy',
    detail: "Set SECURE_PROXY_SSL_HEADER = ('HTTP_X_FORWARDED_PROTO', 'https') (and USE_X_FORWARDED_HOST if the " +
      'host differs) so the rebuilt URL is the one called.',
    causes: ['url'],
    only: 'signed-url'
  },
  {
    framework: 'Flask (behind a proxy)',
    summary: 'request.url says http and the internal host behind a proxy',
    detail: 'Wrap the app in werkzeug.middleware.proxy_fix.ProxyFix(app.wsgi_app, x_proto=1, x_host=1) so request.url is the URL the sender called.',
    causes: ['url'],
    only: 'signed-url'
  },
  {
    framework: 'Ruby on Rails (behind a proxy)',
    summary: 'request.original_url follows X-Forwarded-Proto only from trusted proxies',
    detail: 'Configure the proxies as trusted (config.action_dispatch.trusted_proxies) so request.original_url has https and the public host.',
    causes: ['url'],
    only: 'signed-url'
  }
]
