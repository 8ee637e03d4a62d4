import { HttpStatus, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { isDuplicateKey } from '../database/duplicate-key';
import { CustomFieldsService, KeyFieldDefinition } from '../custom-fields/custom-fields.service';
import { ApiException } from '../http/api-exception';
import { BusinessCalendar, BusinessHours, MAX_TARGET_WEEKS } from './business-calendar';
import { CreateSlaPolicyDto, UpdateSlaPolicyDto } from './dto/sla-policy-changes.dto';
import { SlaPolicyEntity, SlaPolicyScope } from './entities/sla-policy.entity';
import { SlaPoliciesRepository } from './sla-policies.repository';
import { SlaPolicyCache } from './sla-policy-cache';

/** Policies are matched in memory at every intake: a bounded list. */
export const MAX_SLA_POLICIES = 100;

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
export const SLA_NAME_TAKEN = 'An SLA policy with this name already exists';
export const TOO_MANY_SLA_POLICIES = `There are already ${MAX_SLA_POLICIES} SLA policies, the most there may be: delete one first`;
export const NO_SLA_TARGET =
  'Invalid field: first_response_minutes (a policy sets first_response_minutes, resolution_minutes or both)';
const TOO_FAR = "a target must fall due within ten years of the policy's business hours";
/** `applies_to.fields` names a field no key has as a value it could compare: a fault of `applies_to`, as any other. */
const UNKNOWN_SCOPE_FIELD = 'Invalid field: applies_to';
export const FIRST_RESPONSE_TOO_FAR = `Invalid field: first_response_minutes (${TOO_FAR})`;
export const RESOLUTION_TOO_FAR = `Invalid field: resolution_minutes (${TOO_FAR})`;

/**
 * SLA policies (admins): written here, audited, and announced to every process (SlaPolicyCache), where
 * the next intake uses them. A change applies to submissions from then on: to new ones, and to those
 * whose priority or labels change (the contract's rule); targets already set stay as they were.
 */
@Injectable()
export class SlaPoliciesService {
  constructor(
    private readonly policies: SlaPoliciesRepository,
    private readonly cache: SlaPolicyCache,
    private readonly audit: AuditService,
    private readonly customFields: CustomFieldsService,
  ) {}

  list(): Promise<SlaPolicyEntity[]> {
    return this.policies.list();
  }

  async create(input: CreateSlaPolicyDto, actor: Actor): Promise<SlaPolicyEntity> {
    const now = new Date();
    const policy: SlaPolicyEntity = {
      id: uuidv7(),
      name: input.name,
      position: input.position,
      firstResponseMinutes: input.first_response_minutes ?? null,
      resolutionMinutes: input.resolution_minutes ?? null,
      businessHours: hoursOf(input.business_hours),
      appliesTo: scopeOf(input.applies_to),
      createdAt: now,
      updatedAt: now,
    };
    requireTarget(policy);
    requireReachableTargets(policy);
    await this.requireFields(policy.appliesTo);
    if ((await this.policies.count()) >= MAX_SLA_POLICIES) {
      throw new ApiException(HttpStatus.CONFLICT, TOO_MANY_SLA_POLICIES);
    }
    await unlessNameTaken(() => this.policies.insert(policy));
    await this.audit.record(actor, {
      action: 'sla_policy.created',
      target: { type: 'sla_policy', id: policy.id },
      after: summaryOf(policy),
    });
    await this.cache.changed();
    return policy;
  }

  async update(id: string, changes: UpdateSlaPolicyDto, actor: Actor): Promise<SlaPolicyEntity> {
    const current = await this.policies.findById(id);
    if (!current) {
      throw notFound();
    }
    const next: SlaPolicyEntity = {
      ...current,
      name: changes.name ?? current.name,
      position: changes.position ?? current.position,
      firstResponseMinutes:
        changes.first_response_minutes === undefined ? current.firstResponseMinutes : changes.first_response_minutes,
      resolutionMinutes:
        changes.resolution_minutes === undefined ? current.resolutionMinutes : changes.resolution_minutes,
      businessHours: changes.business_hours === undefined ? current.businessHours : hoursOf(changes.business_hours),
      appliesTo: changes.applies_to === undefined ? current.appliesTo : scopeOf(changes.applies_to),
    };
    requireTarget(next);
    requireReachableTargets(next);
    if (changes.applies_to !== undefined) {
      await this.requireFields(next.appliesTo);
    }
    if (JSON.stringify(summaryOf(next)) === JSON.stringify(summaryOf(current))) {
      return current;
    }
    next.updatedAt = new Date();
    await unlessNameTaken(() => this.policies.update(next));
    await this.audit.record(actor, {
      action: 'sla_policy.updated',
      target: { type: 'sla_policy', id },
      before: summaryOf(current),
      after: summaryOf(next),
    });
    await this.cache.changed();
    return next;
  }

  /**
   * Each custom field of `applies_to.fields` is a current field of some key that can be compared as
   * stored: a select (the value one of its options), a multi_select (one of its options) or a checkbox
   * (true or false), not personal (a personal value is sealed and has no comparable form).
   */
  private async requireFields(scope: SlaPolicyScope): Promise<void> {
    for (const [name, value] of Object.entries(scope.fields ?? {})) {
      const definitions = await this.customFields.definitionsOf(name);
      if (!definitions.some((found) => comparesWith(found, value))) {
        throw new ApiException(HttpStatus.BAD_REQUEST, UNKNOWN_SCOPE_FIELD);
      }
    }
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const current = await this.policies.findById(id);
    if (!current) {
      throw notFound();
    }
    if (await this.policies.delete(id)) {
      await this.audit.record(actor, {
        action: 'sla_policy.deleted',
        target: { type: 'sla_policy', id },
        before: summaryOf(current),
      });
      await this.cache.changed();
    }
  }
}

/** Whether a policy's `fields` value can match this key's definition of the field (see requireFields). */
function comparesWith({ definition, retired }: KeyFieldDefinition, value: string | boolean): boolean {
  if (retired || definition.personal) {
    return false;
  }
  switch (definition.type) {
    case 'select':
    case 'multi_select':
      return typeof value === 'string' && (definition.options ?? []).includes(value);
    case 'checkbox':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** What the audit log keeps of a policy: all of it (no personal data), hours and conditions as given. */
function summaryOf(policy: SlaPolicyEntity): Record<string, unknown> {
  return {
    name: policy.name,
    position: policy.position,
    first_response_minutes: policy.firstResponseMinutes,
    resolution_minutes: policy.resolutionMinutes,
    business_hours: policy.businessHours,
    applies_to: policy.appliesTo,
  };
}

function requireTarget(policy: SlaPolicyEntity): void {
  if (policy.firstResponseMinutes === null && policy.resolutionMinutes === null) {
    throw new ApiException(HttpStatus.BAD_REQUEST, NO_SLA_TARGET);
  }
}

/**
 * Each target must fall due within MAX_TARGET_WEEKS (ten years) of the policy's hours: hours open a
 * minute a week would put a year of minutes ten thousand years away, past what a due time can be
 * stored as (and past any promise worth making). Named by the target.
 */
function requireReachableTargets(policy: SlaPolicyEntity): void {
  const most = MAX_TARGET_WEEKS * BusinessCalendar.of(policy.businessHours).openMinutesPerWeek;
  if (policy.firstResponseMinutes !== null && policy.firstResponseMinutes > most) {
    throw new ApiException(HttpStatus.BAD_REQUEST, FIRST_RESPONSE_TOO_FAR);
  }
  if (policy.resolutionMinutes !== null && policy.resolutionMinutes > most) {
    throw new ApiException(HttpStatus.BAD_REQUEST, RESOLUTION_TOO_FAR);
  }
}

/** Validated business hours (see the DTO), stored with `holidays` always present and sorted. */
function hoursOf(value: unknown): BusinessHours | null {
  if (value === null || value === undefined) {
    return null;
  }
  const hours = value as BusinessHours;
  return {
    time_zone: hours.time_zone,
    week: hours.week,
    holidays: [...(hours.holidays ?? [])].sort(),
  };
}

/** Validated conditions (see the DTO): empty lists dropped, ids in lower case. */
function scopeOf(value: unknown): SlaPolicyScope {
  const scope = (value ?? {}) as SlaPolicyScope;
  const result: SlaPolicyScope = {};
  if (scope.api_key_ids?.length) {
    result.api_key_ids = [...new Set(scope.api_key_ids.map((id) => id.toLowerCase()))];
  }
  if (scope.priorities?.length) {
    result.priorities = [...new Set(scope.priorities)];
  }
  if (scope.tags?.length) {
    result.tags = scope.tags.map((tag) => tag.trim());
  }
  const fields = Object.entries(scope.fields ?? {});
  if (fields.length > 0) {
    // Built with Object.fromEntries: a name such as `constructor` is a property like any other.
    result.fields = Object.fromEntries(
      fields.map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
    );
  }
  return result;
}

async function unlessNameTaken(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw isDuplicateKey(error) ? new ApiException(HttpStatus.CONFLICT, SLA_NAME_TAKEN) : error;
  }
}
