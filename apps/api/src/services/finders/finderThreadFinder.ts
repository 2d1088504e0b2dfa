import { THREAD_MESSAGES } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { threadTokenHash } from './threadLinkMinter';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A finder's link stops opening the conversation this long after its last message (or the report). */
export const THREAD_LINK_IDLE_DAYS = 90;

/**
 * The conversation a finder's token opens, or 404: a malformed, wrong, revoked or expired token
 * (THREAD_LINK_IDLE_DAYS after the conversation's last message) answers exactly as an unknown one
 * does (the look-up is rate-limited per address by the route).
 */
export async function finderThreadFinder(props: { token: string }, { trx }: Pick<Ctx, 'trx'>) {
  const row: { foundReportId: string; confirmsContact: 'email' | 'sms' | null } | undefined = TOKEN.test(
    props.token,
  )
    ? await trx('threadLinks')
        .join('foundReports', 'foundReports.id', 'threadLinks.foundReportId')
        .where('threadLinks.tokenHash', threadTokenHash(props.token))
        .whereRaw(
          `greatest(found_reports.created_at, coalesce((SELECT max(m.created_at) FROM thread_messages m
             WHERE m.found_report_id = found_reports.id), found_reports.created_at))
           > now() - make_interval(days => ?)`,
          [THREAD_LINK_IDLE_DAYS],
        )
        .first('threadLinks.foundReportId', 'threadLinks.confirmsContact')
    : undefined;
  if (!row) throw notFound(THREAD_MESSAGES.notFound);
  // The link sent to the finder's contact was followed: the contact is theirs (PRODUCT.md, Privacy).
  if (row.confirmsContact)
    await trx('foundReports')
      .where({ id: row.foundReportId })
      .whereNull(row.confirmsContact === 'email' ? 'finderEmailConfirmedAt' : 'finderPhoneConfirmedAt')
      .update(
        row.confirmsContact === 'email'
          ? { finderEmailConfirmedAt: trx.fn.now() }
          : { finderPhoneConfirmedAt: trx.fn.now() },
      );
  return { foundReportId: row.foundReportId };
}
