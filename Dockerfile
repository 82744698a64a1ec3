FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --outputStyle=static && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/bundle backend/bundle
# The contracts Kauri compiles itself (the test NZD coin, the holding-rules module): the embedded chain deploys them.
COPY --from=build /app/backend/contracts/artifacts backend/contracts/artifacts
COPY --from=build /app/frontend/dist frontend/dist
# DATA_DIR of docker-compose.yml: a volume mounted here takes this folder's owner, so the app (user node) can write it.
RUN mkdir -p /data/documents && chown -R node:node /data
EXPOSE 3000
# Liveness: the process and its event loop answer (docker-compose.yml checks readiness, /api/health, instead).
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/live').then(r => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"]
USER node
# Node's flags for serving: backend/src/serve-flags.ts says why.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=128", "--min-semi-space-size=128", "backend/bundle/main.js"]
