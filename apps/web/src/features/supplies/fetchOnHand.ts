import { call } from '../../api/call.ts';

/** Current stock of an item: opening + all in − all out. */
export async function fetchOnHand(itemCode: string): Promise<number> {
  const answer = await call('GET /it4u/stock/:itemCode', { params: { itemCode } });
  return answer.onHand;
}
