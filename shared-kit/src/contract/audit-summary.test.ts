import { auditFieldChanges, fieldLabel, valueInWords } from './audit-summary';

describe('audit summaries', () => {
  it('names a deactivation with its reason on one line', () => {
    expect(
      auditFieldChanges(
        { disabled: false, disabled_reason: null },
        { disabled: true, disabled_reason: 'CancelledOrder' },
      ),
    ).toEqual([
      { field: 'disabled', before: false, after: true, summary: 'Deactivated: no → yes (reason CancelledOrder)' },
    ]);
  });

  it('reports a reactivation and the cleared reason as two changes', () => {
    expect(
      auditFieldChanges(
        { disabled: true, disabled_reason: 'DuplicateOrder' },
        { disabled: false, disabled_reason: null },
      ).map((change) => change.summary),
    ).toEqual(['Deactivated: yes → no', 'Deactivation reason: DuplicateOrder → none']);
  });

  it('lists a creation’s fields from none, and hides secrets and bookkeeping', () => {
    const changes = auditFieldChanges(null, {
      id: 4,
      name: 'Echo',
      private_key_encrypted: 'secret',
      updated_at: 'x',
      channels: ['Beta', 'Stable'],
      deprecated: false,
    });
    expect(changes.map((change) => change.summary)).toEqual([
      'Name: none → Echo',
      'Channels: none → Beta, Stable',
      'Deprecated: none → no',
    ]);
  });

  it('words values and labels for people', () => {
    expect(fieldLabel('plugin_name')).toBe('Plugin name');
    expect(fieldLabel('unlocks_wo_license')).toBe('Unlocks Without License');
    expect(valueInWords('')).toBe('none');
    expect(valueInWords({ a: 1 })).toBe('{"a":1}');
    expect(valueInWords('x'.repeat(500))).toHaveLength(120);
  });

  it('ignores unchanged fields and non-object values', () => {
    expect(auditFieldChanges({ name: 'A' }, { name: 'A' })).toEqual([]);
    expect(auditFieldChanges('text', 42)).toEqual([]);
  });
});
