import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { createChannels, createEndUser } from './support/users-fixtures';

describe('channel memberships API', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let channelsA: Awaited<ReturnType<typeof createChannels>>;
  let channelsB: Awaited<ReturnType<typeof createChannels>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    channelsA = await createChannels(t.db, tenants.manufacturerA.id);
    channelsB = await createChannels(t.db, tenants.manufacturerB.id);
  });
  afterAll(() => t.close());

  const channelUrl = (manufacturerId: number, channelId: number) =>
    `/api/v1/manufacturers/${manufacturerId}/channels/${channelId}/users`;
  const add = (manufacturerId: number, channelId: number, token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: channelUrl(manufacturerId, channelId),
      headers: auth(token),
      payload: payload as object,
    });
  const remove = (manufacturerId: number, channelId: number, userId: number | string, token: string) =>
    t.app.inject({ method: 'DELETE', url: `${channelUrl(manufacturerId, channelId)}/${userId}`, headers: auth(token) });
  /** A membership written straight to the table, as if added earlier. */
  const insertMembership = (manufacturerId: number, channelId: number, userId: number) =>
    t.db
      .insertInto('channel_memberships')
      .values({ manufacturer_id: manufacturerId, channel_id: channelId, user_id: userId })
      .execute();
  /** A Beta membership as the audit log records it. */
  const betaMembershipAudited = (userId: number) => ({
    channel: { id: channelsA.beta.id, type: 'Beta', name: 'Beta testers' },
    user_id: userId,
  });
  const membershipsOf = (userId: number) =>
    t.db
      .selectFrom('channel_memberships')
      .select('channel_id')
      .where('user_id', '=', userId)
      .orderBy('channel_id')
      .execute()
      .then((rows) => rows.map((row) => row.channel_id));
  const membershipAudit = (userId: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', 'channel_membership.%')
      .where('entity_id', '=', String(userId))
      .orderBy('id')
      .execute();

  it('adds a user to the Beta channel, answers the membership and audits it', async () => {
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'joiner@alpha.example');
    const response = await add(tenants.manufacturerA.id, channelsA.beta.id, tenants.staffAToken, { user_id: user.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      created_at: expect.stringMatching(/^\d{4}-/),
      channel: { id: channelsA.beta.id, type: 'Beta', name: 'Beta testers' },
    });
    expect(await membershipsOf(user.id)).toEqual([channelsA.beta.id]);
    const audit = await membershipAudit(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'channel_membership.add',
      entity_type: 'end_user',
      manufacturer_id: tenants.manufacturerA.id,
      before: null,
    });
    expect(audit[0].after).toEqual(betaMembershipAudited(user.id));
  });

  it('removes a user from the Beta channel and audits it', async () => {
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'leaver@alpha.example');
    await insertMembership(tenants.manufacturerA.id, channelsA.beta.id, user.id);
    const response = await remove(tenants.manufacturerA.id, channelsA.beta.id, user.id, tenants.staffAToken);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await membershipsOf(user.id)).toEqual([]);
    const audit = await membershipAudit(user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['channel_membership.remove']);
    expect(audit[0].before).toEqual(betaMembershipAudited(user.id));
  });

  it('refuses to change the Release channel either way with a clear 400, changing nothing', async () => {
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'release@alpha.example');
    await insertMembership(tenants.manufacturerA.id, channelsA.release.id, user.id);
    const before = await tableDigest(t.db, 'channel_memberships');
    for (const response of [
      await add(tenants.manufacturerA.id, channelsA.release.id, tenants.staffAToken, { user_id: user.id }),
      await remove(tenants.manufacturerA.id, channelsA.release.id, user.id, tenants.staffAToken),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: ['The Release channel cannot be changed: every user is always a member of it.'],
      });
    }
    expect(await tableDigest(t.db, 'channel_memberships')).toBe(before);
    expect(await membershipAudit(user.id)).toEqual([]);
  });

  it('answers 409 when the user already is a member and 404 when they are not, changing nothing', async () => {
    const member = await createEndUser(t.db, tenants.manufacturerA.id, 'member@alpha.example');
    const outsider = await createEndUser(t.db, tenants.manufacturerA.id, 'outsider@alpha.example');
    await insertMembership(tenants.manufacturerA.id, channelsA.beta.id, member.id);
    const before = await tableDigest(t.db, 'channel_memberships');
    const again = await add(tenants.manufacturerA.id, channelsA.beta.id, tenants.staffAToken, { user_id: member.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ['The user is already a member of this channel.'] });
    const notMember = await remove(tenants.manufacturerA.id, channelsA.beta.id, outsider.id, tenants.staffAToken);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toEqual({ message: ['Channel membership not found'] });
    expect(await tableDigest(t.db, 'channel_memberships')).toBe(before);
  });

  it('keeps tenants apart: another manufacturer, its channel or its user answer 404 and change nothing', async () => {
    const own = await createEndUser(t.db, tenants.manufacturerA.id, 'own@alpha.example');
    const foreign = await createEndUser(t.db, tenants.manufacturerB.id, 'foreign@beta.example');
    await insertMembership(tenants.manufacturerB.id, channelsB.beta.id, foreign.id);
    const before = await tableDigest(t.db, 'channel_memberships');
    const attempts = [
      [
        await add(tenants.manufacturerB.id, channelsB.beta.id, tenants.staffAToken, { user_id: foreign.id }),
        'Manufacturer not found',
      ],
      [
        await add(tenants.manufacturerA.id, channelsB.beta.id, tenants.staffAToken, { user_id: own.id }),
        'Channel not found',
      ],
      [
        await add(tenants.manufacturerA.id, channelsA.beta.id, tenants.staffAToken, { user_id: foreign.id }),
        'User not found',
      ],
      [await add(tenants.manufacturerA.id, 999999, tenants.staffAToken, { user_id: own.id }), 'Channel not found'],
      [
        await remove(tenants.manufacturerB.id, channelsB.beta.id, foreign.id, tenants.staffAToken),
        'Manufacturer not found',
      ],
      [await remove(tenants.manufacturerA.id, channelsB.beta.id, foreign.id, tenants.staffAToken), 'Channel not found'],
      [await remove(tenants.manufacturerA.id, channelsA.beta.id, foreign.id, tenants.staffAToken), 'User not found'],
    ] as const;
    for (const [response, message] of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: [message] });
    }
    expect(await tableDigest(t.db, 'channel_memberships')).toBe(before);
  });

  it('validates the path and body, changing nothing', async () => {
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'validated@alpha.example');
    const before = await tableDigest(t.db, 'channel_memberships');
    for (const payload of [{}, { user_id: 'abc' }, { user_id: 0 }, { user_id: null }]) {
      const response = await add(tenants.manufacturerA.id, channelsA.beta.id, tenants.staffAToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatch(/^user_id/);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/manufacturers/x/channels/1/users',
          headers: auth(tenants.staffAToken),
          payload: { user_id: user.id },
        })
      ).statusCode,
    ).toBe(400);
    expect((await remove(tenants.manufacturerA.id, channelsA.beta.id, 'abc', tenants.staffAToken)).statusCode).toBe(
      400,
    );
    expect(await tableDigest(t.db, 'channel_memberships')).toBe(before);
  });

  it('needs a session and is for manufacturer staff', async () => {
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'session@alpha.example');
    const before = await tableDigest(t.db, 'channel_memberships');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: channelUrl(tenants.manufacturerA.id, channelsA.beta.id),
          payload: { user_id: user.id },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${channelUrl(tenants.manufacturerA.id, channelsA.beta.id)}/${user.id}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await add(tenants.manufacturerA.id, channelsA.beta.id, tenants.superToken, { user_id: user.id })).statusCode,
    ).toBe(403);
    expect((await remove(tenants.manufacturerA.id, channelsA.beta.id, user.id, tenants.superToken)).statusCode).toBe(
      403,
    );
    expect(await tableDigest(t.db, 'channel_memberships')).toBe(before);
  });
});
