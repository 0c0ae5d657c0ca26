import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Everything under DATA_DIR holds members' data, keys or secrets: folders are 0700 and files 0600, so no
 * other account on the machine reads them. SQLite creates a database's -wal and -shm files with the
 * database file's own mode, so creating the database file private first covers them.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** creates the folder (and its parents) as 0700, and tightens it when it existed */
export const privateDir = (path: string): string => {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
  return path;
};

/** creates the file empty as 0600 when it does not exist, and tightens it (and an SQLite file's -wal/-shm) when it does */
export const privateFile = (path: string): string => {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  return path;
};

/** the process's own files default to private too (0077): temporary files, anything a library writes */
export const usePrivateFileModes = (): void => {
  process.umask(0o077);
};
