// Module resolution hook: `electron` (and `electron/main`) resolve to the stand-in.
const standIn = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier === 'electron/main') return { url: standIn, shortCircuit: true };
  return nextResolve(specifier, context);
}
