import { apiRequest } from '#portal/lib/api.ts';
import { useWrite } from '#portal/lib/write.ts';

/** POST /api/sell-comment/{id}: the thank-you step's comment (never empty: A15). */
export function sellComment({ id, comment }: { id: string; comment: string }) {
  return apiRequest(`/sell-comment/${encodeURIComponent(id)}`, { method: 'POST', body: { comment } });
}

/** The comment: `onDone` moves on; a failure is the API client's toast and the step stays. */
export function useSellComment(onDone: () => void) {
  return useWrite(sellComment, { onDone });
}
