# One image per service: docker build --build-arg SERVICE=sla -t utility-apis/sla .
# The site or brand with Chromium for rendering: add --target chromium (see the stage below).
# The current Active LTS line; the services also run on Node 20.19 or newer (CI tests both)
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-trixie-slim AS build
ARG SERVICE
RUN test -n "$SERVICE" || (echo "build with --build-arg SERVICE=webhook|sla|brand|site" >&2 && exit 1)
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json ./
COPY packages/ packages/
COPY services/ services/
RUN pnpm install --frozen-lockfile
# The service and the workspace packages it depends on, then a self-contained production folder.
RUN pnpm --filter "@utility-apis/${SERVICE}..." build
RUN pnpm --filter "@utility-apis/${SERVICE}" deploy --prod /out

FROM node:${NODE_VERSION}-trixie-slim AS runtime-base
ARG SERVICE
# The font brand's monogram logos are drawn in (sharp finds it through fontconfig): the slim image has no font at all,
# and every letter would be a missing-glyph box, cached and served for days
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
# UV_THREADPOOL_SIZE: every DNS lookup of a fetch, every gunzip and every sharp decode takes one of libuv's threads
# (4 by default), and a lookup given up on holds its thread until the system resolver gives up too
ENV SERVICE=${SERVICE} \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    UV_THREADPOOL_SIZE=16
WORKDIR /app
COPY --from=build --chown=node:node /out ./
EXPOSE 3001 3002 3003 3004
# SIGTERM: open connections are answered for 1 s, in-flight requests finish within 35 s (DRAIN_MS).
STOPSIGNAL SIGTERM
# /health at PORT, else the port the service listens on by default (its main.ts). A busy service answers late, not
# never: the check waits 8 s (node:http, which loads nothing more), Docker 10 s, and three misses in a row mark it unhealthy.
# A container started as a bulk-job worker (node dist/worker.js) has no API port: when nothing listens there, the
# check asks the worker's own /health at WORKER_METRICS_PORT (9464 by default; with 0 the worker serves none to ask).
HEALTHCHECK --interval=10s --timeout=10s --start-period=10s --retries=3 CMD ["node", "-e", "const port = process.env.PORT || { webhook: 3001, sla: 3002, brand: 3003, site: 3004 }[process.env.SERVICE]; const probe = (at, next) => require('node:http').get({ host: '127.0.0.1', port: at, path: '/health', timeout: 8000 }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('timeout', () => process.exit(1)).on('error', (e) => e.code === 'ECONNREFUSED' && next ? next() : process.exit(1)); probe(port, () => probe(process.env.WORKER_METRICS_PORT || 9464))"]
# --liftoff-only: undici parses HTTP/1 in WebAssembly, and V8 would recompile that parser's one huge function with
# TurboFan once it is hot, taking ~30 MB for ~60 ms (the site's first analysis peaked at ~145 MB instead of ~112).
# V8 flags cannot go in NODE_OPTIONS, and Node 26 ignores them when set at run time, so they are set here.
# No --enable-source-maps: logs carry error types, never stacks, and a crash's stack points into dist/*.js, bundled
# but not minified; reading every module's source map at start cost the site 3 MB at rest and 7 MB at its peak
# (NODE_OPTIONS=--enable-source-maps turns them back on).
CMD ["node", "--liftoff-only", "dist/main.js"]

# The site or brand with its renderer (RENDERER=chromium): Debian's Chromium, driven by playwright-core.
#   docker build --build-arg SERVICE=site --target chromium -t utility-apis/site:chromium .
#   docker build --build-arg SERVICE=brand --target chromium -t utility-apis/brand:chromium .
FROM runtime-base AS chromium
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation \
 && rm -rf /var/lib/apt/lists/*
ENV RENDERER=chromium \
    CHROMIUM_PATH=/usr/bin/chromium
USER node

# The default image (the last stage): no browser.
FROM runtime-base AS runtime
USER node
