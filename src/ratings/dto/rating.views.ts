import { ApiProperty } from '@nestjs/swagger';
import { SatisfactionSurveyEntity } from '../entities/satisfaction-survey.entity';
import { Rating, RATINGS } from '../survey-state';

/** The requester's answer to the satisfaction survey, as the submission's detail shows it (`rating`). */
export class SubmissionRatingView {
  @ApiProperty({ enum: RATINGS })
  value!: Rating;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 2000,
    description: "The requester's own words, plain text; null: none (or it could not be decrypted)",
  })
  comment!: string | null;

  @ApiProperty({ format: 'date-time' })
  rated_at!: string;
}

/** A survey's answer as a view; null while it has none. */
export function toRatingView(survey: SatisfactionSurveyEntity | null): SubmissionRatingView | null {
  if (!survey?.rating || !survey.ratedAt) {
    return null;
  }
  return { value: survey.rating, comment: survey.comment, rated_at: survey.ratedAt.toISOString() };
}
