import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../clock/clock';
import { isDuplicateKey } from '../database/duplicate-key';
import { sha256Hex } from '../database/sha256';
import { MetricsService } from '../metrics/metrics.service';
import { SlaTracker } from '../service-levels/sla-tracker.service';
import { SpamFilter } from '../spam/spam-filter.service';
import { SYSTEM_ACTOR } from '../audit/actor';
import { ruleFieldValuesAtIntake } from '../rules/rule-field-conditions';
import { ArrivalTexts, RuleRunner } from '../rules/rule-runner';
import { DEFAULT_PRIORITY } from '../submissions/lifecycle/submission-priority';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { CustomFieldsService } from '../custom-fields/custom-fields.service';
import type { FieldDefinition } from '../custom-fields/field-definitions';
import type { FieldSet } from '../custom-fields/field-set';
import type { FieldValue } from '../custom-fields/field-values';
import { checkedBody } from '../http/validation/contract-validation.pipe';
import { fieldIndexRowsOf, fieldValuesColumn } from '../submissions/lifecycle/submission-fields';
import { NewSubmission, SubmissionIntakeRepository } from '../submissions/lifecycle/submission-intake.repository';

/** How long an Idempotency-Key keeps answering with its first submission. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
const USER_AGENT_MAX = 512;

export interface SubmissionContext {
  apiKeyId: string;
  /** The key's `spam_filter`: whether the intake's spam checks run. */
  spamFilter: boolean;
  clientIp: string;
  userAgent?: string;
  idempotencyKey?: string;
  /**
   * Made from inbound mail: whether the trusted receiving server vouched for the From domain (only
   * then is it acknowledged). Absent for the public API.
   */
  senderVerified?: boolean;
  /** Made from inbound mail: the mail's subject, which rules' `subject` conditions read. */
  subject?: string;
  /** The custom fields' values the body held (checked against `fieldSet`); absent: none. */
  fields?: { set: FieldSet; values: ReadonlyMap<string, FieldValue> };
}

/** What the public API knows of a request besides its body and key. */
export type ClientRequestContext = Pick<SubmissionContext, 'clientIp' | 'userAgent' | 'idempotencyKey'>;

/** GET /contact_api.php: its body and ETag. */
export interface IntakeForm {
  body: { status: 'success'; fields: FieldDefinition[]; schema: Record<string, unknown> };
  etag: string;
}

@Injectable()
export class ContactService {
  constructor(
    private readonly submissions: SubmissionIntakeRepository,
    private readonly metrics: MetricsService,
    private readonly spam: SpamFilter,
    private readonly facts: SubmissionFactRecorder,
    private readonly clock: Clock,
    private readonly serviceLevels: SlaTracker,
    private readonly rules: RuleRunner,
    private readonly customFields: CustomFieldsService,
  ) {}

  /**
   * POST /contact_api.php: the body checked in the contract's order (part one's fields, then the key's
   * custom fields in `fields`), then stored (see submit).
   */
  async accept(body: unknown, apiKey: ApiKeyEntity, request: ClientRequestContext): Promise<string> {
    const set = await this.customFields.forIntake(apiKey);
    // `fields` is a member of the body only for a key that takes fields: else unknown, as before part five.
    const dto = checkedBody(CreateSubmissionDto, body, set.takesFields ? 'fields' : undefined);
    const values = set.takesFields ? set.checkIntake((body as { fields?: unknown }).fields) : undefined;
    return this.submit(dto, {
      ...request,
      apiKeyId: apiKey.id,
      spamFilter: apiKey.spamFilter,
      fields: values && values.size > 0 ? { set, values } : undefined,
    });
  }

  /** GET /contact_api.php: the key's client fields and the JSON Schema of its body, with an ETag. */
  async form(apiKey: ApiKeyEntity): Promise<IntakeForm> {
    const set = await this.customFields.forIntake(apiKey);
    const body = {
      status: 'success' as const,
      fields: set.clientFields,
      schema: set.bodySchema() as Record<string, unknown>,
    };
    return { body, etag: `"${sha256Hex(JSON.stringify(body)).slice(0, 32)}"` };
  }

  /**
   * Stores a submission and returns its id once committed, then hands it to the queue.
   * With an Idempotency-Key, a repeat within 24 hours returns the first id and stores nothing; two
   * concurrent repeats meet at the unique index (api_key_id, idempotency_key), so a retry is never
   * checked as a duplicate of itself.
   *
   * Spam is stored too, flagged (status `spam`, its reasons), and answered exactly as clean submissions
   * are: same status, body and headers, and the same work on the way (every submission takes the same
   * checks, the same INSERT and the same queue add), so a bot learns nothing from the answer.
   */
  async submit(dto: CreateSubmissionDto, context: SubmissionContext): Promise<string> {
    const idempotencyKey = context.idempotencyKey === undefined ? null : sha256Hex(context.idempotencyKey);
    if (idempotencyKey) {
      const earlier = await this.findByIdempotencyKey(context.apiKeyId, idempotencyKey);
      if (earlier) {
        return earlier;
      }
    }
    const spam = await this.spam.check({ id: context.apiKeyId, spamFilter: context.spamFilter }, dto, idempotencyKey);
    const now = this.clock.now();
    const id = uuidv7();
    const status = spam.reasons.length > 0 ? 'spam' : 'new';
    const fields = context.fields;
    // From the policies in memory: no database round trip (issue 41); its fields as the index will hold them.
    const { columns: sla, checksAt } = await this.serviceLevels.atIntake({
      apiKeyId: context.apiKeyId,
      status,
      createdAt: now,
      fieldValues: fields ? () => fieldIndexRowsOf(id, fields.set, fields.values) : undefined,
    });
    // Rules of `received` are matched in memory too: only when one matches does the row go in a
    // transaction with what the rules change (issue 42); otherwise the grouped INSERT as ever.
    let ruleFields: ArrivalTexts['fields'];
    const texts: ArrivalTexts = {
      subject: context.subject ?? null,
      // Made when a rule reads a field, once: most intakes match no rule on fields.
      get fields() {
        if (ruleFields === undefined && fields) {
          ruleFields = ruleFieldValuesAtIntake(fields.set, fields.values);
        }
        return ruleFields;
      },
    };
    const byRules = await this.rules.matchAtIntake({
      apiKeyId: context.apiKeyId,
      email: dto.email || null,
      subject: texts.subject,
      message: dto.message || null,
      tags: [],
      priority: DEFAULT_PRIORITY,
      status,
      get fields() {
        return texts.fields;
      },
    });
    try {
      const submission: NewSubmission = {
        id,
        apiKeyId: context.apiKeyId,
        name: dto.name,
        email: dto.email || null,
        // Made once: the spam check hashed the same address.
        emailHash: spam.senderHash,
        phone: dto.phone || null,
        business: dto.business || null,
        message: dto.message || null,
        clientIp: context.clientIp,
        userAgent: context.userAgent ? context.userAgent.slice(0, USER_AGENT_MAX) : null,
        idempotencyKey,
        status,
        spamReasons: spam.reasons.length > 0 ? spam.reasons.join(',') : null,
        senderVerified: context.senderVerified ?? null,
        createdAt: now,
        updatedAt: now,
        sla,
        // In the row itself: one INSERT as ever (the worker derives the filter index from it).
        fieldValues: context.fields ? fieldValuesColumn(context.fields.values) : null,
      };
      await (byRules ? this.rules.storeAtIntake(submission, texts) : this.submissions.insert(submission));
    } catch (error) {
      const twinStored = idempotencyKey !== null && isDuplicateKey(error);
      if (!twinStored) {
        // Not stored: its content must not make its own retry a duplicate. (A concurrent retry that
        // stored the row keeps the content recorded.)
        await spam.undo();
      }
      if (idempotencyKey && isDuplicateKey(error)) {
        const earlier = await this.findByIdempotencyKey(context.apiKeyId, idempotencyKey);
        if (earlier) {
          return earlier;
        }
      }
      throw error;
    }
    this.metrics.submissionAccepted();
    // Committed already (the grouped INSERT): its handlers hand it to the queue and schedule its checks.
    await this.facts.announce({
      name: 'received',
      submissionId: id,
      apiKeyId: context.apiKeyId,
      actor: SYSTEM_ACTOR,
      data: { flagged: spam.reasons.length > 0, slaChecksAt: checksAt },
    });
    return id;
  }

  /** The id of this key's earlier submission with the same Idempotency-Key, if it is still in its window. */
  private async findByIdempotencyKey(apiKeyId: string, idempotencyKey: string): Promise<string | null> {
    const earlier = await this.submissions.findByIdempotencyKey(apiKeyId, idempotencyKey);
    if (!earlier) {
      return null;
    }
    if (this.clock.nowMs() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
      return earlier.id;
    }
    // Expired: release the key so this request is stored as a new submission.
    await this.submissions.releaseIdempotencyKey(earlier.id, idempotencyKey);
    return null;
  }
}
