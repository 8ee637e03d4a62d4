import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CanonicalId, Optional, Required } from '../../http/validation/contract-fields';
import { PageQuery } from '../../http/validation/page-query';
import { WEBHOOK_DELIVERY_STATUSES, WebhookDeliveryStatus } from '../webhook-delivery-state';
import { SUBMISSION_FACTS, WEBHOOK_EVENTS } from '../../submissions/facts/submission-facts';

/** POST /staff/api/webhooks. */
export class AddWebhookDto {
  @ApiProperty({
    format: 'uri',
    maxLength: 2048,
    example: 'https://crm.example.com/hooks/contact-intake',
    description: 'An absolute http(s) URL of a public address',
  })
  @Required()
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "An API key's id; absent or null: every key's submissions",
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @CanonicalId()
  api_key_id?: string | null;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true, default: [SUBMISSION_FACTS.received.webhook.event] })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn([...WEBHOOK_EVENTS], { each: true })
  events?: string[];
}

/** GET /staff/api/deliveries. */
export class WebhookDeliveryQuery extends PageQuery {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @Optional()
  @IsIn([...WEBHOOK_DELIVERY_STATUSES])
  status?: WebhookDeliveryStatus;

  @ApiPropertyOptional({ description: 'A destination id, or `config` for STAFF_WEBHOOK_URL' })
  @Optional()
  @IsString()
  @MaxLength(36)
  destination_id?: string;
}
