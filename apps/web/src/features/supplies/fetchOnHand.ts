import { api } from '../../api/client.ts';

/** Current stock of an item: opening + all in − all out. */
export async function fetchOnHand(itemCode: string): Promise<number> {
  const answer = await api.get<{ itemCode: string; onHand: number }>(`/it4u/stock/${encodeURIComponent(itemCode)}`);
  return answer.onHand;
}
