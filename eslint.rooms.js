import { dirname, relative, resolve } from 'node:path';

/**
 * The API's rooms (docs/ARCHITECTURE.md): which folder of `apps/api/src` may import which. A room
 * not listed here (routes, middleware, cli, db, testing, the composition files) may import any.
 * `top` is the foundation files every room may use: config, ctx, errors, logger, metrics.
 */
const top = ['top'];
const foundations = ['lib', 'models', ...top];
const service = [...foundations, 'storage', 'policies', 'presenters', 'notifications', 'db'];
export const ROOMS = {
  lib: ['lib', 'db', ...top],
  models: ['models', 'lib', ...top],
  storage: ['storage', ...foundations],
  policies: ['policies', 'presenters', ...foundations],
  // Presenters turn rows into payloads: they name the services' row types, never call them.
  presenters: ['presenters', 'storage', ...foundations],
  notifications: ['notifications', 'storage', 'db', ...foundations],
  'services/accounts': [...service, 'services/accounts'],
  'services/labels': [...service, 'services/labels'],
  'services/finders': [...service, 'services/finders'],
  'services/items': [...service, 'services/items', 'services/labels', 'services/finders'],
};
/** Rooms that may name another room's types (an `import type`, gone at run time). */
const TYPE_IMPORTS_FROM_ANYWHERE = new Set(['presenters']);
const TOP_FILES = new Set(['config', 'ctx', 'errors', 'logger', 'metrics']);

const API = 'apps/api/src/';

/** The room of a path inside apps/api/src, or null for one outside it. */
export function roomOf(path) {
  if (!path.startsWith(API)) return null;
  const parts = path.slice(API.length).split('/');
  if (parts.length === 1) {
    const name = parts[0].replace(/\.tsx?$/, '');
    return TOP_FILES.has(name) ? 'top' : `file:${name}`;
  }
  if (parts[0] === 'services' && parts.length > 2) return `services/${parts[1]}`;
  return parts[0];
}

/** A rule's visitors for every way a module names another: import, re-export, dynamic import(). */
export const eachImport = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

export const apiRooms = {
  meta: { type: 'problem', schema: [], messages: { room: '{{what}}' } },
  create(context) {
    const root = context.cwd;
    const from = roomOf(relative(root, context.filename));
    const allowed = ROOMS[from];
    if (!allowed) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = roomOf(relative(root, resolve(dirname(context.filename), source)));
      if (!to || allowed.includes(to)) return;
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
      if (typeOnly && TYPE_IMPORTS_FROM_ANYWHERE.has(from)) return;
      context.report({
        node: node.source,
        messageId: 'room',
        data: { what: `${from} may not import ${to} (${source}); see ROOMS in eslint.rooms.js` },
      });
    };
    return eachImport(check);
  },
};
