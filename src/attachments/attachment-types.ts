/**
 * What a stored file is served as. A browser must never run what a customer sent: HTML, SVG, XML,
 * JavaScript, PDF (its viewer runs scripts) and any type not named here go out as
 * application/octet-stream, always as a download. Only the four image types browsers decode without
 * running anything may be shown inline, and only when the bytes are what the type claims: a "PNG"
 * that is really HTML is a download like any other file.
 */

/** The image types shown inline, each with the bytes its files start with. */
const INLINE_IMAGES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/gif': (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')),
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Types served as they are (as downloads): inert to a browser that opens them anyway, with nosniff. */
const SERVED_AS_IS = new Set([
  ...Object.keys(INLINE_IMAGES),
  'text/plain',
  'text/csv',
  'application/zip',
  'application/gzip',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'audio/mpeg',
  'video/mp4',
]);

/** The media type a sender declared, as stored: lower case, without parameters, bounded. */
export function declaredType(type: string | undefined): string {
  const bare = (type ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(bare) ? bare.slice(0, 255) : 'application/octet-stream';
}

/** Whether a file may be shown inline: one of the four image types, and its first bytes say so. */
export function isInlineImage(type: string, head: Buffer): boolean {
  return INLINE_IMAGES[type]?.(head) ?? false;
}

/**
 * The Content-Type a file is served with: its own when inert, else application/octet-stream. An image
 * type whose bytes are not that image (`inlineImage` false) is octet-stream too: what it really is, no
 * one has said.
 */
export function servedType(type: string, inlineImage: boolean): string {
  if (type in INLINE_IMAGES) {
    return inlineImage ? type : 'application/octet-stream';
  }
  return SERVED_AS_IS.has(type) ? type : 'application/octet-stream';
}

/**
 * `Content-Disposition` for a file name: `attachment` (or `inline` for an inline image), with an ASCII
 * fallback `filename` and the exact name as RFC 5987 `filename*=UTF-8''...`. The name never brings a
 * quote, a path separator or a control character into the header.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const safe = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_');
  const fallback = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The media type of an uploaded file, from its name's extension (an upload carries no declared type). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  gz: 'application/gzip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

export function typeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 && TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
