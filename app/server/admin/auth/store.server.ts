import type { Schema } from '../../platform/db.server'

/**
 * The site mode's tables, in the site's one database (SQLite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL), so every worker and every instance sees the same sessions and log:
 * - admin_sign_ins: a sign-in under way (its state, nonce and PKCE verifier), for ten minutes;
 * - admin_sessions: a signed-in editor, keyed by the SHA-256 of the cookie's token;
 * - admin_audit: who did what when (sign-ins, sign-outs, saves, publishes, deletes, refusals).
 */
export const adminAuthSchema: Schema = {
  name: 'admin-auth',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS admin_sign_ins (
                 id TEXT PRIMARY KEY, state TEXT NOT NULL, nonce TEXT NOT NULL, verifier TEXT NOT NULL, created_at INTEGER NOT NULL);
               CREATE TABLE IF NOT EXISTS admin_sessions (
                 id TEXT PRIMARY KEY, csrf TEXT NOT NULL, subject TEXT NOT NULL, name TEXT NOT NULL, email TEXT,
                 role TEXT NOT NULL, created_at INTEGER NOT NULL, seen_at INTEGER NOT NULL);
               CREATE TABLE IF NOT EXISTS admin_audit (
                 id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT, role TEXT,
                 event TEXT NOT NULL, target TEXT, outcome TEXT NOT NULL);
               CREATE INDEX IF NOT EXISTS admin_audit_at ON admin_audit (at)`,
      postgres: `CREATE TABLE IF NOT EXISTS admin_sign_ins (
                   id TEXT PRIMARY KEY, state TEXT NOT NULL, nonce TEXT NOT NULL, verifier TEXT NOT NULL, created_at BIGINT NOT NULL);
                 CREATE TABLE IF NOT EXISTS admin_sessions (
                   id TEXT PRIMARY KEY, csrf TEXT NOT NULL, subject TEXT NOT NULL, name TEXT NOT NULL, email TEXT,
                   role TEXT NOT NULL, created_at BIGINT NOT NULL, seen_at BIGINT NOT NULL);
                 CREATE TABLE IF NOT EXISTS admin_audit (
                   id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at TEXT NOT NULL, actor TEXT, role TEXT,
                   event TEXT NOT NULL, target TEXT, outcome TEXT NOT NULL);
                 CREATE INDEX IF NOT EXISTS admin_audit_at ON admin_audit (at)`,
    },
  ],
}
