import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RATING_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { RatingFormDto } from './dto/rating-form.dto';
import { SubmissionRatingView } from './dto/rating.views';
import { RATING_PAGE_HEADERS, RatingPage, renderRatingPage } from './rating-page';
import { Ratings } from './ratings.service';

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});

/**
 * The page a satisfaction survey's links open, and its form: plain HTML, no script, no sign-in (the
 * link's signed token is the only credential). The token is in the query string, which the request log
 * leaves out. Its detail view is named here so the document has it (the detail names it by schema).
 */
@ApiTags('ratings')
@ApiExtraModels(SubmissionRatingView)
@Controller()
export class RatingsController {
  constructor(private readonly ratings: Ratings) {}

  @Get(RATING_PATH)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "A survey link's page: the rating form, the link's choice preselected; opening it records nothing",
    description:
      'What the survey mail links to (`?token=...&rating=good|not_good`). Mail scanners open links, so a GET ' +
      'never rates: the page shows the form (HTML, no script) with the choice preselected and an optional ' +
      'comment, and only sending it records the rating. A link already used shows the recorded rating.',
  })
  @ApiQuery({
    name: 'token',
    required: true,
    description: "The survey link's signed token",
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'rating',
    required: false,
    description: 'The choice to preselect: `good` or `not_good` (anything else preselects none)',
    schema: { type: 'string' },
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('The form, or the rating recorded before') })
  @ApiResponse({ status: 404, ...html('Not a valid link: altered, cut short, expired (30 days), or of erased data') })
  async open(
    @Query('token') token: unknown,
    @Query('rating') rating: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.send(reply, await this.ratings.page(token, rating));
  }

  @Post(RATING_PATH)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "The rating page's form: records the rating and comment once",
    description:
      'Sent by the page as `application/x-www-form-urlencoded`. The first answer of a survey is recorded (the ' +
      'webhook event `submission.rated` goes out); any later one changes nothing and is answered 409.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: RatingFormDto })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, ...html('Recorded: the thank-you page') })
  @ApiResponse({ status: 404, ...html('Not a valid link: altered, cut short, expired (30 days), or of erased data') })
  @ApiResponse({ status: 409, ...html('Rated before: the page says how; nothing changed') })
  @ApiErrors({
    400: ['Missing field: rating', 'Invalid field: rating', 'Invalid field: comment', 'Unknown field: x'],
    413: ['Request body too large'],
    415: ['Unsupported Content-Type: expected application/x-www-form-urlencoded'],
  })
  @ApiResponse({ status: 415, description: 'Body is not application/x-www-form-urlencoded' })
  async answer(@Body() form: RatingFormDto, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.ratings.answer(form));
  }

  private async send(reply: FastifyReply, page: RatingPage): Promise<void> {
    const { status, html } = renderRatingPage(page);
    await reply.code(status).headers(RATING_PAGE_HEADERS).send(html);
  }
}
