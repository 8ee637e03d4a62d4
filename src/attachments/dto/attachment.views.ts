import { ApiProperty } from '@nestjs/swagger';
import type { AttachmentEntity, AttachmentState } from '../entities/attachment.entity';

const STATES: AttachmentState[] = ['stored', 'too_large', 'described', 'uploading'];

/** A file of a submission's timeline (or an upload), as the staff API shows it. */
export class AttachmentView {
  @ApiProperty({ format: 'uuid', description: 'GET /staff/api/attachments/{id} downloads it (when stored)' })
  id!: string;

  @ApiProperty({ description: 'The file name as sent' })
  name!: string;

  @ApiProperty({ example: 'image/png', description: 'The media type the sender declared' })
  type!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes' })
  size!: number;

  @ApiProperty({ type: String, nullable: true, description: 'SHA-256 of the bytes, hex (null: never stored)' })
  sha256!: string | null;

  @ApiProperty({ description: 'A PNG, JPEG, GIF or WebP whose bytes are what it claims: may be shown inline' })
  inline_image!: boolean;

  @ApiProperty({
    enum: STATES,
    description:
      'stored: the bytes can be downloaded; too_large: over ATTACHMENT_MAX_BYTES, described only; described: ' +
      'arrived before files were kept; uploading: an upload not yet complete',
  })
  state!: AttachmentState;
}

export function toAttachmentView(attachment: AttachmentEntity): AttachmentView {
  return {
    id: attachment.id,
    name: attachment.name ?? '(unreadable name)',
    type: attachment.type,
    size: attachment.size,
    sha256: attachment.sha256,
    inline_image: attachment.inlineImage,
    state: attachment.state,
  };
}

/** A staff member's upload, ready to go with a reply. */
export class UploadView {
  @ApiProperty({ format: 'uuid', description: 'Name it in a reply: "attachments": [id]' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    example: 'application/pdf',
    description: "From the name's extension (application/octet-stream when unknown)",
  })
  type!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes' })
  size!: number;

  @ApiProperty({ description: 'SHA-256 of the bytes, hex' })
  sha256!: string;
}

export function toUploadView(attachment: AttachmentEntity): UploadView {
  return {
    id: attachment.id,
    name: attachment.name,
    type: attachment.type,
    size: attachment.size,
    sha256: attachment.sha256 ?? '',
  };
}
