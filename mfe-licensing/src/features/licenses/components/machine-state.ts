import { formatDate, type LicenseMachine } from 'shared-kit';

const DEACTIVATED_BY = { client: 'customer', staff: 'staff' } as const;

/** "Active", or who deactivated the machine and when: "Deactivated (by customer) on <date>". */
export function machineState(machine: LicenseMachine): string {
  if (machine.deactivated_at === null) return 'Active';
  const by = machine.deactivated_by ? ` (by ${DEACTIVATED_BY[machine.deactivated_by]})` : '';
  return `Deactivated${by} on ${formatDate(machine.deactivated_at)}`;
}
