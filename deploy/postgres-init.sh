#!/bin/sh
# First start of the compose file's PostgreSQL: the two roles of docs/deploy.md §1 — the owner
# migrates, the application only reads and writes rows — and the database owned by the owner.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
CREATE ROLE outorga_owner LOGIN PASSWORD '${OUTORGA_OWNER_PASSWORD}' NOSUPERUSER NOBYPASSRLS;
CREATE ROLE outorga_app LOGIN PASSWORD '${OUTORGA_APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS
  NOCREATEDB NOCREATEROLE NOREPLICATION NOINHERIT;
CREATE DATABASE outorga OWNER outorga_owner;
SQL
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname outorga <<SQL
ALTER SCHEMA public OWNER TO outorga_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
SQL
