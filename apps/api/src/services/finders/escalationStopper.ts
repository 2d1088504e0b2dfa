import type { Conn } from '../../ctx';

/**
 * The owner has opened the report: its escalation steps not yet sent are suppressed at once (the
 * worker also checks `owner_read_at` as it delivers one, for a step leased in the meantime).
 */
export async function escalationStopper(props: { foundReportId: string }, { trx }: { trx: Conn }) {
  await trx('notifications')
    .where({ foundReportId: props.foundReportId, status: 'pending' })
    .whereNotNull('escalationStep')
    .update({ status: 'suppressed', lastError: 'owner opened the report', lockedUntil: null });
}
