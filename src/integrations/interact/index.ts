/**
 * Registers `client:interact` (directive.ts): hydrate an island when the visitor first uses it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { InteractOptions } from './options.ts';

export function interactDirective(): AstroIntegration {
  return {
    name: 'angram:client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
    },
  };
}

declare global {
  // Astro's own augmentation point for typing a directive's value (`client:interact={{ near: '400px' }}`).
  // eslint-disable-next-line @typescript-eslint/no-namespace -- a global namespace can only be merged into this way
  namespace Astro {
    interface ClientDirectives {
      'client:interact'?: InteractOptions | boolean;
    }
  }
}
