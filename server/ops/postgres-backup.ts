/**
 * The PostgreSQL backup and restore commands the README gives, in one place: `npm run backup` and
 * `npm run restore` print them with DATABASE_URL, and postgres-restore.test.ts runs exactly these
 * lines on a populated database and checks the README shows them.
 *
 * The restore goes into a new, empty database rather than over the old one: `pg_restore --clean`
 * over a populated database fails on pg-boss's partitioned tables ("cannot drop inherited
 * constraint", exit 1) and leaves a mix of old and new; a new database is all or nothing, and the old
 * one stays as it was until the operator drops it.
 */

/** While the instances run: one consistent snapshot (pg_dump's), taken when the command starts. */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=community.dump "$DATABASE_URL"';

/** The database the backup is restored into; a new name, so the current one is kept. */
export const RESTORED_DATABASE = "community_restored";

/** With every instance stopped: a new, empty database, then the backup into it. */
export const PG_RESTORE_COMMANDS = [
  `createdb --maintenance-db="$DATABASE_URL" --template=template0 ${RESTORED_DATABASE}`,
  'pg_restore --no-owner --exit-on-error --dbname="$RESTORED_URL" community.dump',
] as const;

/** What `npm run backup` prints with DATABASE_URL: the database is not its to copy. */
export const POSTGRES_BACKUP_HINT = [
  "npm run backup copies the embedded database and DATA_DIR/files. With DATABASE_URL, back up PostgreSQL with",
  `  ${PG_DUMP_COMMAND}`,
  "and the S3 bucket with your provider's tools (README, Where data lives and how to back it up).",
].join("\n");

/** What `npm run restore` prints with DATABASE_URL. */
export const POSTGRES_RESTORE_HINT = [
  "npm run restore puts back a backup of the embedded database. With DATABASE_URL, stop every instance, then",
  ...PG_RESTORE_COMMANDS.map((line) => `  ${line}`),
  `(RESTORED_URL: DATABASE_URL naming ${RESTORED_DATABASE}), restore the bucket, and start the instances with DATABASE_URL=$RESTORED_URL`,
  "(README, Where data lives and how to back it up).",
].join("\n");
