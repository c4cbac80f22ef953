import { Button, SpinnerIcon } from 'shared-kit';
import { useRedeliverWebhook, type DeliveryRef } from '../api/redeliver-webhook';
import { queued, type QueueOutcome } from './queue-outcome';

/** Sends a logged delivery's event again (same webhook-id) as a new log row. */
export function RedeliverButton({
  target,
  onOutcome,
}: {
  target: DeliveryRef;
  onOutcome: (outcome: QueueOutcome) => void;
}) {
  const { trigger, isMutating } = useRedeliverWebhook();
  const redeliver = async () => {
    onOutcome({});
    onOutcome(
      await queued(
        () => trigger(target),
        (delivery) => `Redelivery queued as delivery ${delivery.id}.`,
      ),
    );
  };
  return (
    <Button
      size="small"
      disabled={isMutating}
      aria-busy={isMutating || undefined}
      aria-label={`Redeliver delivery ${target.deliveryId}`}
      onClick={() => void redeliver()}
    >
      {isMutating && <SpinnerIcon />}
      Redeliver
    </Button>
  );
}
