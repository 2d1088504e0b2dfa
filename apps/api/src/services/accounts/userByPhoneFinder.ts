import type { Ctx } from '../../ctx';
import { User } from '../../models/User';

/** The account whose phone number this is, if any. */
export async function userByPhoneFinder(
  props: { phoneNumber: string },
  { trx }: Pick<Ctx<User | null>, 'trx'>,
) {
  return User.query(trx).findOne({ phoneNumber: props.phoneNumber });
}
