import type { SessionUser } from '@homing/shared';
import type { User } from '../../models/User';

export const presentUser = (user: User): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phoneNumber: user.phoneNumber,
  isAdmin: user.isAdmin,
  createdAt: new Date(user.createdAt).toISOString(),
});
