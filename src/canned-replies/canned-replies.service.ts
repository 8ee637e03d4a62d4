import { HttpStatus, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { retryOnConflict } from '../database/commit-conflict';
import { isDuplicateKey } from '../database/duplicate-key';
import { ApiException } from '../http/api-exception';
import type { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { CannedRepliesRepository } from './canned-replies.repository';
import { CannedReplyEntity } from './entities/canned-reply.entity';

export interface CannedReplyChanges {
  title?: string;
  body?: string;
}

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
const titleTaken = () => new ApiException(HttpStatus.CONFLICT, 'A canned reply with this title already exists');
export const tooManyCannedReplies = (max: number) =>
  new ApiException(
    HttpStatus.CONFLICT,
    `The team already has ${max} canned replies, the most this installation keeps (CANNED_REPLIES_MAX): delete one first`,
  );

/**
 * Staff's shared answers. Every staff member reads, adds and edits them (a team's library grows with
 * whoever writes the answer); deleting is for admins and the one who added it. Each write is an audit
 * event naming the title, never the body.
 */
@Injectable()
export class CannedRepliesService {
  constructor(
    private readonly replies: CannedRepliesRepository,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  list(): Promise<CannedReplyEntity[]> {
    return this.replies.list();
  }

  async create(input: { title: string; body: string }, author: StaffAccountEntity, actor: Actor) {
    const now = new Date();
    const reply: CannedReplyEntity = {
      id: uuidv7(),
      title: input.title,
      body: input.body,
      authorId: author.id,
      createdAt: now,
      updatedAt: now,
    };
    // Bounded (issue 36): the menu and the list are read whole, so their size is the installation's choice.
    const max = this.config.cannedReplies.maxCount;
    let stored = false;
    await this.unlessTitleTaken(async () => {
      stored = await retryOnConflict(() => this.replies.insertWithin(reply, max));
    });
    if (!stored) {
      throw tooManyCannedReplies(max);
    }
    await this.audit.record(actor, {
      action: 'canned_reply.created',
      target: { type: 'canned_reply', id: reply.id },
      after: { title: reply.title },
    });
    return { ...reply, author };
  }

  /** Changes title and/or body; the same values again change nothing (and record nothing). */
  async update(id: string, changes: CannedReplyChanges, actor: Actor): Promise<CannedReplyEntity> {
    const current = await this.replies.findById(id);
    if (!current) {
      throw notFound();
    }
    const next: CannedReplyChanges = {};
    if (changes.title !== undefined && changes.title !== current.title) {
      next.title = changes.title;
    }
    if (changes.body !== undefined && changes.body !== current.body) {
      next.body = changes.body;
    }
    if (Object.keys(next).length === 0) {
      return current;
    }
    const updatedAt = new Date();
    await this.unlessTitleTaken(() => this.replies.update(id, { ...next, updatedAt }));
    await this.audit.record(actor, {
      action: 'canned_reply.updated',
      target: { type: 'canned_reply', id },
      before: { title: current.title },
      after: { title: next.title ?? current.title, ...(next.body !== undefined ? { body_changed: true } : {}) },
    });
    return { ...current, ...next, updatedAt };
  }

  /** Deletes one: its author or an admin (403 for anyone else). */
  async remove(id: string, account: StaffAccountEntity, actor: Actor): Promise<void> {
    const current = await this.replies.findById(id);
    if (!current) {
      throw notFound();
    }
    if (account.role !== 'admin' && account.id !== current.authorId) {
      throw new ApiException(HttpStatus.FORBIDDEN, 'Forbidden: only its author or an admin deletes a canned reply');
    }
    if (await this.replies.delete(id)) {
      await this.audit.record(actor, {
        action: 'canned_reply.deleted',
        target: { type: 'canned_reply', id },
        before: { title: current.title },
      });
    }
  }

  private async unlessTitleTaken(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      throw isDuplicateKey(error) ? titleTaken() : error;
    }
  }
}
