#!/bin/sh
# Run once by the postgres image when its volume is new (compose.yaml): the role Afterglow
# connects as, an ordinary one that owns its database. Never the superuser: row-level security
# does not apply to one, so a production start refuses it (docs/architecture/deployment.md, Boot).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  --set password="$AFTERGLOW_DB_PASSWORD" <<'SQL'
CREATE ROLE afterglow LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD :'password';
CREATE DATABASE afterglow OWNER afterglow;
SQL
