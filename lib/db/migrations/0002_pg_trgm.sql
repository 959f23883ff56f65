-- Trigram search inside charge descriptions (PGlite loads the extension itself: lib/db/open.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
