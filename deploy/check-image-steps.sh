#!/usr/bin/env bash
# CI's proof of the production image's steps, with no container engine (.ci/run runs it): this
# checkout's files are copied to a temporary folder and deploy/build-image-steps.sh makes a
# production copy from them, as the Dockerfile does. The copy is then started as an ordinary user
# (the image's is uid 10001; here `nobody` when run as root) on its own embedded PostgreSQL, and
# must: answer the image's health probe (live, then ready), hold no development package, take a
# platform backup while it runs, have that backup restored into an empty data folder, keep it
# through the backups' pruning, and shut down cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/afterglow-image-XXXXXX")
# As root, the embedded PostgreSQL runs as another user, who must be able to enter every folder above its data.
chmod 0755 "$work"
server_pid=""
stop_server() {
  [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null || return 0
  kill -TERM "$server_pid"
  for _ in $(seq 1 30); do kill -0 "$server_pid" 2>/dev/null || break; sleep 1; done
  kill -KILL "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}
cleanup() {
  stop_server
  cd /
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "image steps: $1" >&2
  [ -f "$work/server.log" ] && tail -40 "$work/server.log" >&2
  exit 1
}

# What `COPY . .` sends (.dockerignore leaves out what git ignores): the tracked files and new ones.
mkdir "$work/src"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$work/src"
app="$work/app"
if ! bash "$work/src/deploy/build-image-steps.sh" all "$app" >"$work/build.log" 2>&1; then
  tail -60 "$work/build.log" >&2
  fail "deploy/build-image-steps.sh failed"
fi
echo "image steps: production copy built ($(du -sh "$app" | cut -f1)) in $((SECONDS - started)) s"

for package in vite vitest rolldown typescript jsdom eslint @react-router/dev @biomejs/biome; do
  [ ! -e "$app/node_modules/$package" ] || fail "a development package is left in the production copy: $package"
done

# The app's user: the files are root's and only the data and backup folders are its own, as in the image.
as_app=()
if [ "$(id -u)" = 0 ]; then as_app=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups); fi
for folder in data backups restored; do
  mkdir "$work/$folder"
  [ ${#as_app[@]} -eq 0 ] || chown nobody "$work/$folder"
done
cd "$app"
run_as_app() {
  "${as_app[@]}" env -i PATH="$PATH" NODE_ENV=production LOG_LEVEL=warn "$@"
}

port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# Started directly (not through the function), so that $! is the server's own pid.
"${as_app[@]}" env -i PATH="$PATH" NODE_ENV=production LOG_LEVEL=warn PORT="$port" DATA_DIR="$work/data" \
  SEED_DEMO=false node --max-semi-space-size=32 server.js >"$work/server.log" 2>&1 &
server_pid=$!
live=""
for _ in $(seq 1 120); do
  if run_as_app PORT="$port" node deploy/health-probe.js 2>/dev/null; then live=yes; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
[ -n "$live" ] || fail "the production copy did not answer /api/health/live"
run_as_app PORT="$port" node deploy/health-probe.js /api/health/ready || fail "the production copy is not ready"
echo "image steps: node server.js answers /api/health/live and /api/health/ready"

run_as_app DATA_DIR="$work/data" BACKUP_DIR="$work/backups" node scripts/backup.js backup >"$work/backup.log" 2>&1 ||
  { cat "$work/backup.log" >&2; fail "the backup of the running app failed"; }
backup=$(find "$work/backups" -mindepth 1 -maxdepth 1 -name 'afterglow-*' | head -1)
[ -f "$backup/manifest.json" ] || fail "the backup wrote no manifest"
run_as_app PORT="$port" node deploy/health-probe.js /api/health/ready || fail "the app is not ready after its backup"
echo "image steps: backup taken while the app runs ($(tail -1 "$work/backup.log"))"

run_as_app DATA_DIR="$work/restored" node scripts/backup.js restore "$backup" >"$work/restore.log" 2>&1 ||
  { cat "$work/restore.log" >&2; fail "the backup did not restore"; }
echo "image steps: $(tail -1 "$work/restore.log")"
pruned=$(run_as_app node scripts/prune-backups.js --keep-days 1 "$work/backups") || fail "the backups' pruning failed"
[[ "$pruned" == "1 complete backups kept"* ]] || fail "the backups' pruning did not keep the newest backup: $pruned"

stop_server
grep -q 'Shut down cleanly' "$work/server.log" || fail "the production copy did not shut down cleanly"
if run_as_app PORT="$port" node deploy/health-probe.js 2>/dev/null; then fail "the health probe passed with no server"; fi
echo "image steps: shut down cleanly; checked in $((SECONDS - started)) s"
