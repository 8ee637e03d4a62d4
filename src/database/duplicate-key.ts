import { QueryFailedError } from 'typeorm';

/** The database refused a row because a unique index already holds its key (ER_DUP_ENTRY). */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === 'ER_DUP_ENTRY';
}

/**
 * The database refused a statement (a constraint, a trigger, a lock wait): the service's fault or the
 * moment's, not the input's (whatever a client can send is bounded to fit), so the work can be asked
 * again. Its connection being away is isDatabaseUnavailable's.
 */
export function isDatabaseRefusal(error: unknown): boolean {
  return error instanceof QueryFailedError;
}
