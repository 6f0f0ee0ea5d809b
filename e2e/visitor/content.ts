/** The labels of a page of content/pages/ as its YAML holds them, for the visitor specs' expectations. */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';

/** `labels.<key>` of `content/pages/<id>.yaml`; a missing key fails the spec that needs it. */
export function pageLabels(id: string): (key: string) => string {
  const file = `content/pages/${id}.yaml`;
  const { labels } = yaml.load(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as {
    labels?: Record<string, string>;
  };
  return (key) => {
    const text = labels?.[key];
    if (text === undefined) throw new Error(`${file} no tiene labels.${key}`);
    return text;
  };
}
