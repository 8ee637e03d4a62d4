import { Module } from '@nestjs/common';
import { RatingsPersonalData } from './ratings-personal-data';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { SatisfactionSurveyEntity } from './entities/satisfaction-survey.entity';
import { RatingLinks } from './rating-links';
import { RatingsController } from './ratings.controller';
import { Ratings } from './ratings.service';
import { SatisfactionSurveysRepository } from './satisfaction-surveys.repository';
import { SatisfactionSurveys } from './satisfaction-surveys.service';

/**
 * Satisfaction ratings, in every process that closes submissions or sends, shows, exports or erases
 * their surveys: the survey made at closing (a subscriber of `status_changed`), its mail's words and
 * links, the answer, and the detail's `rating` section.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SatisfactionSurveyEntity]), SubmissionsModule, ApiKeyModule, QueueModule],
  providers: [SatisfactionSurveysRepository, SatisfactionSurveys, RatingLinks, Ratings, RatingsPersonalData],
  exports: [SatisfactionSurveysRepository, SatisfactionSurveys, Ratings],
})
export class RatingsModule {}

/** The public rating page (API process). */
@Module({ imports: [RatingsModule], controllers: [RatingsController] })
export class RatingRoutesModule {}
