import { readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CONSULTANTS } from './consultants.ts';

const teamDir = new URL('../../content/team/', import.meta.url);
const team = readdirSync(teamDir)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => load(readFileSync(new URL(file, teamDir), 'utf8')) as { name: string; role: string });

describe('consultants', () => {
  it('are the team members the site shows, with the same roles', () => {
    for (const key of ['product', 'architecture', 'cloud'] as const) {
      expect(team, key).toContainEqual(expect.objectContaining(CONSULTANTS[key]));
    }
  });
});
