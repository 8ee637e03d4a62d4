import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { FieldCipher, UndecryptableValueError } from '../database/field-cipher';
import { Transaction, Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { declaredType, isInlineImage } from './attachment-types';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentChunkEntity } from './entities/attachment-chunk.entity';
import { AttachmentEntity } from './entities/attachment.entity';

/** The bytes of one stored piece of a file: small rows (see AttachmentChunkEntity), a quarter megabyte each. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;

/** A file as it arrives: its name and declared type as sent, and its bytes. */
export interface IncomingFile {
  name: string;
  type: string;
  content: Uint8Array;
}

/** Where a file belongs: a submission, and the message that carried it (null: the request itself). */
export interface FilePlace {
  submissionId: string;
  messageId: string | null;
}

/** The longest file name kept, in characters. */
const NAME_MAX = 255;

/**
 * Stored files: each kept with its SHA-256 in pieces of ATTACHMENT_CHUNK_BYTES, every piece sealed on
 * its own with the data keys when encryption at rest is on (bound to its file and place, so a piece
 * copied elsewhere does not open); one over ATTACHMENT_MAX_BYTES is described and marked too_large.
 * The database is the store: it works on Galera (a piece is a small row) and wherever the API and the
 * worker run, with no shared disk.
 */
@Injectable()
export class AttachmentStore {
  constructor(
    private readonly attachments: AttachmentsRepository,
    private readonly cipher: FieldCipher,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {}

  /** Stores the files a mail carried, in `tx` (with the message, so both commit or neither). */
  async storeFiles(files: IncomingFile[], place: FilePlace, tx: Transaction): Promise<AttachmentEntity[]> {
    const stored: AttachmentEntity[] = [];
    for (const file of files) {
      const bytes = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      const type = declaredType(file.type);
      const tooLarge = bytes.length > this.config.attachments.maxBytes;
      const attachment: AttachmentEntity = {
        id: uuidv7(),
        submissionId: place.submissionId,
        messageId: place.messageId,
        ownerId: null,
        name: [...(file.name.trim() || '(no name)')].slice(0, NAME_MAX).join(''),
        type,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        state: tooLarge ? 'too_large' : 'stored',
        inlineImage: !tooLarge && isInlineImage(type, bytes.subarray(0, 16)),
        encKeyId: null,
        createdAt: this.clock.now(),
      };
      await this.attachments.insert(attachment, tx);
      if (!tooLarge) {
        const pieces: AttachmentChunkEntity[] = [];
        for (let seq = 0; seq * ATTACHMENT_CHUNK_BYTES < bytes.length; seq++) {
          pieces.push(
            this.sealedChunk(
              attachment.id,
              seq,
              bytes.subarray(seq * ATTACHMENT_CHUNK_BYTES, (seq + 1) * ATTACHMENT_CHUNK_BYTES),
            ),
          );
        }
        await this.attachments.insertChunks(pieces, tx);
      }
      stored.push(attachment);
    }
    return stored;
  }

  /**
   * Stores the files of a submission's request (a mail that became a submission) in a transaction of
   * their own, unless it has them already: the same mail taken again finds its submission and stores
   * nothing twice; one that failed before its files were stored stores them now.
   */
  async storeRequestFiles(submissionId: string, files: IncomingFile[]): Promise<void> {
    if (files.length === 0) {
      return;
    }
    await this.transactions.run(async (tx) => {
      if (!(await this.attachments.requestHasFiles(submissionId, tx))) {
        await this.storeFiles(files, { submissionId, messageId: null }, tx);
      }
    });
  }

  /** A stored file and its bytes as a stream read one piece at a time (memory stays flat). 404 unless stored. */
  async download(id: string): Promise<{ attachment: AttachmentEntity; bytes: Readable }> {
    const attachment = await this.attachments.findById(id);
    if (!attachment || attachment.submissionId === null || attachment.state !== 'stored') {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    // The first piece is opened before anything is sent: a file whose key was removed is a clear 409,
    // not a download cut short.
    const first = await this.openedPiece(attachment.id, 0).catch((error: unknown) => {
      if (error instanceof UndecryptableValueError) {
        throw new ApiException(HttpStatus.CONFLICT, `The file cannot be decrypted: ${error.why}`);
      }
      throw error;
    });
    return { attachment, bytes: Readable.from(this.pieces(attachment.id, first)) };
  }

  private async *pieces(attachmentId: string, first: Buffer | null): AsyncGenerator<Buffer> {
    for (let seq = 1, piece = first; piece !== null; seq++) {
      yield piece;
      piece = await this.openedPiece(attachmentId, seq);
    }
  }

  /** Piece `seq` of a file, opened; null past the last. */
  private async openedPiece(attachmentId: string, seq: number): Promise<Buffer | null> {
    const chunk = await this.attachments.chunk(attachmentId, seq);
    if (!chunk) {
      return null;
    }
    return chunk.encKeyId === null
      ? chunk.data
      : this.cipher.openBytes(chunk.data, chunk.encKeyId, this.placeOf(attachmentId, seq));
  }

  private sealedChunk(attachmentId: string, seq: number, bytes: Buffer): AttachmentChunkEntity {
    const keyId = this.cipher.currentKeyId;
    return {
      attachmentId,
      seq,
      data: keyId === null ? Buffer.from(bytes) : this.cipher.sealBytes(bytes, this.placeOf(attachmentId, seq)),
      encKeyId: keyId,
    };
  }

  private placeOf(attachmentId: string, seq: number) {
    return { table: 'attachment_chunks' as const, rowId: `${attachmentId}/${seq}`, column: 'data' };
  }
}
