import { Injectable } from '@nestjs/common';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionState } from './submission-state';
import { SubmissionDeliveryRepository } from './submission-delivery.repository';

/** What the operator's `submissions list` shows (sending again is delivery/'s RedeliveryService). */
@Injectable()
export class SubmissionsService {
  constructor(private readonly submissions: SubmissionDeliveryRepository) {}

  list(state?: SubmissionState, limit = 100): Promise<SubmissionEntity[]> {
    return this.submissions.list(state, limit);
  }
}
