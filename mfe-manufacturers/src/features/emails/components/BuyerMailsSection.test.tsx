import { screen, within } from '@testing-library/react';
import { BUYER_MAILS, type BuyerMailSwitches } from 'shared-kit';
import { apiError, manufacturerSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { BUYER_MAILS_LOAD_FAILED, buyerMailSaved } from './BuyerMailsSection';
import { sectionAtRest } from '../../../shared/test-support/sections-at-rest';

const SWITCHES = '/manufacturers/7/buyer-mails';

/** The manufacturer page's calls; the switches as the server keeps them (all on, "Trial ended" off). */
function switchServer(refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let switches: BuyerMailSwitches = {
    manufacturer_id: 7,
    license_issued: true,
    license_issued_by_staff: true,
    trial_ending: true,
    trial_ended: false,
    license_disabled: true,
    machine_freed: true,
    updated_at: null,
  };
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path !== SWITCHES) return sectionAtRest(call);
    refuse?.(call);
    if (call.method === 'PUT') switches = { ...switches, ...(call.body as Partial<BuyerMailSwitches>) };
    return switches;
  };
}

const open = (server: FakeApiServer) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session: manufacturerSession, server });
const section = async () => screen.findByRole('region', { name: 'Mails to buyers' });

describe('the mails to buyers of a manufacturer', () => {
  it('shows one switch per mail, as the server has them', async () => {
    open(switchServer());
    const region = within(await section());
    const boxes = await region.findAllByRole('checkbox');
    expect(boxes).toHaveLength(BUYER_MAILS.length);
    expect(region.getByRole('checkbox', { name: 'Licence issued' })).toHaveAttribute('aria-checked', 'true');
    expect(region.getByRole('checkbox', { name: 'Trial ended' })).toHaveAttribute('aria-checked', 'false');
  });

  it('saves a switch as it is flipped, that one alone, and says so', async () => {
    const { user, calls } = open(switchServer());
    const region = within(await section());
    await user.click(await region.findByRole('checkbox', { name: 'Machine freed' }));
    expect(await region.findByText(buyerMailSaved('machine_freed', false))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      [SWITCHES, { machine_freed: false }],
    ]);
    expect(region.getByRole('checkbox', { name: 'Machine freed' })).toHaveAttribute('aria-checked', 'false');
  });

  it('says when the switches cannot be loaded, with Retry', async () => {
    open(
      switchServer((call) => {
        if (call.method === 'GET') throw apiError(503, BUYER_MAILS_LOAD_FAILED);
      }),
    );
    const region = within(await section());
    expect(await region.findByText(BUYER_MAILS_LOAD_FAILED)).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(region.queryAllByRole('checkbox')).toEqual([]);
  });
});
