import { screen, within } from '@testing-library/react';
import { formatDateTime, type AuthSession, type StaffInvite, type StaffMember } from 'shared-kit';
import { LAST_OWNER, NOT_YOURSELF, OWNER_ONLY, roleCannot, type StaffRole } from 'shared-kit/contract';
import { apiError, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { sectionAtRest } from '../../../shared/test-support/sections-at-rest';
import { REQUIREMENT_LABEL, REQUIREMENT_OFF, REQUIREMENT_ON, STAFF_LOAD_FAILED } from './staff-words';

const STAFF = '/manufacturers/7/staff';
const REQUIREMENT = '/manufacturers/7/two-factor-requirement';
const owner: AuthSession = { ...manufacturerSession, staff_role: 'owner' };
const admin: AuthSession = { ...manufacturerSession, staff_role: 'admin' };

const members = (): StaffMember[] => [
  {
    id: 1,
    email: 'olga@aurora-audio.example',
    role: 'owner',
    status: 'active',
    two_factor: ['totp', 'passkey'],
    last_signed_in_at: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 2,
    email: 'sam@aurora-audio.example',
    role: 'support',
    status: 'active',
    two_factor: [],
    last_signed_in_at: null,
  },
];

const FUTURE = '2099-01-08T09:00:00.000Z';

/** The manufacturer page's calls, and its staff as a server keeps them: members, open invites, the requirement. */
function staffServer(refuse?: (call: RecordedApiCall) => unknown, openInvites: StaffInvite[] = []): FakeApiServer {
  let staff = members();
  let invites = [...openInvites];
  let required = false;
  const member = (path: string) => staff.find((one) => path.startsWith(`${STAFF}/${one.id}`))!;
  const update = (path: string, change: Partial<StaffMember>) => {
    const changed = { ...member(path), ...change };
    staff = staff.map((one) => (one.id === changed.id ? changed : one));
    return changed;
  };
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (!call.path.startsWith(STAFF) && call.path !== REQUIREMENT) return sectionAtRest(call);
    refuse?.(call);
    if (call.path === REQUIREMENT) {
      if (call.method === 'PUT') required = (call.body as { required: boolean }).required;
      return { required, required_since: required ? '2026-01-06T10:00:00.000Z' : null };
    }
    if (call.method === 'GET') return { members: staff, invites };
    if (call.path === `${STAFF}/invites`) {
      const body = call.body as { email: string; role: StaffRole };
      const invite = { id: invites.length + 1, ...body, invited_at: '2026-01-06T10:00:00.000Z', expires_at: FUTURE };
      invites.push(invite);
      return invite;
    }
    if (call.path.startsWith(`${STAFF}/invites/`)) {
      invites = invites.filter((invite) => call.path !== `${STAFF}/invites/${invite.id}`);
      return null;
    }
    if (call.path.endsWith('/role')) return update(call.path, { role: (call.body as { role: StaffRole }).role });
    if (call.path.endsWith('/disable')) return update(call.path, { status: 'disabled' });
    if (call.path.endsWith('/enable')) return update(call.path, { status: 'active' });
    if (call.path.endsWith('/sessions')) return { ended: 3 };
    if (call.path.endsWith('/two-factor')) return update(call.path, { two_factor: [] });
    const removed = member(call.path);
    staff = staff.filter((one) => one !== removed);
    return null;
  };
}

const open = (server: FakeApiServer, session: AuthSession = owner) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session, server });
const section = async () => within(await screen.findByRole('region', { name: 'Staff' }));
const changes = (calls: RecordedApiCall[]) =>
  calls
    .filter((call) => call.method !== 'GET' && (call.path.startsWith(STAFF) || call.path === REQUIREMENT))
    .map((call) => [call.method, call.path, call.body]);
const rowOf = async (email: string) => {
  const table = within(await (await section()).findByRole('table', { name: 'Staff members and invites' }));
  return within((await table.findByText(email)).closest('tr')!);
};

describe("a manufacturer's staff", () => {
  it('lists each member with role, status, two-factor and last sign-in', async () => {
    open(staffServer());
    const olga = await rowOf('olga@aurora-audio.example');
    expect(olga.getByText('Owner')).toBeInTheDocument();
    expect(olga.getByText('Active')).toBeInTheDocument();
    expect(olga.getByText('Authenticator app, Passkey')).toBeInTheDocument();
    expect(olga.getByText(formatDateTime('2026-01-05T09:00:00.000Z'))).toBeInTheDocument();
    const sam = await rowOf('sam@aurora-audio.example');
    expect(sam.getByText('Support')).toBeInTheDocument();
    expect(sam.getByText('Off')).toBeInTheDocument();
    expect(sam.getByText('Never')).toBeInTheDocument();
  });

  it('invites an address with a role, says so, and lists the invite with its expiry', async () => {
    const { user, calls } = open(staffServer());
    const region = await section();
    await user.click(region.getByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Staff Member' }));
    await user.type(dialog.getByLabelText(/Email/, { selector: 'input' }), ' rita@aurora-audio.example ');
    await user.selectOptions(dialog.getByLabelText(/Role/, { selector: 'select' }), 'Release manager');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(
      await region.findByText('Invite sent to rita@aurora-audio.example; the link works for 7 days.'),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      ['POST', `${STAFF}/invites`, { email: 'rita@aurora-audio.example', role: 'release_manager' }],
    ]);
    const rita = await rowOf('rita@aurora-audio.example');
    expect(rita.getByText('Release manager')).toBeInTheDocument();
    expect(rita.getByText(`Invited, expires ${formatDateTime(FUTURE)}`)).toBeInTheDocument();
  });

  it('refuses an invite to an address that is not one before sending it', async () => {
    const { user, calls } = open(staffServer());
    const region = await section();
    await user.click(region.getByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Staff Member' }));
    await user.type(dialog.getByLabelText(/Email/, { selector: 'input' }), 'rita');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await dialog.findByText('Enter a valid email address, e.g. name@example.com.')).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it("shows the server's refusal of an invite in the dialog", async () => {
    const message = 'This email address already has a ProductHub account.';
    const { user } = open(
      staffServer((call) => {
        if (call.method === 'POST') throw apiError(409, message);
      }),
    );
    const region = await section();
    await user.click(region.getByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Staff Member' }));
    await user.type(dialog.getByLabelText(/Email/, { selector: 'input' }), 'olga@aurora-audio.example');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
  });

  it("changes a member's role", async () => {
    const { user, calls } = open(staffServer());
    const sam = await rowOf('sam@aurora-audio.example');
    await user.click(sam.getByRole('button', { name: 'Change role of sam@aurora-audio.example' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Role' }));
    expect(dialog.getByLabelText(/Role/, { selector: 'select' })).toHaveValue('support');
    await user.selectOptions(dialog.getByLabelText(/Role/, { selector: 'select' }), 'Admin');
    await user.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(
      await (await section()).findByText('The role of sam@aurora-audio.example is now Admin.'),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([['PUT', `${STAFF}/2/role`, { role: 'admin' }]]);
    expect((await rowOf('sam@aurora-audio.example')).getByText('Admin')).toBeInTheDocument();
  });

  it("shows the last owner's refusal in the role dialog, which stays open", async () => {
    const { user } = open(
      staffServer((call) => {
        if (call.method === 'PUT') throw apiError(409, LAST_OWNER);
      }),
    );
    const olga = await rowOf('olga@aurora-audio.example');
    await user.click(olga.getByRole('button', { name: 'Change role of olga@aurora-audio.example' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Role' }));
    await user.selectOptions(dialog.getByLabelText(/Role/, { selector: 'select' }), 'Viewer');
    await user.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await dialog.findByText(LAST_OWNER)).toBeInTheDocument();
  });

  it.each([
    ['Disable', 'Disable Staff Member', 'POST', `${STAFF}/2/disable`, 'sam@aurora-audio.example is disabled.'],
    ['End sessions', 'End Sessions', 'DELETE', `${STAFF}/2/sessions`, 'Sessions of sam@aurora-audio.example ended: 3.'],
    [
      'Reset two-factor',
      'Reset Two-Factor Sign-In',
      'DELETE',
      `${STAFF}/2/two-factor`,
      'Two-factor sign-in of sam@aurora-audio.example is reset.',
    ],
    ['Remove', 'Remove Staff Member', 'DELETE', `${STAFF}/2`, 'sam@aurora-audio.example is removed from the staff.'],
  ])('%s: asks, sends %s, and says it is done', async (label, title, method, path, said) => {
    const { user, calls } = open(staffServer());
    const sam = await rowOf('sam@aurora-audio.example');
    await user.click(sam.getByRole('button', { name: `${label} sam@aurora-audio.example` }));
    const dialog = within(await screen.findByRole('dialog', { name: title }));
    await user.click(dialog.getByRole('button', { name: label }));
    expect(await (await section()).findByText(said)).toBeInTheDocument();
    expect(changes(calls)).toEqual([[method, path, method === 'POST' ? {} : undefined]]);
  });

  it('enables a disabled member again', async () => {
    const { user, calls } = open(staffServer());
    let sam = await rowOf('sam@aurora-audio.example');
    await user.click(sam.getByRole('button', { name: 'Disable sam@aurora-audio.example' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable Staff Member' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    sam = await rowOf('sam@aurora-audio.example');
    expect(await sam.findByText('Disabled')).toBeInTheDocument();
    await user.click(sam.getByRole('button', { name: 'Enable sam@aurora-audio.example' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Enable Staff Member' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    expect(await (await rowOf('sam@aurora-audio.example')).findByText('Active')).toBeInTheDocument();
    expect(changes(calls).map(([method, path]) => [method, path])).toEqual([
      ['POST', `${STAFF}/2/disable`],
      ['POST', `${STAFF}/2/enable`],
    ]);
  });

  it("shows the server's refusal to remove oneself in the dialog, which stays open", async () => {
    const { user } = open(
      staffServer((call) => {
        if (call.method === 'DELETE') throw apiError(409, NOT_YOURSELF.owner);
      }),
    );
    const olga = await rowOf('olga@aurora-audio.example');
    await user.click(olga.getByRole('button', { name: 'Remove olga@aurora-audio.example' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Staff Member' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(NOT_YOURSELF.owner);
    expect(screen.getByRole('dialog', { name: 'Remove Staff Member' })).toBeInTheDocument();
  });

  it('requires two-factor sign-in as soon as the switch is flipped, and stops requiring it', async () => {
    const { user, calls } = open(staffServer());
    const region = await section();
    const toggle = await region.findByRole('checkbox', { name: REQUIREMENT_LABEL });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await region.findByText(REQUIREMENT_ON)).toBeInTheDocument();
    expect(region.getByRole('checkbox', { name: REQUIREMENT_LABEL })).toBeChecked();
    await user.click(region.getByRole('checkbox', { name: REQUIREMENT_LABEL }));
    expect(await region.findByText(REQUIREMENT_OFF)).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      ['PUT', REQUIREMENT, { required: true }],
      ['PUT', REQUIREMENT, { required: false }],
    ]);
  });

  it("shows the server's refusal of the requirement", async () => {
    const message = roleCannot('admin', 'staff.access');
    const { user } = open(
      staffServer((call) => {
        if (call.method === 'PUT') throw apiError(403, message);
      }),
    );
    const region = await section();
    await user.click(await region.findByRole('checkbox', { name: REQUIREMENT_LABEL }));
    expect(await region.findByText(message)).toBeInTheDocument();
    expect(region.getByRole('checkbox', { name: REQUIREMENT_LABEL })).not.toBeChecked();
  });

  it('serves the Super User too', async () => {
    open(staffServer(), superuserSession);
    expect(await rowOf('sam@aurora-audio.example')).toBeTruthy();
  });

  it('withdraws an open invite after asking, and says so', async () => {
    const invite = { id: 5, email: 'rita@aurora-audio.example', role: 'viewer' as const };
    const { user, calls } = open(
      staffServer(undefined, [{ ...invite, invited_at: '2026-01-06T10:00:00.000Z', expires_at: FUTURE }]),
    );
    const rita = await rowOf(invite.email);
    await user.click(rita.getByRole('button', { name: `Withdraw the invite to ${invite.email}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw Invite' }));
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await (await section()).findByText(`The invite to ${invite.email} is withdrawn.`)).toBeInTheDocument();
    expect(changes(calls)).toEqual([['DELETE', `${STAFF}/invites/5`, undefined]]);
    expect((await section()).queryByText(invite.email)).not.toBeInTheDocument();
  });

  it("lets an admin manage members who are not owners, with an owner's controls disabled and why", async () => {
    const ownerInvite = {
      id: 6,
      email: 'boss@aurora-audio.example',
      role: 'owner' as const,
      invited_at: '2026-01-06T10:00:00.000Z',
      expires_at: FUTURE,
    };
    const { user, calls } = open(staffServer(undefined, [ownerInvite]), admin);
    const olga = await rowOf('olga@aurora-audio.example');
    for (const name of ['Change role of', 'Disable', 'End sessions', 'Reset two-factor', 'Remove']) {
      const button = olga.getByRole('button', { name: `${name} olga@aurora-audio.example` });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAttribute('title', OWNER_ONLY.manageOwner);
    }
    await user.click(olga.getByRole('button', { name: 'Remove olga@aurora-audio.example' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const boss = await rowOf(ownerInvite.email);
    expect(boss.getByRole('button', { name: `Withdraw the invite to ${ownerInvite.email}` })).toHaveAttribute(
      'title',
      OWNER_ONLY.withdrawOwnerInvite,
    );

    const region = await section();
    expect(await region.findByRole('checkbox', { name: REQUIREMENT_LABEL })).toBeDisabled();
    expect(region.getByText(roleCannot('admin', 'staff.access'))).toBeInTheDocument();

    const sam = await rowOf('sam@aurora-audio.example');
    await user.click(sam.getByRole('button', { name: 'Change role of sam@aurora-audio.example' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Role' }));
    expect(dialog.getByRole('option', { name: 'Owner' })).toBeDisabled();
    expect(dialog.getByText(OWNER_ONLY.makeOwner)).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText(/Role/, { selector: 'select' }), 'Viewer');
    await user.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await region.findByText('The role of sam@aurora-audio.example is now Viewer.')).toBeInTheDocument();
    expect(changes(calls)).toEqual([['PUT', `${STAFF}/2/role`, { role: 'viewer' }]]);
  });

  it('offers an owner the role Owner in the invite', async () => {
    const { user } = open(staffServer());
    await user.click((await section()).getByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite Staff Member' }));
    expect(dialog.getByRole('option', { name: 'Owner' })).toBeEnabled();
    expect(dialog.queryByText(OWNER_ONLY.inviteOwner)).not.toBeInTheDocument();
  });

  it('shows another role the title and the reason, and loads nothing', async () => {
    const { calls } = open(staffServer(), { ...manufacturerSession, staff_role: 'support' });
    const region = await section();
    expect(region.getByText('Your role (Support) cannot manage staff.')).toBeInTheDocument();
    expect(region.queryByRole('table')).not.toBeInTheDocument();
    await screen.findByDisplayValue('Aurora Audio');
    expect(calls.filter((call) => call.path.startsWith(STAFF) || call.path === REQUIREMENT)).toEqual([]);
  });

  it('says when the staff cannot be loaded, with Retry', async () => {
    let down = true;
    const { user } = open(
      staffServer((call) => {
        if (down && call.path === STAFF) throw apiError(503, STAFF_LOAD_FAILED);
      }),
    );
    const region = await section();
    expect(await region.findByText(STAFF_LOAD_FAILED)).toBeInTheDocument();
    down = false;
    await user.click(region.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('sam@aurora-audio.example')).toBeTruthy();
  });
});
