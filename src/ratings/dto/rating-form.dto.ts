import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import {
  MaxCodePoints,
  NoControlCharacters,
  Optional,
  Required,
  WellFormedUnicode,
} from '../../http/validation/contract-fields';
import { COMMENT_MAX } from '../rating-page';
import { Rating, RATINGS } from '../survey-state';

/** POST /rate: the rating page's form (`application/x-www-form-urlencoded`, as a browser sends it). */
export class RatingFormDto {
  @ApiProperty({
    description: "The token of the survey's link (the page carries it in a hidden field)",
    maxLength: 100,
  })
  @Required()
  @IsString()
  @MaxLength(100)
  token!: string;

  @ApiProperty({ enum: RATINGS })
  @Required()
  @IsIn(RATINGS)
  rating!: Rating;

  @ApiPropertyOptional({
    maxLength: COMMENT_MAX,
    description: 'What the requester wants to add, as plain text (line breaks kept); empty: none',
  })
  @Optional()
  @IsString()
  @MaxCodePoints(COMMENT_MAX)
  @NoControlCharacters()
  @WellFormedUnicode()
  comment?: string;
}
