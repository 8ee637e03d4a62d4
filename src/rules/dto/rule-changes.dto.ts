import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import {
  CanonicalId,
  MaxCodePoints,
  Required,
  Trimmed,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';
import { isRuleActions, isRuleWhen } from '../rule-definition';
import { REQUIRED_WHEN_SCHEMA, THEN_SCHEMA, WHEN_SCHEMA } from './rule.views';

/** A name is one line: no control character at all. */
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;

/** Only an absent field skips the checks of a change. */
const present = (_object: unknown, value: unknown) => value !== undefined;

/** POST /staff/api/rules. */
export class CreateRuleDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Tag partners' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  @Matches(ONE_LINE)
  name!: string;

  @ApiProperty({ description: 'Rules run by position, lowest first (then by name)', example: 10 })
  @Required()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  position!: number;

  @ApiPropertyOptional({ default: true, description: 'A disabled rule is kept but never runs' })
  @ValidateIf(present)
  @IsBoolean()
  enabled?: boolean;

  @ApiProperty(REQUIRED_WHEN_SCHEMA)
  @Required()
  @ValidateBy({ name: 'ruleWhen', validator: { validate: isRuleWhen } })
  when!: unknown;

  @ApiProperty(THEN_SCHEMA)
  @Required()
  @ValidateBy({ name: 'ruleThen', validator: { validate: isRuleActions } })
  then!: unknown;
}

/** PATCH /staff/api/rules/:id: any of the fields, each checked as when adding. */
export class UpdateRuleDto extends PartialType(CreateRuleDto) {
  // Optional here: PartialType keeps the create's selfRequired, which this overrides.
  @ApiProperty({ ...WHEN_SCHEMA, selfRequired: false } as ApiPropertyOptions)
  override when?: unknown;
}

/** POST /staff/api/rules/test: a rule's `when` (saved or not) against a submission as it is now. */
export class TestRuleDto {
  @ApiProperty({ format: 'uuid' })
  @Required()
  @CanonicalId()
  submission_id!: string;

  @ApiProperty(REQUIRED_WHEN_SCHEMA)
  @Required()
  @ValidateBy({ name: 'ruleWhen', validator: { validate: isRuleWhen } })
  when!: unknown;
}
