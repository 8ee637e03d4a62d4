import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { FieldCipher, UndecryptableValueError } from '../database/field-cipher';
import { Transaction, Transactions } from '../database/transactions';
import { ApiException } from '../http/api-exception';
import { declaredType, isInlineImage, typeOfName } from './attachment-types';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentChunkEntity } from './entities/attachment-chunk.entity';
import { AttachmentEntity } from './entities/attachment.entity';

/**
 * The bytes of one stored piece of a file: small rows (see AttachmentChunkEntity). Small enough that what
 * the database driver makes of a piece on its way (a statement twice its size) is short-lived garbage
 * the young generation collects, so a large file does not raise the process's memory.
 */
export const ATTACHMENT_CHUNK_BYTES = 32 * 1024;

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
  /** The merged source a customer's mail came through (see ConversationMessageEntity.mergedFromId). */
  mergedFromId?: string | null;
}

/** How long an upload waits for a reply before it is deleted. */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;

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
        ...(place.mergedFromId ? { mergedFromId: place.mergedFromId } : {}),
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

  /**
   * A staff member's file for a reply, as its bytes arrive (`body`): stored piece by piece, so memory
   * holds one piece whatever the size; over ATTACHMENT_MAX_BYTES it is 413 and nothing stays. The upload
   * belongs to `ownerId` alone until a reply of theirs takes it (see takeUploads).
   */
  async upload(name: string, body: AsyncIterable<Buffer>, ownerId: string): Promise<AttachmentEntity> {
    const type = typeOfName(name);
    const attachment: AttachmentEntity = {
      id: uuidv7(),
      submissionId: null,
      messageId: null,
      ownerId,
      name: [...name].slice(0, NAME_MAX).join(''),
      type,
      size: 0,
      sha256: null,
      state: 'uploading',
      inlineImage: false,
      encKeyId: null,
      createdAt: this.clock.now(),
    };
    await this.attachments.insert(attachment);
    try {
      const hash = createHash('sha256');
      // One piece's buffer, filled and stored again and again: an upload holds this much, whatever its size.
      const piece = Buffer.allocUnsafe(ATTACHMENT_CHUNK_BYTES);
      let filled = 0;
      let head: Buffer | null = null;
      let seq = 0;
      const flush = async (bytes: Buffer) => {
        head ??= Buffer.from(bytes.subarray(0, 16));
        await this.attachments.insertChunks([this.sealedChunk(attachment.id, seq, bytes)]);
        seq += 1;
      };
      for await (const incoming of body) {
        attachment.size += incoming.length;
        if (attachment.size > this.config.attachments.maxBytes) {
          throw this.fileTooLarge();
        }
        hash.update(incoming);
        for (let offset = 0; offset < incoming.length;) {
          const copied = incoming.copy(piece, filled, offset);
          filled += copied;
          offset += copied;
          if (filled === ATTACHMENT_CHUNK_BYTES) {
            await flush(piece);
            filled = 0;
          }
        }
      }
      if (filled > 0 || seq === 0) {
        await flush(piece.subarray(0, filled));
      }
      attachment.sha256 = hash.digest('hex');
      attachment.inlineImage = isInlineImage(type, head ?? Buffer.alloc(0));
      attachment.state = 'stored';
      if (!(await this.attachments.finishUpload(attachment, attachment))) {
        // Deleted meanwhile (its owner's account erased, the 24 h sweep): nothing was stored.
        throw new ApiException(HttpStatus.CONFLICT, 'The upload was removed while it was being sent: send it again');
      }
      return attachment;
    } catch (error) {
      await this.attachments.deleteUploads([attachment.id]);
      throw error;
    }
  }

  /**
   * Gives a reply the uploads it names (in the reply's `tx`): each must be one of `ownerId`'s, complete
   * and not yet used, at most REPLY_MAX_FILES of them and REPLY_MAX_BYTES in all; else 400 and nothing
   * is taken.
   */
  async takeUploads(
    ids: string[],
    ownerId: string,
    place: { submissionId: string; messageId: string },
    tx: Transaction,
  ): Promise<AttachmentEntity[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) {
      return [];
    }
    const uploads = await this.attachments.unusedUploadsOf(unique, ownerId, tx);
    if (uploads.length !== unique.length) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: attachments (an upload of yours not yet sent)');
    }
    const total = uploads.reduce((sum, upload) => sum + upload.size, 0);
    if (total > this.config.attachments.replyMaxBytes) {
      throw new ApiException(
        HttpStatus.BAD_REQUEST,
        `Invalid field: attachments (at most ${this.config.attachments.replyMaxBytes} bytes in all, REPLY_MAX_BYTES)`,
      );
    }
    await this.attachments.attach(unique, place, tx);
    return uploads;
  }

  /** 413: a file over ATTACHMENT_MAX_BYTES (the upload route says so before reading, when told the size). */
  fileTooLarge(): ApiException {
    const max = this.config.attachments.maxBytes;
    return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, `A file may be at most ${max} bytes (ATTACHMENT_MAX_BYTES)`);
  }

  /** Deletes the uploads no reply used within UNUSED_UPLOAD_MS (a batch at a time); answers how many. */
  async forgetUnusedUploads(): Promise<number> {
    const before = new Date(this.clock.nowMs() - UNUSED_UPLOAD_MS);
    let forgotten = 0;
    for (;;) {
      const ids = await this.attachments.unusedUploadsBefore(before, 500);
      if (ids.length === 0) {
        return forgotten;
      }
      await this.attachments.deleteUploads(ids);
      forgotten += ids.length;
    }
  }

  /** The files a message carries, each with its bytes as a stream (an outgoing mail's parts). */
  async filesOf(messageId: string): Promise<{ attachment: AttachmentEntity; bytes: () => Promise<Readable> }[]> {
    const files = await this.attachments.ofMessage(messageId);
    return files
      .filter((file) => file.state === 'stored')
      .map((attachment) => ({ attachment, bytes: () => this.bytesOf(attachment) }));
  }

  /** A stored file and its bytes as a stream read one piece at a time (memory stays flat). 404 unless stored. */
  async download(id: string): Promise<{ attachment: AttachmentEntity; bytes: Readable }> {
    const attachment = await this.attachments.findById(id);
    if (!attachment || attachment.submissionId === null || attachment.state !== 'stored') {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    return { attachment, bytes: await this.bytesOf(attachment) };
  }

  /** A stored file's bytes as a stream read one piece at a time. */
  private async bytesOf(attachment: AttachmentEntity): Promise<Readable> {
    // The first piece is opened before anything is sent: a file whose key was removed is a clear 409,
    // not a download cut short.
    const first = await this.openedPiece(attachment.id, 0).catch((error: unknown) => {
      if (error instanceof UndecryptableValueError) {
        throw new ApiException(HttpStatus.CONFLICT, `The file cannot be decrypted: ${error.why}`);
      }
      throw error;
    });
    // One piece read ahead at most (Readable.from's default is 16).
    return Readable.from(this.pieces(attachment.id, first), { highWaterMark: 1 });
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
