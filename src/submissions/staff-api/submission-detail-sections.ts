import { Injectable } from '@nestjs/common';

/** A section of the staff detail of one submission that another room contributes (its webhooks, say). */
export type DetailSection = (submissionId: string) => Promise<unknown>;

/**
 * The sections of the staff detail that rooms consuming submissions contribute (webhooks' deliveries,
 * conversations' timeline): they register when they start, so arrows point into submissions/.
 */
@Injectable()
export class SubmissionDetailSections {
  private readonly sections = new Map<string, DetailSection>();

  add(name: string, section: DetailSection): void {
    this.sections.set(name, section);
  }

  /** Every registered section of the detail of `submissionId`, by name. */
  async of(submissionId: string): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.sections].map(async ([name, section]) => [name, await section(submissionId)] as const),
    );
    return Object.fromEntries(entries);
  }
}
