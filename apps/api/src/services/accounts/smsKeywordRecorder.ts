import type { TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { inboundKeyword, type InboundSms } from '../../notifications/sms';

/**
 * A text someone sent to our number: STOP (and its synonyms) opts the number out of every SMS
 * (the worker checks `sms_opt_outs` before each send) and turns off the SMS opt-in of the account
 * that has it; START lifts the opt-out (the account's opt-in stays off until its owner sets it).
 */
export async function smsKeywordRecorder(props: InboundSms, { trx }: TrxCtx<User | null>) {
  const keyword = inboundKeyword(props.text);
  if (keyword === 'stop') {
    await trx('smsOptOuts').insert({ phoneNumber: props.from }).onConflict('phoneNumber').ignore();
    await User.query(trx).patch({ smsOptIn: false }).where({ phoneNumber: props.from });
  } else if (keyword === 'start') {
    await trx('smsOptOuts').where({ phoneNumber: props.from }).delete();
  }
  return { keyword };
}
