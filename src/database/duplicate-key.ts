import { QueryFailedError } from 'typeorm';

/** The database refused a row because a unique index already holds its key (ER_DUP_ENTRY). */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === 'ER_DUP_ENTRY';
}
