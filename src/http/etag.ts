/** A version as a strong entity tag: `"7"`. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * The versions an If-Match header accepts: null when absent (428), `any` for `*`, else the versions of
 * its strong tags (a weak tag never matches under If-Match, RFC 9110 section 13.1.1).
 */
export function versionsOfIfMatch(header: string | undefined): 'any' | number[] | null {
  if (header === undefined || header.trim() === '') {
    return null;
  }
  if (header.trim() === '*') {
    return 'any';
  }
  return header
    .split(',')
    .map((tag) => /^\s*"(\d{1,10})"\s*$/.exec(tag)?.[1])
    .filter((version): version is string => version !== undefined)
    .map(Number);
}
