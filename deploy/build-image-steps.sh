#!/usr/bin/env bash
# How a production copy of Afterglow is made, in one place: the Dockerfile runs these steps, a
# plain Debian server's install runs them (README, "Deploying"), and CI runs them on the host into
# a temporary folder and starts the result (deploy/check-image-steps.sh).
#
#   build-image-steps.sh runtime        as root, once: the Debian packages the app runs with (ffmpeg for
#                                       videos, the PostgreSQL 15 client for pg_dump backups, a font for
#                                       link previews) and its user, afterglow (uid 10001), with DATA_DIR
#                                       /var/lib/afterglow
#   build-image-steps.sh dependencies   every dependency, exactly as package-lock.json says
#   build-image-steps.sh app DEST       build the app, bundle the operator scripts, drop the development
#                                       dependencies and move what runs into DEST (this copy is used up)
#   build-image-steps.sh all DEST       dependencies, then app
set -euo pipefail
cd "$(dirname "$0")/.."

# What a production copy holds: the server, its build, its production dependencies, the migrations
# it applies at start, and the operator's scripts (backup, restores, storage report, Stripe setup).
RUNTIME_FILES=(
  package.json package-lock.json server.js build node_modules db/migrations
  scripts/backup.js scripts/restore-company.js scripts/storage-orphans.js scripts/billing-setup.js
  scripts/prune-backups.js scripts/load-app-modules.js deploy/health-probe.js
)
RUNTIME_PACKAGES=(ffmpeg postgresql-client fonts-dejavu-core ca-certificates)

runtime() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${RUNTIME_PACKAGES[@]}" >/dev/null
  if ! id afterglow >/dev/null 2>&1; then
    # 10001 is the image's (its USER); on a server where it is taken, the system picks another.
    local ids=(--uid 10001) group_ids=(--gid 10001)
    if getent passwd 10001 >/dev/null || getent group 10001 >/dev/null; then ids=() group_ids=(); fi
    groupadd --system "${group_ids[@]}" afterglow
    useradd --system "${ids[@]}" --gid afterglow --home-dir /var/lib/afterglow --shell /usr/sbin/nologin afterglow
  fi
  install -d -o afterglow -g afterglow -m 0750 /var/lib/afterglow
}

dependencies() {
  npm ci --no-audit --no-fund
}

app() {
  local destination="${1:?app needs the folder to put the production copy in}"
  # The layout the copy is run with: the build where server.js looks by default.
  unset AFTERGLOW_BUILD_DIR
  npx react-router build
  node scripts/load-app-modules.js --prebuild
  npm prune --omit=dev --no-audit --no-fund
  node deploy/remove-unneeded-packages.js
  rm -rf node_modules/.cache
  mkdir -p "$destination"
  for file in "${RUNTIME_FILES[@]}"; do
    mkdir -p "$destination/$(dirname "$file")"
    mv "$file" "$destination/$file"
  done
  echo "Production copy in $destination"
}

case "${1:-}" in
  runtime) runtime ;;
  dependencies) dependencies ;;
  app) app "${2:-}" ;;
  all)
    dependencies
    app "${2:-}"
    ;;
  *)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
