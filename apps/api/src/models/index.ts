export { User } from './User';
export { Session } from './Session';
export { ItemType } from './ItemType';
