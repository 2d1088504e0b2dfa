/**
 * The names of the finder's hot statements, prepared once per pooled connection (knex's
 * `.options({ name })` reaches node-postgres as a named statement): PostgreSQL then plans each
 * once instead of at every call. A name stands for one exact SQL text, so a query whose text
 * varies takes one name per variant. PGlite ignores the name; behind PgBouncer in transaction mode,
 * set its `max_prepared_statements` (1.21+). A migration that changes the type of a column these
 * return needs the API processes restarted, as every deploy does: PostgreSQL refuses to run a
 * prepared statement whose result type changed.
 *
 * Why: planning the page's three-table join cost PostgreSQL 238 µs of CPU a call against 83 µs
 * prepared, and the look-up limit's upsert 148 against 78. In bench:finder (open loop, 1,000 finder
 * requests a second, two cores) PostgreSQL's CPU per request halved (639 to 302 µs) and one API
 * process went from falling behind (p99 1.8 s) to keeping up (p99 67 ms).
 */
export const FINDER_STATEMENTS = {
  pageItem: { name: 'finder-page-item' },
  scanCode: { name: 'finder-scan-code' },
  scanCodeLocked: { name: 'finder-scan-code-locked' },
  scanInsert: { name: 'finder-scan-insert' },
  scanInsertUnlessRepeat: { name: 'finder-scan-insert-unless-repeat' },
} as const;
