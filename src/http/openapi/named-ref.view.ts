import { ApiProperty } from '@nestjs/swagger';

/** What the staff API shows of a staff account or API key another record refers to. */
export class NamedRefView {
  @ApiProperty({ example: '01a20093-2c13-73ce-ba5f-bebabadb9343' })
  id!: string;

  @ApiProperty({ example: 'Website form' })
  name!: string;
}
