import type { PushDevice } from '@homing/shared';
import type { PushDeviceRow } from '../../services/accounts/pushDevices';

/** A device the owner gets pushes on: never its endpoint or keys. */
export const presentPushDevice = (d: PushDeviceRow): PushDevice => ({
  id: d.id,
  device: d.device,
  createdAt: new Date(d.createdAt).toISOString(),
  lastPushedAt: d.lastPushedAt ? new Date(d.lastPushedAt).toISOString() : null,
});
