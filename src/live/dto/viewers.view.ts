import { ApiProperty } from '@nestjs/swagger';
import { NamedRefView } from '../../http/openapi/named-ref.view';

/** Who else has a submission open (the caller never appears). */
export class ViewersView {
  @ApiProperty({ type: [NamedRefView] })
  viewers!: NamedRefView[];
}
