# Production image: only the packaged runtime folder (docs/deployment.md, "The production image").
# The build stage installs everything and builds; the runtime stage gets <distDir>/standalone as
# scripts/package-standalone.mjs leaves it: Next's traced server files, the node_modules files they
# and our entries use, and nothing else (no dev dependencies, no sources).
#
# Three commands, one image:  node server.mjs (default) | node scripts/migrate.mjs | node worker.mjs
ARG NODE_IMAGE=node:26-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm install --no-audit --no-fund
COPY . .
RUN node scripts/package-standalone.mjs --build

# Node's current Active LTS line (26 since 2026-10-28), on Debian's current stable, slim.
FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 APP_MODE=production PORT=3000 HOST=0.0.0.0
# Owned by root and not writable by the user the app runs as: nothing at run time writes here.
COPY --from=build /app/.next/standalone /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server entry: one worker per core (WEB_CONCURRENCY), real client addresses, SIGTERM stops
# gracefully. Node is PID 1 here, so signals reach it directly.
CMD ["node", "server.mjs"]
