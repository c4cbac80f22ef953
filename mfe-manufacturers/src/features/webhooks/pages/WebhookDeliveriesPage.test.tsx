import { act, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from 'shared-kit';
import { apiError, cellTexts, columnTitles, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';

import { DELIVERY_LOG_POLL_MS } from '../components/use-poll-while';
import { QUEUE_FAILED } from '../components/queue-outcome';
import { NO_DELIVERIES, NO_SUCH_ENDPOINT } from './WebhookDeliveriesPage';

const ENDPOINT = '/manufacturers/7/webhook-endpoints/3';
const PAGE = '/Home/Manufacturers/7/Webhooks/3';

const endpoint: WebhookEndpoint = {
  id: 3,
  manufacturer_id: 7,
  url: 'https://hooks.aurora.example/licences',
  event_types: ['license.disabled'],
  enabled: true,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  endpoint_id: 3,
  message_id: 'msg_1',
  event_type: 'license.disabled',
  payload: '{"type":"license.disabled","data":{"object":"license","serial":"AURA-0001"}}',
  status: 'succeeded',
  attempts: 1,
  response_code: 204,
  duration_ms: 38,
  last_error: null,
  last_attempt_at: '2026-11-21T10:00:00.000Z',
  next_attempt_at: null,
  created_at: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const FAILED = delivery({
  id: 2,
  message_id: 'msg_2',
  status: 'failed',
  attempts: 15,
  response_code: 500,
  duration_ms: 112,
  last_error: 'HTTP 500',
});

/**
 * The endpoint and its log, newest first. A queued delivery is pending; the worker (`deliverPending`) later
 * marks every pending delivery succeeded.
 */
function logServer(initial: WebhookDelivery[] = [FAILED, delivery({})], refuse?: (call: RecordedApiCall) => void) {
  let log = [...initial];
  let nextId = 100;
  const enqueue = (eventType: string, messageId: string) => {
    const queued = delivery({
      id: nextId++,
      message_id: messageId,
      event_type: eventType,
      status: 'pending',
      attempts: 0,
      response_code: null,
      duration_ms: null,
      last_attempt_at: null,
      next_attempt_at: '2026-11-21T11:00:00.000Z',
    });
    log = [queued, ...log];
    return queued;
  };
  const server: FakeApiServer = (call) => {
    if (call.method === 'GET' && call.path === ENDPOINT) return endpoint;
    if (call.method === 'GET' && call.path === `${ENDPOINT}/deliveries`)
      return {
        data: log,
        pagination: {
          records: { total: log.length, per_page: 25 },
          pages: { current: 1, previous: null, next: null, last: 1 },
        },
      };
    refuse?.(call);
    if (call.method === 'POST' && call.path === `${ENDPOINT}/test`) return enqueue('webhook.test', 'msg_900');
    const redeliver = /^\/manufacturers\/7\/webhook-endpoints\/3\/deliveries\/(\d+)\/redeliver$/.exec(call.path);
    if (call.method === 'POST' && redeliver) {
      const original = log.find((row) => row.id === Number(redeliver[1]));
      if (!original) throw apiError(404, 'Webhook delivery not found');
      return enqueue(original.event_type, original.message_id);
    }
    throw apiError(404, 'Webhook endpoint not found');
  };
  const deliverPending = () => {
    log = log.map((row) =>
      row.status === 'pending'
        ? { ...row, status: 'succeeded', attempts: 1, response_code: 200, duration_ms: 12, next_attempt_at: null }
        : row,
    );
  };
  return { server, deliverPending };
}

const deliveriesTable = () => screen.findByRole('table', { name: 'Deliveries' });
const posts = (calls: RecordedApiCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);
const logReads = (calls: RecordedApiCall[]) => calls.filter((call) => call.path === `${ENDPOINT}/deliveries`).length;

describe('the delivery log of a webhook endpoint', () => {
  it('shows each delivery: status, event, response code, duration, attempts, last error and times, the first page newest first', async () => {
    const { calls } = renderArea({ entries: [PAGE], session: superuserSession, server: logServer().server });
    expect(screen.getByRole('heading', { level: 1, name: 'Webhook Deliveries' })).toBeInTheDocument();
    const rows = within(await deliveriesTable()).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual([
      'Status',
      'Event',
      'Response',
      'Duration',
      'Attempts',
      'Why It Failed',
      'Created',
      'Last Attempt',
      'Next Attempt',
      'Actions',
    ]);
    expect(cellTexts(rows[1]).slice(0, 6)).toEqual([
      'Failed',
      'License disabled',
      '500',
      '112 ms',
      '15',
      'The endpoint answered 500 Internal Server Error; only a 2xx answer counts as delivered.',
    ]);
    expect(cellTexts(rows[2]).slice(0, 6)).toEqual(['Succeeded', 'License disabled', '204', '38 ms', '1', '—']);
    expect(await screen.findByRole('heading', { level: 2, name: endpoint.url })).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${ENDPOINT}/deliveries`)?.query).toEqual({ page: 1, per_page: 25 });
    expect(screen.getByRole('navigation', { name: /pagination/i })).toBeInTheDocument();
  });

  it('says why a delivery fails in words, keeping the network error, and schedules the next attempt to the second', async () => {
    const next = '2026-11-21T10:05:07.000Z';
    const failing = delivery({
      id: 9,
      status: 'pending',
      response_code: null,
      duration_ms: null,
      last_error: 'connect ECONNREFUSED 10.0.0.5:443',
      next_attempt_at: next,
    });
    renderArea({ entries: [PAGE], session: superuserSession, server: logServer([failing]).server });
    const row = within(await deliveriesTable()).getAllByRole('row')[1];
    expect(cellTexts(row)[5]).toBe(
      'The connection was refused: nothing answers at that address and port. (connect ECONNREFUSED 10.0.0.5:443)',
    );
    const seconds = new Intl.DateTimeFormat(undefined, { second: '2-digit' }).format(new Date(next));
    expect(cellTexts(row)[8]).toMatch(new RegExp(`:${seconds.padStart(2, '0')}`));
  });

  it('says so when nothing was delivered yet', async () => {
    renderArea({ entries: [PAGE], session: manufacturerSession, server: logServer([]).server });
    expect(await screen.findByText(NO_DELIVERIES)).toBeInTheDocument();
  });

  it('sends a test event, says it was queued and follows it until it is delivered', async () => {
    jest.useFakeTimers();
    try {
      const { server, deliverPending } = logServer();
      const { user, calls } = renderArea({
        entries: [PAGE],
        session: superuserSession,
        server,
        advanceTimers: jest.advanceTimersByTime,
      });
      await deliveriesTable();
      await user.click(screen.getByRole('button', { name: 'Send test event' }));
      expect(await screen.findByText('Test event queued as delivery 100.')).toBeInTheDocument();
      expect(posts(calls)).toEqual([`${ENDPOINT}/test`]);
      const table = await deliveriesTable();
      await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^PendingTest event/));

      // While it is pending the log asks again; once delivered it shows so and stops asking.
      const before = logReads(calls);
      await act(() => jest.advanceTimersByTimeAsync(DELIVERY_LOG_POLL_MS));
      await waitFor(() => expect(logReads(calls)).toBeGreaterThan(before));
      deliverPending();
      await act(() => jest.advanceTimersByTimeAsync(DELIVERY_LOG_POLL_MS));
      await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^SucceededTest event200/));
      const settled = logReads(calls);
      await act(() => jest.advanceTimersByTimeAsync(DELIVERY_LOG_POLL_MS * 3));
      expect(logReads(calls)).toBe(settled);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows a delivery's payload laid out in a scrollable block, and copies it exactly as it was signed", async () => {
    const { user } = renderArea({ entries: [PAGE], session: manufacturerSession, server: logServer().server });
    await deliveriesTable();
    await user.click(screen.getByRole('button', { name: 'Payload of delivery 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payload of delivery 2' });
    expect(dialog).toHaveAccessibleDescription('The body signed and sent with webhook-id msg_2.');
    const block = within(dialog).getByRole('region', { name: 'Payload' });
    expect(block.textContent).toBe(
      '{\n  "type": "license.disabled",\n  "data": {\n    "object": "license",\n    "serial": "AURA-0001"\n  }\n}',
    );
    expect(block).toHaveAttribute('tabindex', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Copy payload' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '{"type":"license.disabled","data":{"object":"license","serial":"AURA-0001"}}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('redelivers a logged delivery as a new row', async () => {
    const { user, calls } = renderArea({ entries: [PAGE], session: superuserSession, server: logServer().server });
    await deliveriesTable();
    await user.click(screen.getByRole('button', { name: 'Redeliver delivery 2' }));
    expect(await screen.findByText('Redelivery queued as delivery 100.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([`${ENDPOINT}/deliveries/2/redeliver`]);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Deliveries' })).getAllByRole('row')).toHaveLength(4),
    );
  });

  it('says why a delivery could not be queued', async () => {
    const refuse = () => {
      throw new Error('network down');
    };
    const { user } = renderArea({
      entries: [PAGE],
      session: superuserSession,
      server: logServer(undefined, refuse).server,
    });
    await deliveriesTable();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUEUE_FAILED);
  });

  it('cannot show an endpoint that is not there (or is another manufacturer’s), nor an address that is not one', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea({
      entries: ['/Home/Manufacturers/7/Webhooks/99'],
      session: manufacturerSession,
      server: logServer().server,
    });
    expect(await screen.findByText(NO_SUCH_ENDPOINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Home/Manufacturers/7');
  });

  it.each(['abc', '0', '1.5'])('refuses the endpoint id %s without asking the server', (id) => {
    const { calls } = renderArea({
      entries: [`/Home/Manufacturers/7/Webhooks/${id}`],
      session: superuserSession,
      server: logServer().server,
    });
    expect(screen.getByText(NO_SUCH_ENDPOINT)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
