import { ApiProperty } from '@nestjs/swagger';

/** One signed-in session of an account: where and how it signed in, and when it was last used. */
export class StaffSessionView {
  @ApiProperty({ format: 'uuid', description: 'Its id in this list (not the cookie, which is never shown)' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', description: 'Its last request' })
  last_seen_at!: string;

  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7', description: 'The address it signed in from' })
  ip!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Mozilla/5.0 (X11; Linux x86_64) ...' })
  user_agent!: string | null;

  @ApiProperty({ description: 'The session of this request' })
  current!: boolean;

  @ApiProperty({
    example: 'password+totp',
    description: 'How it signed in: password, password+totp or password+recovery_code',
  })
  method!: string;
}
