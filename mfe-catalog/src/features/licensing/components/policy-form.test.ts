import { PLAIN_POLICY } from 'shared-kit/contract';
import { contractErrors } from 'shared-kit/forms';
import { NEW_POLICY_FORM, policyFormContract, toPolicyBody, type PolicyFormValues } from './policy-form';

const errorsOf = (values: PolicyFormValues) => contractErrors(policyFormContract, values);

describe('the policy form', () => {
  it('sends today’s meaning for a new policy, and only the fields the choices use', () => {
    expect(toPolicyBody(NEW_POLICY_FORM)).toEqual(PLAIN_POLICY);
    expect(
      toPolicyBody({
        ...NEW_POLICY_FORM,
        model: 'floating',
        seats: '5',
        max_borrow_days: '7',
        term: 'time-limited',
        duration_days: '365',
        grace_days: '14',
        maintenance: 'activation',
        edition_id: '3',
      }),
    ).toEqual({
      model: 'floating',
      seats: 5,
      lease_minutes: 15,
      max_borrow_days: 7,
      term: 'time-limited',
      duration_days: 365,
      grace_days: 14,
      maintenance_months: 12,
      maintenance_from: 'activation',
      edition_id: 3,
    });
  });

  it('says what the server would refuse, in the console’s words', async () => {
    expect(await errorsOf(NEW_POLICY_FORM)).toEqual({});
    expect(await errorsOf({ ...NEW_POLICY_FORM, model: 'floating' })).toEqual({
      seats: 'A floating policy needs seats.',
    });
    expect(
      await errorsOf({ ...NEW_POLICY_FORM, term: 'time-limited', duration_days: '0', grace_days: 'x' }),
    ).toMatchObject({
      duration_days: 'Duration must be a whole number of days from 1 to 3660.',
    });
  });
});
