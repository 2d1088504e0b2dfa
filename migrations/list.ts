import type { Knex } from 'knex';

/** What each migration file exports. */
export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration of this folder by file name, each loaded when knex runs it. Written out, not read
 * from the folder: the API's bundle (`npm run build`) carries exactly the migrations named here, so a
 * fresh data folder migrates with no source files beside it. `npm run db:make` adds each new one;
 * list.test.ts fails when this list and the folder's files differ.
 */
export const migrations: Readonly<Record<string, () => Promise<Migration>>> = {
  '20261122105629_accounts.ts': () => import('./20261122105629_accounts'),
  '20261122110230_codes_items.ts': () => import('./20261122110230_codes_items'),
  '20261122111413_notifications.ts': () => import('./20261122111413_notifications'),
  '20261122204334_foreign_key_indexes.ts': () => import('./20261122204334_foreign_key_indexes'),
  '20261122214545_retention.ts': () => import('./20261122214545_retention'),
  '20261122214943_rate_limits.ts': () => import('./20261122214943_rate_limits'),
  '20261122221135_voucher_abuse.ts': () => import('./20261122221135_voucher_abuse'),
  '20261125120644_verified_contacts.ts': () => import('./20261125120644_verified_contacts'),
  '20261125120735_owner_settings.ts': () => import('./20261125120735_owner_settings'),
  '20261125122201_threads.ts': () => import('./20261125122201_threads'),
  '20261125122752_lost_mode.ts': () => import('./20261125122752_lost_mode'),
  '20261125130315_escalation.ts': () => import('./20261125130315_escalation'),
  '20261125154919_finder_locale.ts': () => import('./20261125154919_finder_locale'),
  '20261126015506_rate_limits_unlogged.ts': () => import('./20261126015506_rate_limits_unlogged'),
  '20261126024738_scan_events_lead_index.ts': () => import('./20261126024738_scan_events_lead_index'),
  '20261126193423_found_reports_by_text.ts': () => import('./20261126193423_found_reports_by_text'),
  '20261126193500_quiet_held.ts': () => import('./20261126193500_quiet_held'),
  '20261126193501_web_push.ts': () => import('./20261126193501_web_push'),
  '20261126195800_scan_position.ts': () => import('./20261126195800_scan_position'),
  '20261126200149_contact_undo_tokens.ts': () => import('./20261126200149_contact_undo_tokens'),
  '20261126201044_assignment_scans.ts': () => import('./20261126201044_assignment_scans'),
  '20261126201126_print_presets.ts': () => import('./20261126201126_print_presets'),
  '20261126221028_finder_recipient_index.ts': () => import('./20261126221028_finder_recipient_index'),
  '20261126224824_gift_settings.ts': () => import('./20261126224824_gift_settings'),
  '20261126224827_block_finder_by_device_and_contact.ts': () =>
    import('./20261126224827_block_finder_by_device_and_contact'),
  '20261126225043_photo_deletions.ts': () => import('./20261126225043_photo_deletions'),
  '20261126230832_keyed_address_hashes.ts': () => import('./20261126230832_keyed_address_hashes'),
  '20261126234100_finder_contact_confirmation.ts': () =>
    import('./20261126234100_finder_contact_confirmation'),
  '20261202143610_inbound_texts.ts': () => import('./20261202143610_inbound_texts'),
  '20261202143611_contact_messages.ts': () => import('./20261202143611_contact_messages'),
  '20261202143612_sms_budget_indexes.ts': () => import('./20261202143612_sms_budget_indexes'),
  '20261202145000_print_presets_copies.ts': () => import('./20261202145000_print_presets_copies'),
};
