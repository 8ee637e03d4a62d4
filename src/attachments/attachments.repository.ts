import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { AttachmentChunkEntity } from './entities/attachment-chunk.entity';
import { AttachmentEntity } from './entities/attachment.entity';

/** Chunks written by one INSERT: a statement stays near a megabyte, well under max_allowed_packet. */
const CHUNKS_PER_INSERT = 4;

/** Every query of the `attachments` and `attachment_chunks` tables. */
@Injectable()
export class AttachmentsRepository {
  constructor(
    @InjectRepository(AttachmentEntity) private readonly attachments: Repository<AttachmentEntity>,
    @InjectRepository(AttachmentChunkEntity) private readonly chunks: Repository<AttachmentChunkEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /** Stores a file's row, its name sealed when encryption at rest is on (in `tx` when given). */
  async insert(attachment: AttachmentEntity, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(AttachmentEntity) : this.attachments;
    await repository.insert(this.cipher.sealRow('attachments', { ...attachment }));
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

  /** The files of these submissions (their requests' and their messages'), oldest first. */
  ofSubmissions(submissionIds: string[]): Promise<AttachmentEntity[]> {
    return submissionIds.length === 0
      ? Promise.resolve([])
      : this.attachments.find({ where: { submissionId: In(submissionIds) }, order: { createdAt: 'ASC', id: 'ASC' } });
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
    const files = await tx
      .getRepository(AttachmentEntity)
      .find({ select: { id: true }, where: { submissionId: In(submissionIds) } });
    const ids = files.map((file) => file.id);
    if (ids.length > 0) {
      await tx.getRepository(AttachmentChunkEntity).delete({ attachmentId: In(ids) });
      await tx.getRepository(AttachmentEntity).delete({ id: In(ids) });
    }
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

  /** Deletes these files and their pieces (uploads no reply used). */
  async deleteByIds(ids: string[], tx: Transaction): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await tx.getRepository(AttachmentChunkEntity).delete({ attachmentId: In(ids) });
    await tx.getRepository(AttachmentEntity).delete({ id: In(ids), submissionId: IsNull() });
  }
}
