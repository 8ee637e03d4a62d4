import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '../common/crypto';
import { BatchedInsert } from '../database/batched-insert';
import { MetricsService } from '../metrics/metrics.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionDispatcher } from './submission-dispatcher.service';

/** How long an Idempotency-Key keeps answering with its first submission. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
const USER_AGENT_MAX = 512;
/** Each column of a stored submission and the entity property it comes from, in INSERT order. */
const INSERT_COLUMNS: readonly (readonly [string, keyof SubmissionEntity])[] = [
  ['id', 'id'],
  ['api_key_id', 'apiKeyId'],
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['business', 'business'],
  ['message', 'message'],
  ['client_ip', 'clientIp'],
  ['user_agent', 'userAgent'],
  ['idempotency_key', 'idempotencyKey'],
  ['state', 'state'],
  ['attempts', 'attempts'],
  ['last_error', 'lastError'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['processed_at', 'processedAt'],
];

export interface SubmissionContext {
  apiKeyId: string;
  clientIp: string;
  userAgent?: string;
  idempotencyKey?: string;
}

@Injectable()
export class ContactService {
  /** Submissions that arrive together are stored with one statement (see BatchedInsert). */
  private readonly inserts: BatchedInsert;

  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    private readonly dispatcher: SubmissionDispatcher,
    private readonly metrics: MetricsService,
  ) {
    this.inserts = new BatchedInsert(
      (sql, values) => submissions.query(sql, values),
      'submissions',
      INSERT_COLUMNS.map(([column]) => column),
    );
  }

  /**
   * Stores a submission and returns its id once committed. The row is inserted in state `received`
   * (its own outbox entry) in one statement, then handed to the queue.
   * With an Idempotency-Key, a repeat within 24 hours returns the first id and stores nothing; two
   * concurrent repeats meet at the unique index (api_key_id, idempotency_key).
   */
  async submit(dto: CreateSubmissionDto, context: SubmissionContext): Promise<string> {
    const idempotencyKey = context.idempotencyKey === undefined ? null : sha256Hex(context.idempotencyKey);
    if (idempotencyKey) {
      const earlier = await this.findByIdempotencyKey(context.apiKeyId, idempotencyKey);
      if (earlier) {
        return earlier;
      }
    }
    const now = new Date();
    const submission: SubmissionEntity = {
      id: uuidv7(),
      apiKeyId: context.apiKeyId,
      name: dto.name,
      email: dto.email || null,
      phone: dto.phone || null,
      business: dto.business || null,
      message: dto.message || null,
      clientIp: context.clientIp,
      userAgent: context.userAgent ? context.userAgent.slice(0, USER_AGENT_MAX) : null,
      idempotencyKey,
      state: 'received',
      attempts: 0,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      processedAt: null,
    };
    try {
      await this.insert(submission);
    } catch (error) {
      if (idempotencyKey && isDuplicateKey(error)) {
        const earlier = await this.findByIdempotencyKey(context.apiKeyId, idempotencyKey);
        if (earlier) {
          return earlier;
        }
      }
      throw error;
    }
    this.metrics.submissionAccepted();
    this.dispatcher.dispatch(submission.id);
    return submission.id;
  }

  /**
   * Plain parameterised INSERTs, grouped with those of concurrent requests: TypeORM's query builder cost
   * about a sixth of a submission's CPU (and insert() read every row back), and one statement per
   * request made MariaDB the bottleneck under load. A duplicate Idempotency-Key fails only its own row.
   */
  private insert(submission: SubmissionEntity): Promise<void> {
    return this.inserts.insert(INSERT_COLUMNS.map(([, property]) => submission[property]));
  }

  /** The id of this key's earlier submission with the same Idempotency-Key, if it is still in its window. */
  private async findByIdempotencyKey(apiKeyId: string, idempotencyKey: string): Promise<string | null> {
    const earlier = await this.submissions.findOne({
      select: { id: true, createdAt: true },
      where: { apiKeyId, idempotencyKey },
    });
    if (!earlier) {
      return null;
    }
    if (Date.now() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
      return earlier.id;
    }
    // Expired: release the key so this request is stored as a new submission.
    await this.submissions.update({ id: earlier.id, idempotencyKey }, { idempotencyKey: null });
    return null;
  }
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === 'ER_DUP_ENTRY';
}
