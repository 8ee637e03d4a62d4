# syntax=docker/dockerfile:1
# Build: the server (TypeScript) and the staff console (Vite) with dev dependencies, then keep
# production dependencies only. test/dockerfile-build.e2e-spec.ts replays this stage without Docker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY scripts ./scripts
COPY src ./src
COPY console ./console
RUN npm run build && npm prune --omit=dev

# Run: the same image serves every role (ROLE=all | api | worker) and the CLI (node dist/cli.js).
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# Where docker-compose.yml mounts the erasure log's volume (ERASURE_LOG_FILE): a new named volume
# takes this directory's owner, so the service's user can append to it.
RUN mkdir -p /var/lib/contact-intake && chown node:node /var/lib/contact-intake
USER node
EXPOSE 3000 3001
# Liveness of whichever role runs: the API port, or HEALTH_PORT for a worker.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "const p=process.env.ROLE==='worker'?(process.env.HEALTH_PORT||3001):(process.env.PORT||3000);fetch('http://127.0.0.1:'+p+(process.env.BASE_PATH&&process.env.ROLE!=='worker'?process.env.BASE_PATH:'')+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
