import { ApiProperty } from '@nestjs/swagger';
import { NamedRefView } from '../../http/openapi/named-ref.view';
import { CannedReplyEntity } from '../entities/canned-reply.entity';

export const BODY_EXAMPLE = 'Hello {{name}},\n\nthank you for your message [#{{ref}}]: ...\n\n{{agent}}';
export const PLACEHOLDERS =
  '`{{name}}` (the requester), `{{ref}}` (the reference) and `{{agent}}` (who inserts it) are filled in ' +
  'where the reply is written; any other `{{...}}` stays as written';

/** A canned reply as the staff API shows it. */
export class CannedReplyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Invoice sent again' })
  title!: string;

  @ApiProperty({ example: BODY_EXAMPLE, description: PLACEHOLDERS })
  body!: string;

  @ApiProperty({ type: NamedRefView, description: 'Who added it (may delete it, as admins may)' })
  author!: NamedRefView;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export function toCannedReplyView(reply: CannedReplyEntity): CannedReplyView {
  return {
    id: reply.id,
    title: reply.title,
    body: reply.body,
    author: { id: reply.authorId, name: reply.author?.name ?? '' },
    created_at: reply.createdAt.toISOString(),
    updated_at: reply.updatedAt.toISOString(),
  };
}
