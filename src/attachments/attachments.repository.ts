import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { AttachmentChunkEntity } from './entities/attachment-chunk.entity';
import { AttachmentEntity } from './entities/attachment.entity';

/** Chunks written by one INSERT: a statement stays near a megabyte, well under max_allowed_packet. */
const CHUNKS_PER_INSERT = 8;

/** Deletes these files, pieces first (the pieces' foreign key), in `tx`. */
async function deleteWithPieces(ids: string[], tx: Transaction): Promise<void> {
  if (ids.length > 0) {
    await tx.getRepository(AttachmentChunkEntity).delete({ attachmentId: In(ids) });
    await tx.getRepository(AttachmentEntity).delete({ id: In(ids) });
  }
}

/** Every query of the `attachments` and `attachment_chunks` tables. */
@Injectable()
export class AttachmentsRepository {
  constructor(
    @InjectRepository(AttachmentEntity) private readonly attachments: Repository<AttachmentEntity>,
    @InjectRepository(AttachmentChunkEntity) private readonly chunks: Repository<AttachmentChunkEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Stores a file's row, its name, hash and type sealed when encryption at rest is on (in `tx` when
   * given); `attachment.encKeyId` says which key they are sealed with afterwards.
   */
  async insert(attachment: AttachmentEntity, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(AttachmentEntity) : this.attachments;
    const sealed = this.cipher.sealRow('attachments', { ...attachment });
    await repository.insert(sealed);
    attachment.encKeyId = sealed.encKeyId;
  }

  /** Stores pieces of a file, already sealed (in `tx` when given). */
  async insertChunks(chunks: AttachmentChunkEntity[], tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(AttachmentChunkEntity) : this.chunks;
    for (let start = 0; start < chunks.length; start += CHUNKS_PER_INSERT) {
      await repository.insert(chunks.slice(start, start + CHUNKS_PER_INSERT));
    }
  }

  findById(id: string): Promise<AttachmentEntity | null> {
    return this.attachments.findOneBy({ id });
  }

  /** One piece of a file, as stored (sealed or not), or null past its last one. */
  chunk(attachmentId: string, seq: number): Promise<AttachmentChunkEntity | null> {
    return this.chunks.findOneBy({ attachmentId, seq });
  }

  /**
   * The files of these submissions (their requests' and their messages'), oldest first; `movedFrom`:
   * also those a merge moved from them into another submission (the personal-data export).
   */
  ofSubmissions(submissionIds: string[], options: { movedFrom?: boolean } = {}): Promise<AttachmentEntity[]> {
    const where = [
      { submissionId: In(submissionIds) },
      ...(options.movedFrom ? [{ mergedFromId: In(submissionIds) }] : []),
    ];
    return submissionIds.length === 0
      ? Promise.resolve([])
      : this.attachments.find({ where, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Whether the request itself (no message) of a submission has files already (a mail taken twice). */
  async requestHasFiles(submissionId: string, tx?: Transaction): Promise<boolean> {
    const repository = tx ? tx.getRepository(AttachmentEntity) : this.attachments;
    return (await repository.countBy({ submissionId, messageId: IsNull() })) > 0;
  }

  /** Deletes the files of these submissions, pieces first (in `tx`). */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    if (submissionIds.length === 0) {
      return;
    }
    // Also those a merge moved from these submissions into another.
    const files = await tx.getRepository(AttachmentEntity).find({
      select: { id: true },
      where: [{ submissionId: In(submissionIds) }, { mergedFromId: In(submissionIds) }],
    });
    await deleteWithPieces(
      files.map((file) => file.id),
      tx,
    );
  }

  /**
   * Moves a submission's files into another (a merge), in `tx`; each keeps the submission it came from
   * (`merged_from_id`, the first through a chain of merges). The files of the messages in
   * `stayingMessageIds` (those the merge left with the source) stay with them.
   */
  async moveToSubmission(
    sourceId: string,
    targetId: string,
    tx: Transaction,
    stayingMessageIds: string[] = [],
  ): Promise<void> {
    const query = tx
      .createQueryBuilder()
      .update(AttachmentEntity)
      .set({ submissionId: targetId, mergedFromId: () => 'COALESCE(merged_from_id, :sourceId)' })
      .where('submission_id = :sourceId', { sourceId });
    if (stayingMessageIds.length > 0) {
      query.andWhere('(message_id IS NULL OR message_id NOT IN (:...stayingMessageIds))', { stayingMessageIds });
    }
    await query.execute();
  }

  /** The files a message carries, oldest first. */
  ofMessage(messageId: string): Promise<AttachmentEntity[]> {
    return this.attachments.find({ where: { messageId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * An upload received whole: its size, hash (sealed like the name it was stored with) and whether it is
   * an image, once (it leaves `uploading`). Only these columns: the row's name and type stay as sealed
   * at insert (issue 53: the whole entity written back here had put the name back in clear).
   */
  async finishUpload(
    upload: Pick<AttachmentEntity, 'id' | 'encKeyId'>,
    done: Pick<AttachmentEntity, 'size' | 'sha256' | 'inlineImage'>,
  ): Promise<boolean> {
    const { size, inlineImage } = done;
    // Sealed under the row's key, named in the WHERE: a re-encryption (privacy reencrypt) that moved
    // the row to another key meanwhile makes it match nothing, and the hash is sealed again under the
    // key the row has now (a few times at most: a re-encryption moves a row once).
    let sealedUnder: Pick<AttachmentEntity, 'id' | 'encKeyId'> = upload;
    for (let tries = 0; tries < 3; tries++) {
      const { sha256 } = this.cipher.sealRowUnder('attachments', sealedUnder, { sha256: done.sha256 });
      const result = await this.attachments.update(
        { id: upload.id, state: 'uploading', encKeyId: sealedUnder.encKeyId ?? IsNull() },
        { size, sha256, inlineImage, state: 'stored' },
      );
      if (result.affected === 1) {
        return true;
      }
      const current = await this.attachments.findOne({
        where: { id: upload.id },
        select: { id: true, encKeyId: true, state: true },
      });
      if (current?.state !== 'uploading') {
        return false;
      }
      sealedUnder = current;
    }
    return false;
  }

  /**
   * The uploads of `ownerId` among `ids` that no reply has used yet, locked for `tx` (two replies
   * cannot both take one).
   */
  unusedUploadsOf(ids: string[], ownerId: string, tx: Transaction): Promise<AttachmentEntity[]> {
    return tx.getRepository(AttachmentEntity).find({
      where: { id: In(ids), ownerId, submissionId: IsNull(), state: 'stored' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Gives these uploads to a submission's message (in the reply's `tx`). */
  async attach(ids: string[], place: { submissionId: string; messageId: string }, tx: Transaction): Promise<void> {
    await tx.getRepository(AttachmentEntity).update({ id: In(ids), submissionId: IsNull() }, place);
  }

  /** The bytes of every stored file (what the metric attachment_bytes_stored reports). */
  async bytesStored(): Promise<number> {
    const row = (await this.attachments
      .createQueryBuilder('attachment')
      .select('COALESCE(SUM(attachment.size), 0)', 'bytes')
      .where('attachment.state = :state', { state: 'stored' })
      .getRawOne()) as { bytes: string | number };
    return Number(row.bytes);
  }

  /** Uploads no reply used, made before `before`: their ids (at most `limit`). */
  async unusedUploadsBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await this.attachments.find({
      select: { id: true },
      where: { submissionId: IsNull(), createdAt: LessThan(before) },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /** Deletes uploads no reply used (an upload that failed, or one left for a day), pieces first. */
  async deleteUploads(ids: string[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    // Locked as a reply locks the uploads it takes (unusedUploadsOf): one a reply took meanwhile is left.
    await this.attachments.manager.transaction(async (tx) => {
      const unused = await tx.getRepository(AttachmentEntity).find({
        select: { id: true },
        where: { id: In(ids), submissionId: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      await deleteWithPieces(
        unused.map((row) => row.id),
        tx,
      );
    });
  }
}
