import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  ButtonLink,
  CannotShowPage,
  ErrorText,
  PageHeader,
  PaginationControls,
  SpinnerIcon,
  Table,
  useIdParam,
  type WebhookDelivery,
} from 'shared-kit';
import { useListController } from 'shared-kit/data';
import { webhookDeliveriesKey } from '../api/get-webhook-deliveries';
import { useWebhookEndpoint } from '../api/get-webhook-endpoint';
import { useSendTestEvent } from '../api/send-test-event';
import { PayloadButton } from '../components/PayloadButton';
import { RedeliverButton } from '../components/RedeliverButton';
import { deliveryColumns } from '../components/delivery-columns';
import { queued, type QueueOutcome } from '../components/queue-outcome';
import { usePollWhile } from '../components/use-poll-while';
import { manufacturersLinks } from 'shared-kit/pages';

export const NO_SUCH_ENDPOINT = 'There is no webhook endpoint at this address.';
export const NO_DELIVERIES = 'No deliveries yet. Events this endpoint subscribes to, and test events, appear here.';
export const DELIVERIES_LOAD_FAILED = 'The delivery log could not be loaded. Please try again.';

const TITLE = 'Webhook Deliveries';

const Subtitle = styled.h2`
  margin: ${({ theme }) => `-${theme.spacing.md} 0 ${theme.spacing.md}`};
  font-size: 1.05rem;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Notice = styled.p`
  min-height: 1.5em;
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
`;

const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const deliveryId = (delivery: WebhookDelivery) => delivery.id;

/** /Home/Manufacturers/{manufacturerID}/Webhooks/{endpointID}: one endpoint's delivery log, newest first. */
export function WebhookDeliveriesPage() {
  const manufacturerId = useIdParam('manufacturerID');
  const endpointId = useIdParam('endpointID');
  if (manufacturerId === null || endpointId === null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <CannotShowPage>{NO_SUCH_ENDPOINT}</CannotShowPage>
      </>
    );
  }
  return (
    <DeliveryLog key={`${manufacturerId}/${endpointId}`} manufacturerId={manufacturerId} endpointId={endpointId} />
  );
}

function DeliveryLog({ manufacturerId, endpointId }: { manufacturerId: number; endpointId: number }) {
  const endpoint = useWebhookEndpoint(manufacturerId, endpointId);
  const listKey = webhookDeliveriesKey(manufacturerId, endpointId);
  const list = useListController<WebhookDelivery>({ listKey, getRowId: deliveryId });
  const sendTest = useSendTestEvent();
  const [notice, setNotice] = useState('');
  const [queueError, setQueueError] = useState<string | null>(null);
  usePollWhile(
    listKey(list.state),
    list.rows.some((delivery) => delivery.status === 'pending'),
  );

  const report = useCallback((outcome: QueueOutcome) => {
    setNotice(outcome.notice ?? '');
    setQueueError(outcome.error ?? null);
  }, []);
  const columns = useMemo(
    () =>
      deliveryColumns((delivery) => (
        <Actions>
          <PayloadButton delivery={delivery} />
          <RedeliverButton target={{ manufacturerId, endpointId, deliveryId: delivery.id }} onOutcome={report} />
        </Actions>
      )),
    [manufacturerId, endpointId, report],
  );
  const sendTestEvent = async () => {
    report({});
    report(
      await queued(
        () => sendTest.trigger({ manufacturerId, endpointId }),
        (delivery) => `Test event queued as delivery ${delivery.id}.`,
      ),
    );
  };

  const back = <ButtonLink to={manufacturersLinks.manufacturerDetails(manufacturerId)}>Back</ButtonLink>;
  if (endpoint.error instanceof ApiError && endpoint.error.status === 404) {
    return (
      <>
        <PageHeader title={TITLE} actions={back} />
        <CannotShowPage>{NO_SUCH_ENDPOINT}</CannotShowPage>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          <>
            {back}
            <Button
              variant="primary"
              disabled={sendTest.isMutating}
              aria-busy={sendTest.isMutating || undefined}
              onClick={() => void sendTestEvent()}
            >
              {sendTest.isMutating && <SpinnerIcon />}
              Send test event
            </Button>
          </>
        }
      />
      {endpoint.data && <Subtitle>{endpoint.data.url}</Subtitle>}
      <Notice role="status">{notice}</Notice>
      {queueError && <ErrorText>{queueError}</ErrorText>}
      <Table
        caption="Deliveries"
        columns={columns}
        emptyText={list.error ? DELIVERIES_LOAD_FAILED : NO_DELIVERIES}
        {...list.tableProps}
      />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
