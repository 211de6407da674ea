import type { OutboxMessage } from '../../../shared/outbox.ts';
import { sendJson } from '../../lib/api-client.ts';

export async function sendMessageAgain(id: string): Promise<OutboxMessage> {
  return (await sendJson<OutboxMessage>('POST', `/outbox/${id}/send-again`, {})).data;
}
