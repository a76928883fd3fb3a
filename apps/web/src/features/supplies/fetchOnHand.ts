import type { OnHand } from '@it4u/shared';
import { api } from '../../api/client.ts';

/** Current stock of an item: opening + all in − all out. */
export async function fetchOnHand(itemCode: string): Promise<number> {
  const answer = await api.get<OnHand>(`/it4u/stock/${encodeURIComponent(itemCode)}`);
  return answer.onHand;
}
