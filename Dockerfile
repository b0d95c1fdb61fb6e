# Forgeline: build the SPA once, then run the server on the prebuilt files (no build at run time).
# The base image is pinned to one Node release (update it on purpose, with the lock file's tests).
ARG NODE_IMAGE=node:22.16.0-bookworm-slim
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# tini as PID 1: passes SIGTERM on to the server and reaps children (Node as PID 1 does neither well).
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/shared packages/shared
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY docker/entrypoint.sh /usr/local/bin/forgeline-entrypoint
COPY docker/healthcheck.mjs docker/healthcheck.mjs
RUN mkdir -p /data && chown node:node /data && chmod 0755 /usr/local/bin/forgeline-entrypoint
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: the process answers. Load balancers should probe /api/health/ready instead. After three
# failures in a row the check stops the server so that the restart policy restarts the container.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--", "forgeline-entrypoint"]
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
