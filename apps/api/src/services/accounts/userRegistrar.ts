import type { RegisterInput } from '@homing/shared';
import { UniqueViolationError } from 'objection';
import type { Ctx } from '../../ctx';
import { conflict } from '../../errors';
import { User } from '../../models/User';
import { hashPassword } from '../../lib/passwords';

/** A new account; an e-mail address or phone number already registered is refused (409). */
export async function userRegistrar(
  // `passwordHash`: hashed already, outside the caller's transaction (scrypt holds no connection).
  props: Omit<RegisterInput, 'timeZone'> & { isAdmin?: boolean; passwordHash?: string },
  { trx }: Pick<Ctx, 'trx'>,
) {
  const taken = await User.query(trx)
    .where((q) => {
      if (props.email) q.orWhere('email', props.email);
      if (props.phoneNumber) q.orWhere('phoneNumber', props.phoneNumber);
    })
    .first();
  if (taken) throw accountExists(props);
  try {
    return await User.query(trx).insertAndFetch({
      name: props.name,
      email: props.email,
      phoneNumber: props.phoneNumber,
      smsOptIn: props.smsOptIn,
      isAdmin: props.isAdmin ?? false,
      passwordHash: props.passwordHash ?? (await hashPassword(props.password)),
    });
  } catch (err) {
    // Two registrations racing past the check above: the unique index decides.
    if (err instanceof UniqueViolationError) throw accountExists(props);
    throw err;
  }
}

const accountExists = (props: Omit<RegisterInput, 'timeZone'>) =>
  conflict(
    'account_exists',
    props.email
      ? 'An account with this email address already exists. Please log in instead.'
      : 'An account with this phone number already exists. Please log in instead.',
  );
