import type { Db } from '../db/database';
import { hashPassword } from '../auth/password';
import { passwordWeakness } from '../auth/password-policy';
import { findSystemUserByEmail, insertSystemUser } from '../people/queries/system-users';
import { findManufacturer } from '../manufacturers/queries/manufacturers';
import { recordAudit } from '../audit/queries/audit-log';

export class AdminCommandError extends Error {}

export interface CreateUserInput {
  email: string;
  password: string;
  role: string;
  manufacturerId?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a system user after checking everything a person could get wrong; returns the new id. */
export async function createSystemUserCommand(db: Db, input: CreateUserInput): Promise<number> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw new AdminCommandError(`'${input.email}' is not a valid email address.`);
  if (input.role !== 'superuser' && input.role !== 'manufacturer') {
    throw new AdminCommandError(`--role must be 'superuser' or 'manufacturer', not '${input.role}'.`);
  }
  if (input.role === 'manufacturer' && input.manufacturerId === undefined)
    throw new AdminCommandError('--role manufacturer needs --manufacturer ID.');
  if (input.role === 'superuser' && input.manufacturerId !== undefined)
    throw new AdminCommandError('A superuser belongs to no manufacturer: leave out --manufacturer.');
  const weakness = passwordWeakness(input.password);
  if (weakness) throw new AdminCommandError(weakness);
  if (input.manufacturerId !== undefined && !(await findManufacturer(db, input.manufacturerId))) {
    throw new AdminCommandError(`There is no manufacturer with id ${input.manufacturerId}.`);
  }
  if (await findSystemUserByEmail(db, email))
    throw new AdminCommandError(`A system user with the email ${email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  const user = { email, accessLevel: input.role, manufacturerId: input.manufacturerId ?? null } as const;
  return db.transaction().execute(async (trx) => {
    const id = await insertSystemUser(trx, { ...user, passwordHash });
    // Audited like disable-user: an operator's command has no actor; the password is never recorded.
    await recordAudit(trx, null, {
      manufacturerId: user.manufacturerId,
      action: 'system_user.create',
      entityType: 'system_user',
      entityId: id,
      after: { email: user.email, access_level: user.accessLevel, manufacturer_id: user.manufacturerId },
    });
    return id;
  });
}
