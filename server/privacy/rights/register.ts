/** A request received and not answered yet: it enters the register with its deadline. */
import { createAuditLog } from '../audit.ts';
import { createRequestStore, type RequestKind } from '../requests.ts';
import type { ActionOptions, PrivacyContext } from './context.ts';

export async function registerRequest(
  context: PrivacyContext,
  request: { kind: RequestKind; email: string; detail?: string | undefined },
  options: ActionOptions,
): Promise<number> {
  const secret = await context.hashKey();
  return context.storage.transaction(async (tx) => {
    const id = await createRequestStore(tx, secret).open({
      ...request,
      receivedOn: options.receivedOn,
      now: options.now,
    });
    await createAuditLog(tx).record({
      actor: options.actor,
      action: 'arco_request',
      target: `request:${id}`,
      detail: { kind: request.kind },
      at: options.now,
    });
    return id;
  });
}
