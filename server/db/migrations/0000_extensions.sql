-- drizzle-kit does not emit extensions; trigram search indexes need pg_trgm first.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
