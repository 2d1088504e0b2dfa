import type { FinderLocale } from '@homing/shared';
import { BaseModel } from './BaseModel';

export class FoundReport extends BaseModel {
  static override tableName = 'found_reports';

  id!: string;
  /** Null for a report about a label with no item (never attached, or its item deleted). */
  itemId!: string | null;
  /** The owner of the item or label: who is told, and whose lists show it. */
  ownerId!: string;
  qrCodeId!: string | null;
  finderName!: string;
  finderPhone!: string;
  finderEmail!: string;
  message!: string;
  latitude!: string | null;
  longitude!: string | null;
  address!: string | null;
  foundAt!: Date;
  reportMetadata!: Record<string, unknown> | null;
  /** Past the item's ceiling: stored and listed, but told to the owner in one digest. */
  held!: boolean;
  /** Who sent it: the signed-in viewer, and a hash of the address (lib/addressHash). */
  reporterId!: string | null;
  reporterAddressHash!: string | null;
  /** Who sent it, as an owner's block holds it (lib/senderKeys): the finder page's device, the contact given. */
  deviceHash!: string | null;
  emailHash!: string | null;
  phoneHash!: string | null;
  /** The finder page's language: what we send the finder is written in it. */
  finderLocale!: FinderLocale;
  /** Opened by a text to the instance's number: the finder is answered by text (`finderPhone`). */
  byText!: boolean;
  /** When the finder's e-mail address / number was confirmed (its link followed, or texting in). */
  finderEmailConfirmedAt!: Date | null;
  finderPhoneConfirmedAt!: Date | null;
  createdAt!: Date;
}
