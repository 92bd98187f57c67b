# syntax=docker/dockerfile:1
# Afterglow's production image (ADR 094). Every step is deploy/build-image-steps.sh's, which CI
# also runs on the host and starts (deploy/check-image-steps.sh). With no DATABASE_URL the image
# runs its own PostgreSQL under /var/lib/afterglow; compose.yaml runs it beside PostgreSQL 15,
# an S3-compatible store and Caddy.
#   docker build -t afterglow .
#   docker run --init -p 3000:3000 -v afterglow-data:/var/lib/afterglow afterglow
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The dependencies first: their layer is kept while only the app's code changes.
COPY package.json package-lock.json ./
COPY deploy/build-image-steps.sh deploy/
RUN bash deploy/build-image-steps.sh dependencies
COPY . .
RUN bash deploy/build-image-steps.sh app /app

FROM ${NODE_IMAGE}
COPY deploy/build-image-steps.sh /usr/local/lib/afterglow/build-image-steps.sh
RUN bash /usr/local/lib/afterglow/build-image-steps.sh runtime && rm -rf /var/lib/apt/lists/*
# Owned by root: the app's user reads its code and writes only under DATA_DIR.
COPY --from=build /app /app
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/afterglow \
    BACKUP_DIR=/var/lib/afterglow/backups \
    FFMPEG_PATH=/usr/bin/ffmpeg
USER 10001:10001
VOLUME /var/lib/afterglow
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/health-probe.js"]
CMD ["node", "--max-semi-space-size=32", "server.js"]
