import { when } from '../format';
import type { SubmissionDetail } from '../api';

/** The requester's answer to the satisfaction survey, when there is one (keys with `csat`). */
export function Rating({ detail }: { detail: Pick<SubmissionDetail, 'rating'> }) {
  const rating = detail.rating;
  if (!rating) {
    return null;
  }
  return (
    <section aria-labelledby="rating-heading">
      <h3 id="rating-heading">Satisfaction</h3>
      <p>
        The requester rated it <strong>{rating.value === 'good' ? 'good' : 'not good'}</strong> on{' '}
        {when(rating.rated_at)}.
      </p>
      {rating.comment && <blockquote>{rating.comment}</blockquote>}
    </section>
  );
}
