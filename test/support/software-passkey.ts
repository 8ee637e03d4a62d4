import { createHash, generateKeyPairSync, KeyObject, randomBytes, sign } from 'node:crypto';

/** The few CBOR (RFC 8949) items an attestation needs: integers, byte and text strings, maps. */
function cbor(value: number | string | Buffer | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) {
      return Buffer.from([(major << 5) | length]);
    }
    if (length < 0x100) {
      return Buffer.from([(major << 5) | 24, length]);
    }
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) {
    return Buffer.concat([head(2, value.length), value]);
  }
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item as never)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

/** User present, user verified (and, on registration, attested credential data follows). */
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

/**
 * A passkey held in software, as an authenticator would answer navigator.credentials.create() and
 * .get() (an ES256 key, "none" attestation, user verification done): the tests choose its credential
 * id, which a browser's authenticator never lets them do.
 */
export class SoftwarePasskey {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor(readonly credentialId: Buffer = randomBytes(30)) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  /** The credential id as the service stores and shows it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options (`challenge`, `rp.id`, `user.id`) from a page on `origin`. */
  register(options: { challenge: string; rp: { id: string } }, origin: string): Record<string, unknown> {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const authenticatorData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAGS.UP | FLAGS.UV | FLAGS.AT]),
      Buffer.alloc(4), // signature counter 0
      Buffer.alloc(16), // AAGUID: none
      length,
      this.credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options (`challenge`, `rpId`) from a page on `origin`, signed with the key. */
  signIn(options: { challenge: string; rpId: string }, origin: string): Record<string, unknown> {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([sha256(options.rpId), Buffer.from([FLAGS.UP | FLAGS.UV]), count]);
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}

/** The same id with every letter's case swapped: other bytes, the same letters to a case-blind compare. */
export function caseSwapped(id: string): string {
  return [...id].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}
