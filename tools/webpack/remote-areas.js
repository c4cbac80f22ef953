// Each remote declares its console area in its own package.json ("producthubArea": the title, who may open it, the
// first path segments under /Home it renders). The shell must know a path's remote before loading anything, so its
// build reads the declarations here (in shared-kit/src/remotes.json order) and compiles them in as
// PRODUCTHUB_REMOTE_AREAS; the unit tests get the same value (jest.config.js).
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '../..');
const remotes = require('../../shared-kit/src/remotes.json');

function remoteAreas() {
  return Object.entries(remotes).map(([remote, app]) => {
    const area = JSON.parse(readFileSync(path.join(root, app, 'package.json'), 'utf8')).producthubArea;
    const valid =
      area &&
      typeof area.title === 'string' &&
      [area.roles, area.segments].every((list) => Array.isArray(list) && list.length > 0);
    if (!valid)
      throw new Error(`${app}/package.json needs "producthubArea": { "title", "roles": [...], "segments": [...] }`);
    return { remote, title: area.title, roles: area.roles, segments: area.segments };
  });
}

module.exports = { remoteAreas };
