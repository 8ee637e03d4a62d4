import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NamedRefView } from '../../http/openapi/named-ref.view';

/** A median and a 90th percentile in business minutes (nearest rank); null when nothing was measured. */
export class MinuteQuantilesView {
  @ApiProperty({ type: Number, nullable: true, example: 42 })
  median_minutes!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 300 })
  p90_minutes!: number | null;
}

/** Satisfaction answers (issue 41's ratings) given in the period, by the day of the answer. */
export class SatisfactionView {
  @ApiProperty({ description: 'Answered good' })
  good!: number;

  @ApiProperty({ description: 'Answered not good' })
  not_good!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 91.7,
    description: 'Share (%) of good answers; null without any',
  })
  good_pct!: number | null;
}

/** What every row of a report says. */
export class ReportFiguresView {
  @ApiProperty({ description: 'Arrived (spam aside)' })
  created!: number;

  @ApiProperty({ description: 'Closed (and still closed)' })
  closed!: number;

  @ApiProperty({ description: 'Arrived as spam or marked spam since' })
  spam!: number;

  @ApiProperty({ type: MinuteQuantilesView, description: 'First replies given, in business minutes since arrival' })
  first_response!: MinuteQuantilesView;

  @ApiProperty({
    type: MinuteQuantilesView,
    description: 'Submissions closed, in business minutes since arrival, time in `pending` left out',
  })
  resolution!: MinuteQuantilesView;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 96.5,
    description: 'Of those closed with an SLA policy, the share (%) with no target breached; null when none',
  })
  sla_met_pct!: number | null;

  @ApiProperty({
    type: SatisfactionView,
    description:
      'Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now)',
  })
  satisfaction!: SatisfactionView;
}

export class ReportBucketView extends ReportFiguresView {
  @ApiProperty({ format: 'date', description: 'The bucket’s first day (UTC; a Monday by week)' })
  start!: string;
}

export class ReportAssigneeView extends ReportFiguresView {
  @ApiProperty({ type: NamedRefView, nullable: true, description: 'Null: unassigned' })
  assignee!: NamedRefView | null;
}

export class ReportKeyView extends ReportFiguresView {
  @ApiProperty({ type: NamedRefView })
  api_key!: NamedRefView;
}

export class ReportTagView extends ReportFiguresView {
  @ApiProperty({ example: 'billing', description: 'The label in its compared form (lower case, NFC)' })
  tag!: string;
}

export class ReportFieldValueView extends ReportFiguresView {
  @ApiProperty({
    example: 'Pro',
    description: "One of the select field's options (a submission counts under its value)",
  })
  value!: string;
}

export class BacklogView {
  @ApiProperty() new!: number;
  @ApiProperty() open!: number;
  @ApiProperty() pending!: number;
}

/** GET /staff/api/reports. */
export class ReportView {
  @ApiProperty({ format: 'date' })
  from!: string;

  @ApiProperty({
    format: 'date',
    description: 'The last day reported: the `to` asked, or today (UTC) when that is later',
  })
  to!: string;

  @ApiProperty({ enum: ['day', 'week'] })
  interval!: string;

  @ApiProperty({ type: [ReportBucketView], description: 'One per day or week of the period, oldest first' })
  buckets!: ReportBucketView[];

  @ApiProperty({ type: [ReportAssigneeView], description: 'The period by who the submission is assigned to now' })
  by_assignee!: ReportAssigneeView[];

  @ApiProperty({ type: [ReportKeyView], description: 'The period by API key' })
  by_key!: ReportKeyView[];

  @ApiProperty({
    type: [ReportTagView],
    description: 'The period by label (a submission counts under each of its labels)',
  })
  by_tag!: ReportTagView[];

  @ApiPropertyOptional({
    type: [ReportFieldValueView],
    description:
      'With `field`: the period by the value of that select field (submissions without a value are left out)',
  })
  by_field?: ReportFieldValueView[];

  @ApiProperty({
    type: BacklogView,
    description: 'Open work now (not the period): submissions per status still to finish',
  })
  backlog!: BacklogView;
}
