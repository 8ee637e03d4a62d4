import { createConnection } from 'mysql2/promise';
import { CHARSET, COLLATION } from './data-source-options';

/** The database name in a mysql:// URL. */
export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(name)) {
    throw new Error('DATABASE_URL must name a database of letters, digits, _, $ or -');
  }
  return name;
}

/** Creates the database named in the URL if it does not exist yet (used by `npm start` and tests). */
export async function ensureDatabase(url: string, connectTimeoutMs = 5000): Promise<void> {
  const name = databaseNameOf(url);
  const serverUrl = new URL(url);
  serverUrl.pathname = '/';
  const connection = await createConnection({ uri: serverUrl.toString(), connectTimeout: connectTimeoutMs });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET ${CHARSET} COLLATE ${COLLATION}`);
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  const serverUrl = new URL(url);
  serverUrl.pathname = '/';
  const connection = await createConnection({ uri: serverUrl.toString() });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}
